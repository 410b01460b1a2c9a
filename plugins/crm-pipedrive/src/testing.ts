// A local stand-in for Pipedrive's API v2, for the plugin's tests (and later the e2e), written from
// Pipedrive's published reference:
// - Responses and errors (`success`, `data`, `additional_data`; `error`, `error_info`):
//   https://pipedrive.readme.io/docs/core-api-concepts-responses
// - Organizations, persons, deals (`status` open/won/lost, cursor paging with `additional_data.next_cursor`),
//   activities (`participants`, `note`, `due_date`/`due_time`/`duration`):
//   https://developers.pipedrive.com/docs/api/v1/Deals#listDeals (v2 beside it), https://developers.pipedrive.com/docs/api/v1/Persons#searchPersons
// - Search (`term`, `fields`, `exact_match`): https://developers.pipedrive.com/docs/api/v1/Persons#searchPersons
// - Person labels: a person's `label_ids` are options of the persons' Labels field, listed by
//   `GET /api/v2/personFields` (`field_code`, `field_type`, `options` of `{ id, label }`, cursor paged), with
//   Pipedrive's default person labels; options added by `POST /api/v2/personFields/{field_code}/options`
//   (a JSON array of `{ label }`, added atomically, the answer only the new options):
//   https://developers.pipedrive.com/docs/api/v1/PersonFields (v2 beside it), https://pipedrive.readme.io/docs/working-with-labels
// - API token in the `x-api-token` header, or an OAuth Bearer token (token endpoint /oauth/token,
//   client_secret_basic), via the SDK's fake authorization server.
// Custom fields are keyed by their API key (a hash) in `custom_fields`, as Pipedrive's v2 answers them.
import {
  fakeAuthorizationServer,
  startLoopbackServer,
  type FakeAuthorizationServer,
  type LoopbackAnswer,
  type LoopbackRequest,
} from '@meetflow/plugin-sdk/oauth/testing';

export const FAKE_PIPEDRIVE_TOKEN = '0123456789abcdef0123456789abcdef01234567';
export const FAKE_PIPEDRIVE_CLIENT = { clientId: 'pipedrive-client-id', clientSecret: 'pipedrive-client-secret' };
/** The API keys of the fake's two organization custom fields. */
export const FAKE_PIPEDRIVE_FIELDS = {
  organizationIdField: '8f4b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b',
  organizationDomainField: '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
};

/** What the fake is seeded with: a won deal (a customer), an open deal, a lost deal, each with its organization and person. */
export const FAKE_PIPEDRIVE_SEED = {
  won: { organization: 'Ledgerly', domain: 'ledgerly.io', email: 'maya.okafor@ledgerly.io' },
  open: { organization: 'Brightforge Analytics', domain: 'brightforge.com', email: 'daniel.brandt@brightforge.com' },
  lost: { organization: 'Harborline Logistics', domain: 'harborline.com', email: 'tom.whitaker@harborline.com' },
};

interface Organization {
  id: number;
  name: string;
  custom_fields: Record<string, string | null>;
  add_time: string;
  update_time: string;
}
interface Person {
  id: number;
  name: string;
  emails: Array<{ value: string; primary: boolean; label: string }>;
  org_id: number | null;
  job_title: string | null;
  label_ids: number[];
  add_time: string;
  update_time: string;
}
interface PersonField {
  field_code: string;
  field_name: string;
  field_type: string;
  is_custom_field: boolean;
  options: Array<{ id: number; label: string; color: string | null }> | null;
}
interface Activity {
  id: number;
  subject: string;
  type: string;
  due_date: string;
  due_time: string;
  duration: string;
  done: boolean;
  note: string | null;
  person_id: number | null;
  org_id: number | null;
  participants: Array<{ person_id: number; primary: boolean }>;
  add_time: string;
}
interface Deal {
  id: number;
  title: string;
  status: 'open' | 'won' | 'lost';
  person_id: number | null;
  org_id: number | null;
}

/** A fault the next matching requests meet. */
export interface FakeFault {
  status: number;
  count?: number;
  retryAfter?: string;
  /** Only requests whose path ends with this. */
  path?: string;
  method?: string;
  /** Do the work first, then answer the fault (the answer was lost after the write). */
  afterCommit?: boolean;
  /** The `error` its body says (default: Pipedrive's words for the status). */
  error?: string;
}

/** A running fake Pipedrive. */
export interface FakePipedrive {
  /** The company address to give as the account's apiDomain ("http://127.0.0.1:PORT"). */
  apiDomain: string;
  tokenUrl: string;
  authorizeUrl: string;
  revokeUrl: string;
  oauth: FakeAuthorizationServer;
  requests: LoopbackRequest[];
  organizations(): Organization[];
  persons(): Person[];
  /** The options of the persons' Labels field (`label_ids`), Pipedrive's defaults first. */
  personLabels(): Array<{ id: number; label: string }>;
  /** Every activity logged, oldest first, with its person's email: what a test (or the e2e) reads. */
  activityLog(): Array<Activity & { personEmail: string | null }>;
  edit(kind: 'organization' | 'person', id: number, fields: Record<string, unknown>): void;
  fail(fault: FakeFault): void;
  close(): Promise<void>;
}

const ok = (data: unknown, nextCursor: string | null = null, status = 200): LoopbackAnswer => ({
  status,
  body: { success: true, data, additional_data: { next_cursor: nextCursor } },
});
const failure = (status: number, error: string): LoopbackAnswer => ({
  status,
  body: { success: false, error, error_info: 'Please check developers.pipedrive.com', data: null, additional_data: null },
});

/** Offsets as Pipedrive's opaque cursors. */
const cursorOf = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');
const offsetOf = (cursor: string | null) =>
  cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { offset: number }).offset : 0;

function page<T>(items: T[], url: URL): LoopbackAnswer {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 500);
  const offset = offsetOf(url.searchParams.get('cursor'));
  const slice = items.slice(offset, offset + limit);
  return ok(slice, offset + limit < items.length ? cursorOf(offset + limit) : null);
}

/** Starts the fake on a free loopback port; `now` is the clock its OAuth tokens expire on. */
export async function startFakePipedrive(options: { now?: () => Date } = {}): Promise<FakePipedrive> {
  const now = options.now ?? (() => new Date());
  const stamp = () => now().toISOString().replace('T', ' ').slice(0, 19);
  const organizations = new Map<number, Organization>();
  const persons = new Map<number, Person>();
  const activities = new Map<number, Activity>();
  const deals = new Map<number, Deal>();
  const faults: Array<FakeFault & { left: number }> = [];
  let nextId = 1;
  let nextOptionId = 1;
  const option = (label: string, color: string | null = null) => ({ id: nextOptionId++, label, color });
  // Pipedrive's default person labels (an account starts with them); the Labels field is a multiple-options field.
  const personFields: PersonField[] = [
    { field_code: 'name', field_name: 'Name', field_type: 'varchar', is_custom_field: false, options: null },
    { field_code: 'emails', field_name: 'Email', field_type: 'varchar', is_custom_field: false, options: null },
    { field_code: 'job_title', field_name: 'Job title', field_type: 'varchar', is_custom_field: false, options: null },
    {
      field_code: 'label_ids',
      field_name: 'Labels',
      field_type: 'set',
      is_custom_field: false,
      options: [option('Customer', 'green'), option('Hot lead', 'red'), option('Warm lead', 'yellow'), option('Cold lead', 'blue')],
    },
  ];
  const labelIds = () => new Set(personFields.find((field) => field.field_code === 'label_ids')!.options!.map((known) => known.id));
  const badLabel = (ids: unknown) =>
    ids !== undefined && (!Array.isArray(ids) || ids.some((id) => typeof id !== 'number' || !labelIds().has(id)));
  const knownFields = new Set(Object.values(FAKE_PIPEDRIVE_FIELDS));

  const addOrganization = (name: string, custom: Record<string, string | null>) => {
    const organization = { id: nextId++, name, custom_fields: custom, add_time: stamp(), update_time: stamp() };
    organizations.set(organization.id, organization);
    return organization;
  };
  const addPerson = (name: string, email: string, orgId: number | null, jobTitle: string | null = null) => {
    const person = {
      id: nextId++,
      name,
      emails: [{ value: email, primary: true, label: 'work' }],
      org_id: orgId,
      job_title: jobTitle,
      label_ids: [] as number[],
      add_time: stamp(),
      update_time: stamp(),
    };
    persons.set(person.id, person);
    return person;
  };
  for (const [status, seed] of Object.entries(FAKE_PIPEDRIVE_SEED) as Array<
    ['won' | 'open' | 'lost', (typeof FAKE_PIPEDRIVE_SEED)['won']]
  >) {
    const organization = addOrganization(seed.organization, { [FAKE_PIPEDRIVE_FIELDS.organizationDomainField]: seed.domain });
    const person = addPerson(seed.email.split('@')[0]!.replace('.', ' '), seed.email, organization.id);
    const deal = { id: nextId++, title: `${seed.organization} deal`, status, person_id: person.id, org_id: organization.id };
    deals.set(deal.id, deal);
  }

  const badCustomField = (custom: Record<string, unknown> | undefined) => Object.keys(custom ?? {}).find((key) => !knownFields.has(key));

  function route(request: LoopbackRequest): LoopbackAnswer {
    const { pathname: path, searchParams: query } = request.url;
    const body = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
    const method = request.method;
    let match: RegExpExecArray | null;

    if (path === '/api/v2/organizations/search' || path === '/api/v2/persons/search') {
      const term = (query.get('term') ?? '').toLowerCase();
      const exact = query.get('exact_match') === 'true';
      const fields = (query.get('fields') ?? '').split(',');
      if (term.length < (exact ? 1 : 2)) return failure(400, "Parameter 'term' must be at least 2 characters long");
      const hit = (value: string | null | undefined) =>
        !!value && (exact ? value.toLowerCase() === term : value.toLowerCase().includes(term));
      if (path.includes('organizations')) {
        const items = [...organizations.values()]
          .filter(
            (organization) =>
              (fields.includes('name') && hit(organization.name)) ||
              (fields.includes('custom_fields') && Object.values(organization.custom_fields).some(hit)),
          )
          .map((organization) => ({
            result_score: 1,
            item: {
              id: organization.id,
              type: 'organization',
              name: organization.name,
              address: null,
              visible_to: 3,
              owner: { id: 1 },
              custom_fields: Object.values(organization.custom_fields).filter(hit),
            },
          }));
        return ok({ items });
      }
      const items = [...persons.values()]
        .filter(
          (person) =>
            (fields.includes('email') && person.emails.some((email) => hit(email.value))) || (fields.includes('name') && hit(person.name)),
        )
        .map((person) => ({
          result_score: 1,
          item: {
            id: person.id,
            type: 'person',
            name: person.name,
            emails: person.emails.map((email) => email.value),
            organization: person.org_id ? { id: person.org_id, name: organizations.get(person.org_id)?.name ?? null } : null,
          },
        }));
      return ok({ items });
    }

    if ((match = /^\/api\/v2\/(organizations|persons)(?:\/(\d+))?$/.exec(path))) {
      const kind = match[1] as 'organizations' | 'persons';
      const store = (kind === 'organizations' ? organizations : persons) as Map<number, Organization | Person>;
      const id = match[2] ? Number(match[2]) : null;
      if (method === 'GET' && id === null) {
        const ids = (query.get('ids') ?? '').split(',').filter(Boolean).map(Number);
        const all = [...store.values()].filter((record) => ids.length === 0 || ids.includes(record.id));
        return page(all, request.url);
      }
      if (method === 'GET' && id !== null) {
        const record = store.get(id);
        return record ? ok(record) : failure(404, kind === 'organizations' ? 'Organization not found' : 'Person not found');
      }
      if (method === 'POST' && id === null) {
        if (typeof body.name !== 'string' || !body.name) return failure(400, "Parameter 'name' is required");
        const bad = badCustomField(body.custom_fields as Record<string, unknown> | undefined);
        if (bad) return failure(400, `Custom field '${bad}' does not exist`);
        if (kind === 'organizations')
          return ok(addOrganization(body.name, { ...(body.custom_fields as Record<string, string>) }), null, 200);
        const emails = (body.emails as Array<{ value: string }> | undefined) ?? [];
        if (body.org_id !== undefined && !organizations.has(Number(body.org_id)))
          return failure(400, "Parameter 'org_id' refers to an organization that does not exist");
        if (badLabel(body.label_ids)) return failure(400, "Parameter 'label_ids' refers to a label that does not exist");
        const person = addPerson(
          body.name,
          emails[0]?.value ?? '',
          (body.org_id as number | undefined) ?? null,
          (body.job_title as string | undefined) ?? null,
        );
        if (body.label_ids !== undefined) person.label_ids = [...(body.label_ids as number[])];
        return ok(person);
      }
      if (method === 'PATCH' && id !== null) {
        const record = store.get(id);
        if (!record) return failure(404, kind === 'organizations' ? 'Organization not found' : 'Person not found');
        const bad = badCustomField(body.custom_fields as Record<string, unknown> | undefined);
        if (bad) return failure(400, `Custom field '${bad}' does not exist`);
        if (kind === 'persons' && badLabel(body.label_ids))
          return failure(400, "Parameter 'label_ids' refers to a label that does not exist");
        const { custom_fields: custom, ...rest } = body;
        Object.assign(record, rest);
        if (custom && 'custom_fields' in record) Object.assign(record.custom_fields, custom);
        record.update_time = stamp();
        return ok(record);
      }
    }

    if (path === '/api/v2/personFields' && method === 'GET') return page(personFields, request.url);
    if ((match = /^\/api\/v2\/personFields\/([^/]+)\/options$/.exec(path)) && method === 'POST') {
      const field = personFields.find((candidate) => candidate.field_code === decodeURIComponent(match![1]!));
      if (!field) return failure(404, 'Field not found');
      if (!field.options) return failure(400, 'Field does not support options');
      const asked = JSON.parse(request.body || 'null') as unknown;
      if (!Array.isArray(asked) || asked.length === 0) return failure(400, 'Request body must be a non-empty array of options');
      const labels = asked.map((entry) => (entry as { label?: unknown })?.label);
      if (labels.some((label) => typeof label !== 'string' || label.length < 1 || label.length > 255))
        return failure(400, "Parameter 'label' must be a string of 1 to 255 characters");
      // Atomic: all were validated above, so all are added.
      const added = (labels as string[]).map((label) => option(label));
      field.options.push(...added);
      return ok(added.map(({ id, label }) => ({ id, label })));
    }

    if (path === '/api/v2/activities' && method === 'GET') {
      const personId = query.get('person_id');
      const all = [...activities.values()].filter((activity) => personId === null || activity.person_id === Number(personId));
      return page(all, request.url);
    }
    if (path === '/api/v2/activities' && method === 'POST') {
      if (typeof body.subject !== 'string' || !body.subject) return failure(400, "Parameter 'subject' is required");
      if (body.due_date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(body.due_date)))
        return failure(400, "Parameter 'due_date' is not a valid date");
      const participants = (body.participants as Array<{ person_id: number; primary: boolean }> | undefined) ?? [];
      if (participants.some((participant) => !persons.has(participant.person_id)))
        return failure(400, "Parameter 'participants' refers to a person that does not exist");
      const activity: Activity = {
        id: nextId++,
        subject: body.subject,
        type: String(body.type ?? 'task'),
        due_date: String(body.due_date ?? ''),
        due_time: String(body.due_time ?? ''),
        duration: String(body.duration ?? ''),
        done: body.done === true,
        note: (body.note as string | undefined) ?? null,
        person_id: participants.find((participant) => participant.primary)?.person_id ?? null,
        org_id: (body.org_id as number | undefined) ?? null,
        participants,
        add_time: stamp(),
      };
      activities.set(activity.id, activity);
      return ok(activity);
    }

    if (path === '/api/v2/deals' && method === 'GET') {
      const status = query.get('status');
      if (status && !['open', 'won', 'lost', 'deleted'].includes(status))
        return failure(400, "Parameter 'status' is not one of open, won, lost, deleted");
      return page(
        [...deals.values()].filter((deal) => !status || deal.status === status),
        request.url,
      );
    }
    return failure(404, `Unknown method ${method} ${path}`);
  }

  const oauth = fakeAuthorizationServer({
    ...FAKE_PIPEDRIVE_CLIENT,
    now,
    paths: { authorize: '/oauth/authorize', token: '/oauth/token', revoke: '/oauth/revoke' },
  });

  function faultAnswer(fault: FakeFault): LoopbackAnswer {
    const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
    if (fault.status === 429) return { ...failure(429, fault.error ?? 'Request over limit'), headers };
    return { ...failure(fault.status, fault.error ?? 'Internal server error'), headers };
  }

  const server = await startLoopbackServer((request) => {
    const answer = oauth.handle(request);
    // Pipedrive's token answer says the company's API address too (api_domain).
    if (answer && request.url.pathname === '/oauth/token' && answer.status === 200)
      return { ...answer, body: { ...(answer.body as Record<string, unknown>), api_domain: server.origin } };
    if (answer) return answer;
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const authorized = bearer ? oauth.accessTokenState(bearer) === 'valid' : request.headers['x-api-token'] === FAKE_PIPEDRIVE_TOKEN;
    if (!authorized)
      return {
        status: 401,
        body: { success: false, error: 'unauthorized access', errorCode: 401, error_info: 'Please check developers.pipedrive.com' },
      };
    const fault = faults.find(
      (candidate) =>
        candidate.left > 0 &&
        (!candidate.path || request.url.pathname.endsWith(candidate.path)) &&
        (!candidate.method || candidate.method === request.method),
    );
    if (fault) fault.left -= 1;
    if (fault && !fault.afterCommit) return faultAnswer(fault);
    const routed = route(request);
    return fault ? faultAnswer(fault) : routed;
  });

  return {
    apiDomain: server.origin,
    tokenUrl: `${server.origin}/oauth/token`,
    authorizeUrl: `${server.origin}/oauth/authorize`,
    revokeUrl: `${server.origin}/oauth/revoke`,
    oauth,
    requests: server.requests,
    organizations: () => [...organizations.values()],
    persons: () => [...persons.values()],
    personLabels: () => personFields.find((field) => field.field_code === 'label_ids')!.options!.map(({ id, label }) => ({ id, label })),
    activityLog: () =>
      [...activities.values()].map((activity) => ({
        ...activity,
        personEmail: activity.person_id ? (persons.get(activity.person_id)?.emails[0]?.value ?? null) : null,
      })),
    edit(kind, id, fields) {
      const record = kind === 'organization' ? organizations.get(id) : persons.get(id);
      if (!record) throw new Error(`no ${kind} ${id}`);
      Object.assign(record, fields);
    },
    fail(fault) {
      faults.push({ ...fault, left: fault.count ?? 1 });
    },
    close: () => server.close(),
  };
}
