// Pipedrive's API v2 over plain fetch: organizations, persons, activities and deals. Pipedrive has
// no upsert and no batch write, so each write looks its record up first (by Meetflow's id in an
// organization custom field, by email, by the marker in an activity's note) and creates it only
// when there is none: a create whose answer was lost is found by the retry, not made twice.
import {
  CRM_FAILURES,
  crmActivitySchema,
  crmClient,
  crmCompanySchema,
  crmContactSchema,
  crmFailure,
  crmRefreshFailure,
  type CrmClient,
  type CrmErrorReading,
  type CrmExclusion,
  type CrmTokens,
  type CrmWrite,
  type PluginDeps,
} from '@meetflow/plugin-sdk';
import { refreshTokens } from '@meetflow/plugin-sdk/oauth';
import { z } from 'zod';
import type { PipedriveConfig, pipedriveAccountSchema } from './manifest.ts';

type Company = z.output<typeof crmCompanySchema>;
type Contact = z.output<typeof crmContactSchema>;
type Activity = z.output<typeof crmActivitySchema>;
type Account = z.output<typeof pipedriveAccountSchema>;

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    data,
    additional_data: z.object({ next_cursor: z.string().nullable().optional() }).nullable().optional(),
  });
const organizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  custom_fields: z.record(z.string(), z.unknown()).nullable().optional(),
});
const personSchema = z.object({
  id: z.number(),
  name: z.string(),
  emails: z
    .array(z.object({ value: z.string(), primary: z.boolean().optional() }))
    .nullable()
    .optional(),
  org_id: z.number().nullable().optional(),
  job_title: z.string().nullable().optional(),
  label_ids: z.array(z.number()).nullable().optional(),
});
const activitySchema = z.object({ id: z.number(), note: z.string().nullable().optional() });
const dealSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  person_id: z.number().nullable().optional(),
  org_id: z.number().nullable().optional(),
});
/** A person field as API v2 lists it (`GET /api/v2/personFields`): its code and, for an options field, its options. */
const personFieldSchema = z.object({
  field_code: z.string(),
  options: z
    .array(z.object({ id: z.number(), label: z.string() }))
    .nullable()
    .optional(),
});
const searchSchema = envelope(z.object({ items: z.array(z.object({ item: z.object({ id: z.number() }) })) }));

/** What Pipedrive's error body says: `error` (and `error_info`), and a field it names ("…: name", "Parameter 'x'"). */
export function readPipedriveError(body: unknown): CrmErrorReading {
  const parsed = z.object({ error: z.string().optional(), error_info: z.string().optional() }).safeParse(body);
  if (!parsed.success || !parsed.data.error) return {};
  const message = parsed.data.error;
  const field = /(?:parameter|field)\s+['"`]?([\w.]+)['"`]?/i.exec(message)?.[1] ?? /^Validation failed: ([\w.]+)/.exec(message)?.[1];
  return { message, ...(field ? { field } : {}) };
}

const parseOr = <T>(schema: z.ZodType<T>, body: unknown, doing: string): T => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw crmFailure(CRM_FAILURES.unavailable, `${doing}: Pipedrive answered something unreadable`);
  return parsed.data;
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Meetflow's stage as a person label: the names of the two options of the persons' Labels field
 * (`label_ids`, the account's own options, found by name; created when missing).
 */
export const STAGE_LABELS = { qualified: 'Meetflow: qualified', disqualified: 'Meetflow: disqualified' } as const;
/** The person field that holds labels, as API v2 names it. */
const LABEL_FIELD = 'label_ids';
/**
 * How long the label options read from an account are reused: about once per sync (the platform
 * syncs every 15 minutes), so a label an admin deleted or renamed is seen by the next sync.
 */
const LABELS_TTL_MS = 10 * 60_000;

/** The marker an activity's note carries: how a second log of it finds the first (an HTML comment, invisible in Pipedrive). */
export const activityMarker = (externalId: string) => `<!-- meetflow:${externalId} -->`;

/** The activities, over one account's client each call. */
export function pipedriveActivities(deps: PluginDeps<PipedriveConfig>) {
  const { config, clock } = deps;
  const allowedDomain = new RegExp(config.apiDomainPattern);
  const settings = {
    provider: 'Pipedrive',
    clock,
    timeoutMs: config.timeoutSeconds * 1000,
    attempts: config.attempts,
    maxRetryAfterSeconds: config.maxRetryAfterSeconds,
    readError: readPipedriveError,
  };

  function connect(account: Account): { client: CrmClient; api: string } {
    const domain = account.apiDomain.replace(/\/$/, '');
    if (!allowedDomain.test(domain))
      throw crmFailure(CRM_FAILURES.invalid, 'the company address is not a Pipedrive address (https://yourcompany.pipedrive.com)', {
        field: 'apiDomain',
      });
    const api = `${domain}/api/v2`;
    if (account.apiToken) return { api, client: crmClient(settings, { kind: 'token', headers: { 'x-api-token': account.apiToken } }) };
    const client = crmClient(settings, {
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
              clientAuthentication: config.oauthClientAuthentication,
              scopes: [],
            },
            tokens,
            { now: () => clock.now(), timeoutMs: config.timeoutSeconds * 1000 },
          );
        } catch (error) {
          throw crmRefreshFailure(error, 'Pipedrive');
        }
      },
    });
    return { api, client };
  }

  const get = async <T>(client: CrmClient, url: string, schema: z.ZodType<T>, doing: string) =>
    parseOr(schema, (await client.request({ method: 'GET', url, doing, idempotent: true })).body, doing);

  /** Each connection's (company address's) stage label ids, with when they were read. */
  const labelCache = new Map<string, { ids: Record<keyof typeof STAGE_LABELS, number>; until: number }>();

  /**
   * The ids of the "Meetflow: qualified" and "Meetflow: disqualified" person labels: read from the
   * persons' Labels field (its options, matched by name), the missing ones added through the field
   * options API. An account that refuses that (a user who may not edit data fields) is a CrmInvalid
   * naming the labels an admin must create.
   */
  async function stageLabels(client: CrmClient, api: string, doing: string) {
    const cached = labelCache.get(api);
    if (cached && cached.until > clock.now().getTime()) return cached.ids;
    let options: Array<{ id: number; label: string }> | null = null;
    let cursor: string | null | undefined = null;
    do {
      const query: URLSearchParams = new URLSearchParams({ limit: '500', ...(cursor ? { cursor } : {}) });
      const page: {
        data: Array<z.output<typeof personFieldSchema>>;
        additional_data?: { next_cursor?: string | null | undefined } | null;
      } = await get(client, `${api}/personFields?${query}`, envelope(z.array(personFieldSchema)), doing);
      options = page.data.find((field) => field.field_code === LABEL_FIELD)?.options ?? options;
      cursor = options ? null : page.additional_data?.next_cursor;
    } while (cursor);
    const known = (name: string) => options?.find((option) => option.label.trim().toLowerCase() === name.toLowerCase())?.id;
    const missing = Object.values(STAGE_LABELS).filter((name) => known(name) === undefined);
    const need = `create the person labels ${Object.values(STAGE_LABELS)
      .map((name) => `"${name}"`)
      .join(' and ')} in Pipedrive (a person's Labels field, Settings → Data fields → Person)`;
    if (options === null)
      throw crmFailure(CRM_FAILURES.invalid, `${doing}: Pipedrive lists no person Labels field; ${need}`, { field: LABEL_FIELD });
    if (missing.length > 0) {
      // Pipedrive adds options atomically: both are made, or neither.
      const { status, body } = await client.request(
        {
          method: 'POST',
          url: `${api}/personFields/${LABEL_FIELD}/options`,
          body: missing.map((label) => ({ label })),
          doing,
          idempotent: false,
        },
        [400, 403, 404, 422],
      );
      if (status >= 400) {
        const said = readPipedriveError(body).message;
        throw crmFailure(
          CRM_FAILURES.invalid,
          `${doing}: Pipedrive would not add Meetflow's stage labels (${status}${said ? `: ${said}` : ''}); an admin must ${need}`,
          { status, field: LABEL_FIELD },
        );
      }
      options = [...options, ...parseOr(envelope(z.array(z.object({ id: z.number(), label: z.string() }))), body, doing).data];
    }
    const ids = { qualified: known(STAGE_LABELS.qualified)!, disqualified: known(STAGE_LABELS.disqualified)! };
    labelCache.set(api, { ids, until: clock.now().getTime() + LABELS_TTL_MS });
    return ids;
  }

  /** Ids an exact-match search finds (Pipedrive's search: `term`, `fields`, `exact_match`). */
  async function search(client: CrmClient, api: string, kind: 'organizations' | 'persons', term: string, fields: string, doing: string) {
    const query = new URLSearchParams({ term, fields, exact_match: 'true', limit: '10' });
    const found = await get(client, `${api}/${kind}/search?${query}`, searchSchema, doing);
    return found.data.items.map(({ item }) => item.id);
  }

  async function findOrganization(client: CrmClient, api: string, account: Account, externalId: string, doing: string) {
    for (const id of await search(client, api, 'organizations', externalId, 'custom_fields', doing)) {
      const { data } = await get(client, `${api}/organizations/${id}`, envelope(organizationSchema), doing);
      if (data.custom_fields?.[account.organizationIdField] === externalId) return data;
    }
    return null;
  }

  async function findPerson(client: CrmClient, api: string, email: string, doing: string) {
    for (const id of await search(client, api, 'persons', email, 'email', doing)) {
      const { data } = await get(client, `${api}/persons/${id}`, envelope(personSchema), doing);
      if (data.emails?.some((candidate) => candidate.value.toLowerCase() === email)) return data;
    }
    return null;
  }

  async function upsertCompanies(account: Account, companies: Company[]) {
    const doing = 'upserting companies';
    const { client, api } = connect(account);
    const results: CrmWrite[] = [];
    for (const company of companies) {
      const found = await findOrganization(client, api, account, company.externalId, doing);
      if (found) {
        if (isEmpty(found.custom_fields?.[account.organizationDomainField]))
          await client.request({
            method: 'PATCH',
            url: `${api}/organizations/${found.id}`,
            body: { custom_fields: { [account.organizationDomainField]: company.domain } },
            doing,
            idempotent: true,
          });
        results.push({ externalId: company.externalId, crmId: String(found.id), created: false });
        continue;
      }
      const { body } = await client.request({
        method: 'POST',
        url: `${api}/organizations`,
        body: {
          name: company.name,
          custom_fields: { [account.organizationIdField]: company.externalId, [account.organizationDomainField]: company.domain },
        },
        doing,
        idempotent: false,
      });
      results.push({
        externalId: company.externalId,
        crmId: String(parseOr(envelope(organizationSchema), body, doing).data.id),
        created: true,
      });
    }
    return { results, refreshedTokens: client.refreshedTokens() };
  }

  async function upsertContacts(account: Account, contacts: Contact[]) {
    const doing = 'upserting contacts';
    const { client, api } = connect(account);
    const organizations = new Map<string, number>();
    const organizationOf = async (externalId: string | null) => {
      if (externalId === null) return null;
      if (!organizations.has(externalId)) {
        const found = await findOrganization(client, api, account, externalId, doing);
        if (!found) throw crmFailure(CRM_FAILURES.refused, `${doing}: the company ${externalId} is not in Pipedrive; upsert it first`);
        organizations.set(externalId, found.id);
      }
      return organizations.get(externalId)!;
    };
    // Read only when this batch carries a stage (before any write, so a missing label fails the batch whole).
    const labels = contacts.some((contact) => contact.stage !== null) ? await stageLabels(client, api, doing) : null;
    const results: CrmWrite[] = [];
    try {
      for (const contact of contacts) {
        const orgId = await organizationOf(contact.companyExternalId);
        const found = await findPerson(client, api, contact.email, doing);
        const label = contact.stage && labels ? labels[contact.stage] : null;
        if (found) {
          const fill: Record<string, unknown> = {};
          if (isEmpty(found.org_id) && orgId !== null) fill.org_id = orgId;
          if (isEmpty(found.job_title) && contact.title !== null) fill.job_title = contact.title;
          // Labels are the team's: Meetflow's goes only on a person with none (any label a user set wins,
          // and so does Meetflow's own from an earlier scoring).
          if ((found.label_ids ?? []).length === 0 && label !== null) fill.label_ids = [label];
          if (Object.keys(fill).length > 0)
            await client.request({ method: 'PATCH', url: `${api}/persons/${found.id}`, body: fill, doing, idempotent: true });
          results.push({ externalId: contact.externalId, crmId: String(found.id), created: false });
          continue;
        }
        const { body } = await client.request({
          method: 'POST',
          url: `${api}/persons`,
          body: {
            name: contact.name,
            emails: [{ value: contact.email, primary: true, label: 'work' }],
            ...(orgId === null ? {} : { org_id: orgId }),
            ...(contact.title === null ? {} : { job_title: contact.title }),
            ...(label === null ? {} : { label_ids: [label] }),
          },
          doing,
          idempotent: false,
        });
        results.push({
          externalId: contact.externalId,
          crmId: String(parseOr(envelope(personSchema), body, doing).data.id),
          created: true,
        });
      }
    } catch (error) {
      // A label refused (an admin deleted or renamed it): the next batch reads the labels again.
      if (labels) labelCache.delete(api);
      throw error;
    }
    return { results, refreshedTokens: client.refreshedTokens() };
  }

  async function logActivity(account: Account, activity: Activity) {
    const doing = `logging the ${activity.kind}`;
    const { client, api } = connect(account);
    const person = await findPerson(client, api, activity.contactEmail, doing);
    if (!person)
      throw crmFailure(CRM_FAILURES.refused, `${doing}: the contact ${activity.contactExternalId} is not in Pipedrive; upsert it first`);
    const marker = activityMarker(activity.externalId);
    let cursor: string | null | undefined = null;
    do {
      const query: URLSearchParams = new URLSearchParams({ person_id: String(person.id), limit: '500', ...(cursor ? { cursor } : {}) });
      const page: { data: Array<z.output<typeof activitySchema>>; additional_data?: { next_cursor?: string | null | undefined } | null } =
        await get(client, `${api}/activities?${query}`, envelope(z.array(activitySchema)), doing);
      const logged = page.data.find((candidate) => candidate.note?.includes(marker));
      if (logged)
        return { externalId: activity.externalId, crmId: String(logged.id), created: false, refreshedTokens: client.refreshedTokens() };
      cursor = page.additional_data?.next_cursor;
    } while (cursor);
    const start = new Date(activity.at);
    const end = activity.endAt ? new Date(activity.endAt) : new Date(start.getTime() + 3_600_000);
    const minutes = activity.kind === 'meeting' ? Math.round((end.getTime() - start.getTime()) / 60_000) : 0;
    const { body } = await client.request({
      method: 'POST',
      url: `${api}/activities`,
      body: {
        subject: activity.subject,
        type: activity.kind === 'email' ? 'email' : 'meeting',
        due_date: start.toISOString().slice(0, 10),
        due_time: start.toISOString().slice(11, 16),
        duration: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        done: activity.kind === 'email' || end.getTime() <= clock.now().getTime(),
        note: `${escapeHtml(activity.body).replace(/\n/g, '<br>')}${marker}`,
        participants: [{ person_id: person.id, primary: true }],
        ...(person.org_id ? { org_id: person.org_id } : {}),
      },
      doing,
      idempotent: false,
    });
    return {
      externalId: activity.externalId,
      crmId: String(parseOr(envelope(activitySchema), body, doing).data.id),
      created: true,
      refreshedTokens: client.refreshedTokens(),
    };
  }

  /** Cursor: "open:<pipedrive cursor>" (deals open), then "won:<cursor>" (customers). */
  async function listExclusions(account: Account, cursor: string | null) {
    const doing = 'reading customers and open deals';
    const match = /^(open|won):(.*)$/.exec(cursor ?? 'open:');
    if (!match) throw crmFailure(CRM_FAILURES.invalid, `${doing}: the cursor is not one this plugin gave`, { field: 'cursor' });
    const status = match[1] as 'open' | 'won';
    const { client, api } = connect(account);
    const query = new URLSearchParams({ status, limit: String(config.pageSize), ...(match[2] ? { cursor: match[2] } : {}) });
    const page = await get(client, `${api}/deals?${query}`, envelope(z.array(dealSchema)), doing);
    const personIds = [...new Set(page.data.map((deal) => deal.person_id).filter((id): id is number => typeof id === 'number'))];
    const orgIds = [...new Set(page.data.map((deal) => deal.org_id).filter((id): id is number => typeof id === 'number'))];
    const persons = personIds.length
      ? (await get(client, `${api}/persons?ids=${personIds.join(',')}&limit=500`, envelope(z.array(personSchema)), doing)).data
      : [];
    const organizations = orgIds.length
      ? (await get(client, `${api}/organizations?ids=${orgIds.join(',')}&limit=500`, envelope(z.array(organizationSchema)), doing)).data
      : [];
    const reason = status === 'open' ? ('open-deal' as const) : ('customer' as const);
    const exclusions: CrmExclusion[] = page.data.map((deal) => {
      const person = persons.find((candidate) => candidate.id === deal.person_id);
      const organization = organizations.find((candidate) => candidate.id === deal.org_id);
      const domain = organization?.custom_fields?.[account.organizationDomainField];
      const email = person?.emails?.find((candidate) => candidate.primary)?.value ?? person?.emails?.[0]?.value;
      return {
        reason,
        domain: typeof domain === 'string' && domain ? domain.toLowerCase() : null,
        email: email ? email.toLowerCase() : null,
        name: organization?.name ?? deal.title,
        crmId: String(deal.id),
      };
    });
    const next = page.additional_data?.next_cursor;
    const nextCursor = next ? `${status}:${next}` : status === 'open' ? 'won:' : null;
    return { exclusions, nextCursor, refreshedTokens: client.refreshedTokens() };
  }

  return { upsertCompanies, upsertContacts, logActivity, listExclusions };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
