// Salesforce's REST API over plain fetch: sObject Collections upserts by an External ID field,
// sObject Rows by External ID (read, upsert), and SOQL queries paged by nextRecordsUrl.
import {
  CRM_FAILURES,
  crmActivitySchema,
  crmClient,
  crmCompanySchema,
  crmContactSchema,
  crmFailure,
  crmRefreshFailure,
  domainOf,
  type CrmClient,
  type CrmErrorReading,
  type CrmExclusion,
  type CrmWrite,
  type PluginDeps,
} from '@meetflow/plugin-sdk';
import { refreshTokens } from '@meetflow/plugin-sdk/oauth';
import { z } from 'zod';
import type { SalesforceConfig, salesforceAccountSchema } from './manifest.ts';

type Company = z.output<typeof crmCompanySchema>;
type Contact = z.output<typeof crmContactSchema>;
type Activity = z.output<typeof crmActivitySchema>;
type Account = z.output<typeof salesforceAccountSchema>;

const recordSchema = z.looseObject({ Id: z.string() });
type SalesforceRecord = z.output<typeof recordSchema>;
const querySchema = z.object({
  totalSize: z.number(),
  done: z.boolean(),
  records: z.array(recordSchema),
  nextRecordsUrl: z.string().optional(),
});
const saveResultSchema = z.object({
  id: z.string().nullable().optional(),
  success: z.boolean(),
  created: z.boolean().optional(),
  errors: z.array(z.object({ statusCode: z.string().optional(), message: z.string(), fields: z.array(z.string()).optional() })),
});

const errorSchema = z.array(
  z.object({ message: z.string().optional(), errorCode: z.string().optional(), fields: z.array(z.string()).optional() }),
);

/** What Salesforce's error body says (a list of { message, errorCode, fields }); REQUEST_LIMIT_EXCEEDED (a 403) is a limit, not a refusal. */
export function readSalesforceError(body: unknown): CrmErrorReading {
  const parsed = errorSchema.safeParse(body);
  const first = parsed.success ? parsed.data[0] : undefined;
  if (!first) return {};
  const message = first.message ?? first.errorCode;
  const field =
    first.fields?.[0] ?? /column '([\w.]+)'/.exec(message ?? '')?.[1] ?? /field does not exist[^:]*: ([\w.]+)/.exec(message ?? '')?.[1];
  return {
    ...(message ? { message } : {}),
    ...(field ? { field } : {}),
    ...(first.errorCode === 'REQUEST_LIMIT_EXCEEDED' ? { rateLimited: true } : {}),
  };
}

const parseOr = <T>(schema: z.ZodType<T>, body: unknown, doing: string): T => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw crmFailure(CRM_FAILURES.unavailable, `${doing}: Salesforce answered something unreadable`);
  return parsed.data;
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
/** A SOQL string literal. */
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function splitName(name: string): { FirstName: string | null; LastName: string } {
  const parts = name.split(/\s+/);
  return parts.length > 1 ? { FirstName: parts.slice(0, -1).join(' '), LastName: parts.at(-1)! } : { FirstName: null, LastName: name };
}

/** Meetflow's values for fields Salesforce holds empty (the CRM wins for anything a user entered). */
function fillEmpty(existing: SalesforceRecord | undefined, ours: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(ours).filter(([key, value]) => value !== null && isEmpty(existing?.[key])));
}

/** The activities, over one account's client each call. */
export function salesforceActivities(deps: PluginDeps<SalesforceConfig>) {
  const { config, clock } = deps;
  const allowedInstance = new RegExp(config.instanceUrlPattern);
  const X = config.externalIdField;
  const settings = {
    provider: 'Salesforce',
    clock,
    timeoutMs: config.timeoutSeconds * 1000,
    attempts: config.attempts,
    maxRetryAfterSeconds: config.maxRetryAfterSeconds,
    readError: readSalesforceError,
  };

  function connect(account: Account): { client: CrmClient; api: string; instance: string } {
    const instance = account.instanceUrl.replace(/\/$/, '');
    if (!allowedInstance.test(instance))
      throw crmFailure(CRM_FAILURES.invalid, 'the instance URL is not a Salesforce address', { field: 'instanceUrl' });
    const client = crmClient(settings, {
      kind: 'oauth',
      tokens: account.oauth,
      headers: (accessToken) => ({ authorization: `Bearer ${accessToken}` }),
      refresh: async (tokens) => {
        try {
          return await refreshTokens(
            {
              authorizationEndpoint: config.oauthAuthorizeUrl,
              tokenEndpoint: config.oauthTokenUrl,
              clientId: config.clientId,
              clientSecret: config.clientSecret,
              scopes: [],
              defaultLifetimeSeconds: config.sessionSeconds,
            },
            tokens,
            { now: () => clock.now(), timeoutMs: config.timeoutSeconds * 1000 },
          );
        } catch (error) {
          throw crmRefreshFailure(error, 'Salesforce');
        }
      },
    });
    return { client, api: `${instance}/services/data/${config.apiVersion}`, instance };
  }

  async function query(client: CrmClient, api: string, soql: string, doing: string) {
    const { body } = await client.request({ method: 'GET', url: `${api}/query?q=${encodeURIComponent(soql)}`, doing, idempotent: true });
    return parseOr(querySchema, body, doing);
  }

  /** One sObject Collections upsert (allOrNone false): a record Salesforce refused fails the call, naming its field. */
  async function upsertCollection(
    client: CrmClient,
    api: string,
    type: 'Account' | 'Contact',
    records: Array<Record<string, unknown>>,
    doing: string,
  ) {
    const { body } = await client.request({
      method: 'PATCH',
      url: `${api}/composite/sobjects/${type}/${X}`,
      body: { allOrNone: false, records: records.map((record) => ({ attributes: { type }, ...record })) },
      doing,
      idempotent: true,
    });
    const results = parseOr(z.array(saveResultSchema), body, doing);
    const refused = results.find((result) => !result.success);
    if (refused) {
      const [first] = refused.errors;
      const field = first?.fields?.[0];
      throw crmFailure(
        CRM_FAILURES.invalid,
        `${doing}: Salesforce refused ${field ? `the field "${field}"` : 'a record'}${first ? `: ${first.message.slice(0, 200)}` : ''}`,
        field ? { field } : {},
      );
    }
    return results;
  }

  async function upsertCompanies(account: Account, companies: Company[]) {
    const doing = 'upserting companies';
    const { client, api } = connect(account);
    const ids = companies.map((company) => literal(company.externalId)).join(', ');
    const existing = await query(
      client,
      api,
      `SELECT Id, ${X}, Name, Website, NumberOfEmployees, Industry FROM Account WHERE ${X} IN (${ids})`,
      doing,
    );
    const byId = new Map(existing.records.map((record) => [String(record[X]), record]));
    const records = companies.map((company) => {
      const found = byId.get(company.externalId);
      return {
        [X]: company.externalId,
        ...fillEmpty(found, {
          Name: company.name,
          Website: company.domain,
          NumberOfEmployees: company.employees,
          Industry: company.industry,
        }),
      };
    });
    const results = await upsertCollection(client, api, 'Account', records, doing);
    const writes: CrmWrite[] = companies.map((company, index) => ({
      externalId: company.externalId,
      crmId: results[index]?.id ?? byId.get(company.externalId)?.Id ?? '',
      created: results[index]?.created === true,
    }));
    return { results: writes, refreshedTokens: client.refreshedTokens() };
  }

  async function upsertContacts(account: Account, contacts: Contact[]) {
    const doing = 'upserting contacts';
    const { client, api } = connect(account);
    const ids = contacts.map((contact) => literal(contact.externalId)).join(', ');
    const emails = contacts.map((contact) => literal(contact.email)).join(', ');
    const existing = await query(
      client,
      api,
      `SELECT Id, ${X}, Email, FirstName, LastName, Title, Description, AccountId FROM Contact WHERE ${X} IN (${ids}) OR Email IN (${emails})`,
      doing,
    );
    const records = [];
    for (const contact of contacts) {
      let found = existing.records.find((record) => record[X] === contact.externalId);
      const sameEmail = existing.records.find((record) => isEmpty(record[X]) && String(record.Email ?? '').toLowerCase() === contact.email);
      if (!found && sameEmail) {
        // A Contact a user made with this email: claim it (set our id) rather than make a second one.
        await client.request({
          method: 'PATCH',
          url: `${api}/sobjects/Contact/${sameEmail.Id}`,
          body: { [X]: contact.externalId },
          doing,
          idempotent: true,
        });
        found = sameEmail;
      }
      records.push({
        [X]: contact.externalId,
        ...fillEmpty(found, {
          ...splitName(contact.name),
          Email: contact.email,
          Title: contact.title,
          // A Contact has no status field (Lead Status is the Lead's) and Lead Source is where it came
          // from, not how it scored: the stage goes in the Description, while it is empty.
          Description: contact.stage ? `Meetflow lead scoring: ${contact.stage}` : null,
        }),
        ...(contact.companyExternalId !== null && isEmpty(found?.AccountId) ? { Account: { [X]: contact.companyExternalId } } : {}),
      });
    }
    const results = await upsertCollection(client, api, 'Contact', records, doing);
    const writes: CrmWrite[] = contacts.map((contact, index) => ({
      externalId: contact.externalId,
      crmId: results[index]?.id ?? '',
      created: results[index]?.created === true,
    }));
    return { results: writes, refreshedTokens: client.refreshedTokens() };
  }

  async function logActivity(account: Account, activity: Activity) {
    const type = activity.kind === 'email' ? 'Task' : 'Event';
    const doing = `logging the ${activity.kind}`;
    const { client, api } = connect(account);
    const path = `${api}/sobjects/${type}/${X}/${encodeURIComponent(activity.externalId)}`;
    const logged = await client.request({ method: 'GET', url: `${path}?fields=Id`, doing, idempotent: true }, [404]);
    if (logged.status !== 404)
      return {
        externalId: activity.externalId,
        crmId: parseOr(recordSchema, logged.body, doing).Id,
        created: false,
        refreshedTokens: client.refreshedTokens(),
      };
    const contact = await client.request(
      {
        method: 'GET',
        url: `${api}/sobjects/Contact/${X}/${encodeURIComponent(activity.contactExternalId)}?fields=Id,AccountId`,
        doing,
        idempotent: true,
      },
      [404],
    );
    if (contact.status === 404)
      throw crmFailure(CRM_FAILURES.refused, `${doing}: the contact ${activity.contactExternalId} is not in Salesforce; upsert it first`, {
        status: 404,
      });
    const whoId = parseOr(recordSchema, contact.body, doing).Id;
    const start = new Date(activity.at);
    const end = activity.endAt ? new Date(activity.endAt) : new Date(start.getTime() + 3_600_000);
    const fields =
      activity.kind === 'email'
        ? {
            Subject: `Email: ${activity.subject}`,
            Description: activity.body,
            ActivityDate: activity.at.slice(0, 10),
            Status: 'Completed',
            TaskSubtype: 'Email',
            WhoId: whoId,
          }
        : {
            Subject: activity.subject,
            Description: activity.body,
            StartDateTime: start.toISOString(),
            EndDateTime: end.toISOString(),
            WhoId: whoId,
          };
    // An upsert by external id: sending it twice writes one record, so a lost answer is tried again here.
    const { body } = await client.request({ method: 'PATCH', url: path, body: fields, doing, idempotent: true });
    const saved = parseOr(saveResultSchema, body, doing);
    return {
      externalId: activity.externalId,
      crmId: saved.id ?? '',
      created: saved.created === true,
      refreshedTokens: client.refreshedTokens(),
    };
  }

  const SOQL = {
    customers: "SELECT Id, Name, Website FROM Account WHERE Type = 'Customer' ORDER BY Id",
    deals: 'SELECT Id, Name, Account.Name, Account.Website FROM Opportunity WHERE IsClosed = false ORDER BY Id',
  };

  /** Cursor: "customers:" then "deals:", each followed by Salesforce's nextRecordsUrl while a query has more. */
  async function listExclusions(account: Account, cursor: string | null) {
    const doing = 'reading customers and open deals';
    const match = /^(customers|deals):(\/services\/data\/v[\d.]+\/query\/[\w-]+)?$/.exec(cursor ?? 'customers:');
    if (!match) throw crmFailure(CRM_FAILURES.invalid, `${doing}: the cursor is not one this plugin gave`, { field: 'cursor' });
    const phase = match[1] as 'customers' | 'deals';
    const { client, api, instance } = connect(account);
    const page = match[2]
      ? parseOr(querySchema, (await client.request({ method: 'GET', url: `${instance}${match[2]}`, doing, idempotent: true })).body, doing)
      : await query(client, api, SOQL[phase], doing);
    const exclusions: CrmExclusion[] = page.records.map((record) => {
      if (phase === 'customers')
        return {
          reason: 'customer',
          domain: domainOf(record.Website as string | null),
          email: null,
          name: String(record.Name ?? ''),
          crmId: record.Id,
        };
      const owner = (record.Account ?? null) as { Name?: string; Website?: string | null } | null;
      return {
        reason: 'open-deal',
        domain: domainOf(owner?.Website),
        email: null,
        name: owner?.Name ?? String(record.Name ?? ''),
        crmId: record.Id,
      };
    });
    const nextCursor = page.nextRecordsUrl ? `${phase}:${page.nextRecordsUrl}` : phase === 'customers' ? 'deals:' : null;
    return { exclusions, nextCursor, refreshedTokens: client.refreshedTokens() };
  }

  return { upsertCompanies, upsertContacts, logActivity, listExclusions };
}
