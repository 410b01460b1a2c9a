// The HubSpot CRM over plain fetch: CRM v3 objects (batch read, batch upsert, search, create) and
// v4 default associations. Every answer is read through a zod schema of the fields used.
import {
  CRM_FAILURES,
  crmActivitySchema,
  crmClient,
  crmCompanySchema,
  crmContactSchema,
  crmFailure,
  crmRefreshFailure,
  type CrmAuth,
  type CrmClient,
  type CrmErrorReading,
  type CrmExclusion,
  type CrmTokens,
  type CrmWrite,
  type PluginDeps,
} from '@meetflow/plugin-sdk';
import { refreshTokens } from '@meetflow/plugin-sdk/oauth';
import { z } from 'zod';
import type { HubSpotAccount, HubSpotConfig } from './manifest.ts';

type Company = z.output<typeof crmCompanySchema>;
type Contact = z.output<typeof crmContactSchema>;
type Activity = z.output<typeof crmActivitySchema>;

const objectSchema = z.object({
  id: z.string(),
  properties: z.record(z.string(), z.string().nullable()),
  new: z.boolean().optional(),
});
type HubSpotObject = z.output<typeof objectSchema>;
const batchSchema = z.object({ results: z.array(objectSchema) });
const searchSchema = z.object({
  total: z.number(),
  results: z.array(objectSchema),
  paging: z.object({ next: z.object({ after: z.string() }).optional() }).optional(),
});

/** Email → contact and meeting → contact, HubSpot-defined association types. */
const ASSOCIATION_TO_CONTACT = { email: 198, meeting: 200 } as const;

/**
 * Meetflow's stage as HubSpot's default contact property "Lead status" (hs_lead_status, one of its
 * built-in options, so no custom property is needed): qualified is Open (ready to be worked),
 * disqualified is Unqualified. Written only while empty, like every field a user may edit.
 */
const LEAD_STATUS = { qualified: 'OPEN', disqualified: 'UNQUALIFIED' } as const;

/** What HubSpot's error body says: its message, and the field (`errors[].in`, or the property a validation message names). */
export function readHubSpotError(body: unknown): CrmErrorReading {
  const parsed = z
    .object({ message: z.string().optional(), errors: z.array(z.object({ in: z.string().optional() })).optional() })
    .safeParse(body);
  if (!parsed.success) return {};
  const { message, errors } = parsed.data;
  const field =
    errors?.find((error) => error.in)?.in ?? /"name":"([^"]+)"/.exec(message ?? '')?.[1] ?? /Property "([^"]+)"/.exec(message ?? '')?.[1];
  return { ...(message ? { message } : {}), ...(field ? { field } : {}) };
}

const parseOr = <T>(schema: z.ZodType<T>, body: unknown, doing: string): T => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw crmFailure(CRM_FAILURES.unavailable, `${doing}: HubSpot answered something unreadable`);
  return parsed.data;
};

/** "" and null are empty: the only HubSpot values Meetflow may fill (the CRM wins for anything a user entered). */
const isEmpty = (value: string | null | undefined) => value === undefined || value === null || value === '';

/** The properties to write: each of Meetflow's values where HubSpot's is empty; `always` (Meetflow's own) every time. */
function fillEmpty(existing: HubSpotObject | undefined, ours: Record<string, string | null>, always: Record<string, string>) {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(ours)) {
    if (value !== null && isEmpty(existing?.properties[key])) properties[key] = value;
  }
  return { ...properties, ...always };
}

function splitName(name: string): { firstname: string; lastname: string | null } {
  const [first = name, ...rest] = name.split(/\s+/);
  return { firstname: first, lastname: rest.length ? rest.join(' ') : null };
}

/** The activities, over one account's client each call. */
export function hubSpotActivities(deps: PluginDeps<HubSpotConfig>) {
  const { config, clock } = deps;
  const base = config.baseUrl.replace(/\/$/, '');
  const settings = {
    provider: 'HubSpot',
    clock,
    timeoutMs: config.timeoutSeconds * 1000,
    attempts: config.attempts,
    maxRetryAfterSeconds: config.maxRetryAfterSeconds,
    readError: readHubSpotError,
  };

  function clientOf(account: HubSpotAccount): CrmClient {
    if (account.privateAppToken)
      return crmClient(settings, { kind: 'token', headers: { authorization: `Bearer ${account.privateAppToken}` } });
    const oauth: CrmAuth = {
      kind: 'oauth',
      tokens: account.oauth as CrmTokens,
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
            },
            tokens,
            { now: () => clock.now(), timeoutMs: config.timeoutSeconds * 1000 },
          );
        } catch (error) {
          throw crmRefreshFailure(error, 'HubSpot');
        }
      },
    };
    return crmClient(settings, oauth);
  }

  const P = config.idProperty;

  /** The records of `type` whose `idProperty` is one of `ids`, by that value (a batch read; missing ones are left out). */
  async function readBy(client: CrmClient, type: string, idProperty: string, ids: string[], properties: string[], doing: string) {
    const { body } = await client.request(
      {
        method: 'POST',
        url: `${base}/crm/v3/objects/${type}/batch/read`,
        body: { idProperty, inputs: ids.map((id) => ({ id })), properties: [idProperty, ...properties] },
        doing,
        idempotent: true,
      },
      [207],
    );
    const found = new Map<string, HubSpotObject>();
    for (const record of parseOr(batchSchema, body, doing).results) {
      const key = record.properties[idProperty];
      if (key) found.set(key.toLowerCase(), record);
    }
    return found;
  }

  /** One batch upsert; the writes in the order of `keys`. */
  async function upsert(
    client: CrmClient,
    type: string,
    idProperty: string,
    inputs: Array<{ key: string; externalId: string; properties: Record<string, string>; existing: HubSpotObject | undefined }>,
    doing: string,
  ): Promise<CrmWrite[]> {
    const changed = inputs.filter((input) => !input.existing || Object.keys(input.properties).length > 0);
    const written = new Map<string, HubSpotObject>();
    if (changed.length > 0) {
      const { body } = await client.request({
        method: 'POST',
        url: `${base}/crm/v3/objects/${type}/batch/upsert`,
        body: { inputs: changed.map(({ key, properties }) => ({ idProperty, id: key, properties })) },
        doing,
        idempotent: true,
      });
      for (const record of parseOr(batchSchema, body, doing).results) {
        const key = record.properties[idProperty];
        if (key) written.set(key.toLowerCase(), record);
      }
    }
    return inputs.map(({ key, externalId, existing }) => {
      const record = written.get(key.toLowerCase()) ?? existing;
      if (!record) throw crmFailure(CRM_FAILURES.unavailable, `${doing}: HubSpot's answer left out ${externalId}`);
      return { externalId, crmId: record.id, created: record.new === true && !existing };
    });
  }

  async function upsertCompanies(account: HubSpotAccount, companies: Company[]) {
    const doing = 'upserting companies';
    const client = clientOf(account);
    const existing = await readBy(
      client,
      'companies',
      P,
      companies.map((company) => company.externalId),
      ['name', 'domain', 'industry', 'numberofemployees'],
      doing,
    );
    const results = await upsert(
      client,
      'companies',
      P,
      companies.map((company) => {
        const found = existing.get(company.externalId.toLowerCase());
        return {
          key: company.externalId,
          externalId: company.externalId,
          existing: found,
          properties: fillEmpty(
            found,
            { name: company.name, domain: company.domain, numberofemployees: company.employees?.toString() ?? null },
            {},
          ),
        };
      }),
      doing,
    );
    return { results, refreshedTokens: client.refreshedTokens() };
  }

  async function upsertContacts(account: HubSpotAccount, contacts: Contact[]) {
    const doing = 'upserting contacts';
    const client = clientOf(account);
    const existing = await readBy(
      client,
      'contacts',
      'email',
      contacts.map((contact) => contact.email),
      ['firstname', 'lastname', 'jobtitle', 'hs_lead_status', P],
      doing,
    );
    const results = await upsert(
      client,
      'contacts',
      'email',
      contacts.map((contact) => {
        const found = existing.get(contact.email);
        const { firstname, lastname } = splitName(contact.name);
        return {
          key: contact.email,
          externalId: contact.externalId,
          existing: found,
          properties: fillEmpty(
            found,
            { firstname, lastname, jobtitle: contact.title, hs_lead_status: contact.stage ? LEAD_STATUS[contact.stage] : null },
            found?.properties[P] === contact.externalId ? {} : { [P]: contact.externalId },
          ),
        };
      }),
      doing,
    );
    const companyIds = [...new Set(contacts.map((contact) => contact.companyExternalId).filter((id): id is string => id !== null))];
    if (companyIds.length > 0) {
      const companies = await readBy(client, 'companies', P, companyIds, [], 'associating contacts with their companies');
      const inputs = contacts.flatMap((contact, index) => {
        if (contact.companyExternalId === null) return [];
        const company = companies.get(contact.companyExternalId.toLowerCase());
        if (!company)
          throw crmFailure(
            CRM_FAILURES.refused,
            `associating contacts: the company ${contact.companyExternalId} is not in HubSpot; upsert it first`,
          );
        return [{ from: { id: results[index]!.crmId }, to: { id: company.id } }];
      });
      await client.request({
        method: 'POST',
        url: `${base}/crm/v4/associations/contacts/companies/batch/associate/default`,
        body: { inputs },
        doing: 'associating contacts with their companies',
        idempotent: true,
      });
    }
    return { results, refreshedTokens: client.refreshedTokens() };
  }

  async function logActivity(account: HubSpotAccount, activity: Activity) {
    const type = activity.kind === 'email' ? 'emails' : 'meetings';
    const doing = `logging the ${activity.kind}`;
    const client = clientOf(account);
    const search = await client.request({
      method: 'POST',
      url: `${base}/crm/v3/objects/${type}/search`,
      body: { filterGroups: [{ filters: [{ propertyName: P, operator: 'EQ', value: activity.externalId }] }], properties: [P], limit: 1 },
      doing,
      idempotent: true,
    });
    const [logged] = parseOr(searchSchema, search.body, doing).results;
    if (logged) return { externalId: activity.externalId, crmId: logged.id, created: false, refreshedTokens: client.refreshedTokens() };
    const contact = await client.request(
      {
        method: 'GET',
        url: `${base}/crm/v3/objects/contacts/${encodeURIComponent(activity.contactEmail)}?idProperty=email`,
        doing,
        idempotent: true,
      },
      [404],
    );
    if (contact.status === 404)
      throw crmFailure(CRM_FAILURES.refused, `${doing}: the contact ${activity.contactExternalId} is not in HubSpot; upsert it first`, {
        status: 404,
      });
    const contactId = parseOr(objectSchema, contact.body, doing).id;
    const at = activity.at;
    const properties =
      activity.kind === 'email'
        ? {
            hs_timestamp: at,
            hs_email_subject: activity.subject,
            hs_email_text: activity.body,
            hs_email_direction: activity.direction === 'incoming' ? 'INCOMING_EMAIL' : 'EMAIL',
            hs_email_status: 'SENT',
            [P]: activity.externalId,
          }
        : {
            hs_timestamp: at,
            hs_meeting_title: activity.subject,
            hs_meeting_body: activity.body,
            hs_meeting_start_time: at,
            hs_meeting_end_time: activity.endAt ?? new Date(Date.parse(at) + 3_600_000).toISOString(),
            hs_meeting_outcome: 'SCHEDULED',
            [P]: activity.externalId,
          };
    // A create is not idempotent: a 5xx or timeout fails at once, and the retry searches first.
    const created = await client.request({
      method: 'POST',
      url: `${base}/crm/v3/objects/${type}`,
      body: {
        properties,
        associations: [
          {
            to: { id: contactId },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: ASSOCIATION_TO_CONTACT[activity.kind] }],
          },
        ],
      },
      doing,
      idempotent: false,
    });
    return {
      externalId: activity.externalId,
      crmId: parseOr(objectSchema, created.body, doing).id,
      created: true,
      refreshedTokens: client.refreshedTokens(),
    };
  }

  /** Cursor: "companies:<after>" (customers and companies with open deals), then "contacts:<after>" (customer contacts). */
  async function listExclusions(account: HubSpotAccount, cursor: string | null) {
    const doing = 'reading customers and open deals';
    const match = /^(companies|contacts):(\d*)$/.exec(cursor ?? 'companies:');
    if (!match) throw crmFailure(CRM_FAILURES.invalid, `${doing}: the cursor is not one this plugin gave`, { field: 'cursor' });
    const phase = match[1] as 'companies' | 'contacts';
    const after = match[2] || undefined;
    const client = clientOf(account);
    const filterGroups =
      phase === 'companies'
        ? [
            { filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'customer' }] },
            { filters: [{ propertyName: 'hs_num_open_deals', operator: 'GT', value: '0' }] },
          ]
        : [{ filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'customer' }] }];
    const properties =
      phase === 'companies' ? ['name', 'domain', 'lifecyclestage', 'hs_num_open_deals'] : ['email', 'firstname', 'lastname'];
    const { body } = await client.request({
      method: 'POST',
      url: `${base}/crm/v3/objects/${phase}/search`,
      body: {
        filterGroups,
        properties,
        sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
        limit: config.pageSize,
        ...(after ? { after } : {}),
      },
      doing,
      idempotent: true,
    });
    const page = parseOr(searchSchema, body, doing);
    const exclusions: CrmExclusion[] = page.results.map((record) => {
      const p = record.properties;
      if (phase === 'companies')
        return {
          reason: p.lifecyclestage === 'customer' ? 'customer' : 'open-deal',
          domain: p.domain ? p.domain.toLowerCase() : null,
          email: null,
          name: p.name ?? '',
          crmId: record.id,
        };
      return {
        reason: 'customer',
        domain: null,
        email: p.email ? p.email.toLowerCase() : null,
        name: [p.firstname, p.lastname].filter(Boolean).join(' '),
        crmId: record.id,
      };
    });
    const next = page.paging?.next?.after;
    const nextCursor = next ? `${phase}:${next}` : phase === 'companies' ? 'contacts:' : null;
    return { exclusions, nextCursor, refreshedTokens: client.refreshedTokens() };
  }

  return { upsertCompanies, upsertContacts, logActivity, listExclusions };
}
