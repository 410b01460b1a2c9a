// A local stand-in for Salesforce's REST API, for the plugin's tests (and later the e2e), written
// from Salesforce's published reference:
// - sObject Rows by External ID (GET, PATCH upsert: 201 created / 200 updated, { id, success, errors, created }):
//   https://developer.salesforce.com/docs/atlas.en-us.238.0.api_rest.meta/api/resources_sobject_upsert_patch.htm
// - sObject Collections upsert (PATCH /composite/sobjects/{type}/{externalIdField}, allOrNone, UpsertResult per record in order):
//   https://developer.salesforce.com/docs/platform/api-rest/guide/resources-composite-sobjects-collections-upsert.html
// - Query (totalSize, done, records with attributes, nextRecordsUrl; MALFORMED_QUERY, INVALID_FIELD):
//   https://developer.salesforce.com/docs/platform/api-rest/guide/resources-query.md,
//   https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_query.htm
// - Errors as a list of { message, errorCode, fields }; an expired session is 401 INVALID_SESSION_ID
//   (https://developer.salesforce.com/docs/platform/api-metadata/guide/meta-error-handling-session-exp.html);
//   the API limit is 403 REQUEST_LIMIT_EXCEEDED.
// - OAuth: /services/oauth2/token answers instance_url, id, issued_at and no expires_in (the org's
//   session timeout decides), via the SDK's fake authorization server; POST /services/oauth2/revoke
//   with token= (a refresh token ends the grant, its access tokens with it; an unknown token is
//   400 invalid_token): https://help.salesforce.com/s/articleView?id=sf.remoteaccess_revoke_token.htm
// Its SOQL is the small part the plugin uses: SELECT fields (with one relationship level) FROM one
// object WHERE comparisons (=, IN, true/false) joined by AND / OR, ORDER BY Id.
import {
  fakeAuthorizationServer,
  startLoopbackServer,
  type FakeAuthorizationServer,
  type LoopbackAnswer,
  type LoopbackRequest,
} from '@meetflow/plugin-sdk/oauth/testing';

export const FAKE_SALESFORCE_CLIENT = { clientId: '3MVG9fake.consumer.key', clientSecret: 'fake-consumer-secret' };
const API = '/services/data/v62.0';

type SObjectType = 'Account' | 'Contact' | 'Opportunity' | 'Task' | 'Event';
type SObject = Record<string, unknown> & { Id: string };

const FIELDS: Record<SObjectType, { prefix: string; fields: string[]; required: string[] }> = {
  Account: { prefix: '001', fields: ['Name', 'Website', 'Type', 'NumberOfEmployees', 'Industry', 'Meetflow_Id__c'], required: ['Name'] },
  Contact: {
    prefix: '003',
    fields: ['FirstName', 'LastName', 'Email', 'Title', 'Description', 'AccountId', 'Meetflow_Id__c'],
    required: ['LastName'],
  },
  Opportunity: { prefix: '006', fields: ['Name', 'AccountId', 'StageName', 'IsClosed', 'IsWon'], required: ['Name', 'StageName'] },
  Task: {
    prefix: '00T',
    fields: ['Subject', 'Description', 'ActivityDate', 'Status', 'TaskSubtype', 'WhoId', 'Meetflow_Id__c'],
    required: [],
  },
  Event: {
    prefix: '00U',
    fields: ['Subject', 'Description', 'StartDateTime', 'EndDateTime', 'WhoId', 'Meetflow_Id__c'],
    required: ['StartDateTime', 'EndDateTime'],
  },
};
const EXTERNAL_ID = 'Meetflow_Id__c';
const RELATIONSHIPS: Record<string, { field: string; type: SObjectType }> = {
  Account: { field: 'AccountId', type: 'Account' },
  Who: { field: 'WhoId', type: 'Contact' },
};

/** What the fake is seeded with: a customer Account, an Account with an open Opportunity, one whose only Opportunity is Closed Lost. */
export const FAKE_SALESFORCE_SEED = {
  customer: { name: 'Ledgerly', website: 'https://www.ledgerly.io', domain: 'ledgerly.io' },
  openDeal: { name: 'Brightforge Analytics', website: 'brightforge.com', domain: 'brightforge.com' },
  closedLost: { name: 'Harborline Logistics', website: 'http://harborline.com/', domain: 'harborline.com' },
};

export interface FakeFault {
  status: number;
  count?: number;
  retryAfter?: string;
  path?: string;
  method?: string;
  afterCommit?: boolean;
  /** Answer Salesforce's API limit: 403 REQUEST_LIMIT_EXCEEDED. */
  limit?: boolean;
}

/** A running fake Salesforce org. */
export interface FakeSalesforce {
  /** The instance URL its token endpoint answers ("http://127.0.0.1:PORT"). */
  instanceUrl: string;
  tokenUrl: string;
  authorizeUrl: string;
  /** POST token=… (a refresh or access token): the grant ends, its refresh answers invalid_grant (`oauth.revoked` lists what was revoked). */
  revokeUrl: string;
  oauth: FakeAuthorizationServer;
  requests: LoopbackRequest[];
  records(type: SObjectType): SObject[];
  /** Every Task and Event, oldest first, with the email of the Contact it is on: what a test (or the e2e) reads. */
  activityLog(): Array<SObject & { type: 'Task' | 'Event'; contactEmail: string | null }>;
  /** A user's edit in Salesforce. */
  edit(type: SObjectType, id: string, fields: Record<string, unknown>): void;
  /** A record a user made (not through Meetflow). */
  insert(type: SObjectType, fields: Record<string, unknown>): SObject;
  fail(fault: FakeFault): void;
  close(): Promise<void>;
}

const errors = (status: number, errorCode: string, message: string, fields?: string[]): LoopbackAnswer => ({
  status,
  body: [{ message, errorCode, ...(fields ? { fields } : {}) }],
});

/** Starts the fake; `now` is the clock its sessions expire on, `sessionSeconds` how long one lasts, `queryBatchSize` records per query page. */
export async function startFakeSalesforce(
  options: { now?: () => Date; sessionSeconds?: number; queryBatchSize?: number } = {},
): Promise<FakeSalesforce> {
  const now = options.now ?? (() => new Date());
  const batchSize = options.queryBatchSize ?? 2000;
  const store = new Map<SObjectType, Map<string, SObject>>(Object.keys(FIELDS).map((type) => [type as SObjectType, new Map()]));
  const cursors = new Map<string, { type: SObjectType; rows: SObject[]; select: string[] }>();
  const faults: Array<FakeFault & { left: number }> = [];
  let counter = 1;

  const insert = (type: SObjectType, fields: Record<string, unknown>): SObject => {
    const id = `${FIELDS[type].prefix}${String(counter++).padStart(12, '0')}AAA`;
    const record = { ...fields, Id: id };
    store.get(type)!.set(id, record);
    return record;
  };
  const byExternalId = (type: SObjectType, field: string, value: string) =>
    [...store.get(type)!.values()].filter((record) => record[field] === value);

  const customer = insert('Account', {
    Name: FAKE_SALESFORCE_SEED.customer.name,
    Website: FAKE_SALESFORCE_SEED.customer.website,
    Type: 'Customer',
  });
  const open = insert('Account', {
    Name: FAKE_SALESFORCE_SEED.openDeal.name,
    Website: FAKE_SALESFORCE_SEED.openDeal.website,
    Type: 'Prospect',
  });
  const lost = insert('Account', {
    Name: FAKE_SALESFORCE_SEED.closedLost.name,
    Website: FAKE_SALESFORCE_SEED.closedLost.website,
    Type: 'Prospect',
  });
  insert('Opportunity', { Name: 'Brightforge pilot', AccountId: open.Id, StageName: 'Prospecting', IsClosed: false, IsWon: false });
  insert('Opportunity', { Name: 'Harborline rollout', AccountId: lost.Id, StageName: 'Closed Lost', IsClosed: true, IsWon: false });
  insert('Contact', { FirstName: 'Maya', LastName: 'Okafor', Email: 'maya.okafor@ledgerly.io', AccountId: customer.Id });

  const view = (type: SObjectType, record: SObject, select?: string[]) => {
    const shown: Record<string, unknown> = { attributes: { type, url: `${API}/sobjects/${type}/${record.Id}` } };
    for (const field of select ?? ['Id', ...FIELDS[type].fields]) {
      const [head, tail] = field.split('.');
      if (tail) {
        const relation = RELATIONSHIPS[head!]!;
        const parent = store.get(relation.type)!.get(String(record[relation.field] ?? ''));
        shown[head!] = parent
          ? {
              ...((shown[head!] as object | undefined) ?? {
                attributes: { type: relation.type, url: `${API}/sobjects/${relation.type}/${parent.Id}` },
              }),
              [tail]: parent[tail] ?? null,
            }
          : null;
      } else shown[field] = record[field] ?? null;
    }
    return shown;
  };

  /** The value of a (possibly relationship) field of a record. */
  const valueOf = (record: SObject, field: string): unknown => {
    const [head, tail] = field.split('.');
    if (!tail) return record[head!];
    const relation = RELATIONSHIPS[head!];
    return relation ? store.get(relation.type)!.get(String(record[relation.field] ?? ''))?.[tail] : undefined;
  };
  const knownField = (type: SObjectType, field: string) => {
    const [head, tail] = field.split('.');
    if (!tail) return head === 'Id' || FIELDS[type].fields.includes(head!);
    const relation = RELATIONSHIPS[head!];
    return !!relation && FIELDS[type].fields.includes(relation.field) && (tail === 'Id' || FIELDS[relation.type].fields.includes(tail));
  };

  function query(soql: string): LoopbackAnswer {
    const match = /^SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(.+?))?(?:\s+ORDER BY Id)?$/i.exec(soql.trim());
    if (!match) return errors(400, 'MALFORMED_QUERY', `unexpected token in: ${soql.slice(0, 80)}`);
    const type = match[2] as SObjectType;
    if (!FIELDS[type]) return errors(400, 'INVALID_TYPE', `sObject type '${match[2]}' is not supported.`);
    const select = match[1]!.split(',').map((field) => field.trim());
    const terms: Array<Array<(record: SObject) => boolean>> = [];
    for (const group of (match[3] ?? '').split(/\s+OR\s+/i).filter(Boolean)) {
      const all: Array<(record: SObject) => boolean> = [];
      for (const term of group.split(/\s+AND\s+/i)) {
        const comparison = /^([\w.]+)\s*(=|IN)\s*(.+)$/i.exec(term.trim());
        if (!comparison) return errors(400, 'MALFORMED_QUERY', `unexpected token: ${term}`);
        const [, field, operator, raw] = comparison as unknown as [string, string, string, string];
        if (!knownField(type, field)) return errors(400, 'INVALID_FIELD', `No such column '${field}' on entity '${type}'.`);
        const literal = (text: string): unknown => {
          const trimmed = text.trim();
          if (/^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === 'true';
          const quoted = /^'((?:[^'\\]|\\.)*)'$/.exec(trimmed);
          return quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : Number(trimmed);
        };
        const values =
          operator.toUpperCase() === 'IN'
            ? raw
                .replace(/^\(|\)$/g, '')
                .split(',')
                .map(literal)
            : [literal(raw)];
        all.push((record) => {
          const actual = valueOf(record, field);
          return values.some((value) =>
            typeof value === 'string' && typeof actual === 'string'
              ? value.toLowerCase() === actual.toLowerCase()
              : value === (actual ?? false),
          );
        });
      }
      terms.push(all);
    }
    for (const field of select)
      if (!knownField(type, field)) return errors(400, 'INVALID_FIELD', `No such column '${field}' on entity '${type}'.`);
    const rows = [...store.get(type)!.values()].filter(
      (record) => terms.length === 0 || terms.some((all) => all.every((test) => test(record))),
    );
    rows.sort((a, b) => a.Id.localeCompare(b.Id));
    return pageOf(type, rows, select, 0);
  }

  function pageOf(type: SObjectType, rows: SObject[], select: string[], offset: number): LoopbackAnswer {
    const slice = rows.slice(offset, offset + batchSize);
    const done = offset + batchSize >= rows.length;
    let nextRecordsUrl: string | undefined;
    if (!done) {
      const locator = `01gFAKE${String(cursors.size + 1).padStart(8, '0')}-${offset + batchSize}`;
      cursors.set(locator, { type, rows, select });
      nextRecordsUrl = `${API}/query/${locator}`;
    }
    return {
      status: 200,
      body: {
        totalSize: rows.length,
        done,
        ...(nextRecordsUrl ? { nextRecordsUrl } : {}),
        records: slice.map((record) => view(type, record, select)),
      },
    };
  }

  type SaveResult = {
    id: string | null;
    success: boolean;
    errors: Array<{ statusCode: string; message: string; fields: string[] }>;
    created?: boolean;
  };

  /** Upserts one record by the external id (what both the row and the collection endpoints do). */
  function upsertOne(type: SObjectType, field: string, value: string, body: Record<string, unknown>): SaveResult {
    const fail = (statusCode: string, message: string, fields: string[] = []): SaveResult => ({
      id: null,
      success: false,
      errors: [{ statusCode, message, fields }],
    });
    const values: Record<string, unknown> = {};
    for (const [key, given] of Object.entries(body)) {
      if (key === 'attributes') continue;
      const relation = RELATIONSHIPS[key];
      if (relation && given && typeof given === 'object') {
        const [[relationField, relationValue]] = Object.entries(given as Record<string, unknown>) as [[string, unknown]];
        const parent = byExternalId(relation.type, relationField, String(relationValue));
        if (parent.length !== 1)
          return fail(
            'INVALID_FIELD',
            `Foreign key external ID: ${String(relationValue)} not found for field ${relationField} in entity ${relation.type}`,
          );
        values[relation.field] = parent[0]!.Id;
        continue;
      }
      if (key === field) return fail('INVALID_FIELD', `Do not specify the external ID field ${field} in the request body`, [field]);
      if (!FIELDS[type].fields.includes(key)) return fail('INVALID_FIELD', `No such column '${key}' on sobject of type ${type}`, [key]);
      values[key] = given;
    }
    const matches = byExternalId(type, field, value);
    if (matches.length > 1) return fail('DUPLICATE_EXTERNAL_ID', `${field}: more than one record found for external id field`, [field]);
    if (matches[0]) {
      Object.assign(matches[0], values);
      return { id: matches[0].Id, success: true, errors: [], created: false };
    }
    const missing = FIELDS[type].required.filter(
      (required) => values[required] === undefined || values[required] === null || values[required] === '',
    );
    if (missing.length) return fail('REQUIRED_FIELD_MISSING', `Required fields are missing: [${missing.join(', ')}]`, missing);
    return { id: insert(type, { ...values, [field]: value }).Id, success: true, errors: [], created: true };
  }

  function route(request: LoopbackRequest): LoopbackAnswer {
    const path = request.url.pathname;
    const body = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
    if (path === `${API}/query` && request.method === 'GET') return query(request.url.searchParams.get('q') ?? '');
    let match = new RegExp(`^${API}/query/(01gFAKE\\d+)-(\\d+)$`).exec(path);
    if (match && request.method === 'GET') {
      const cursor = cursors.get(`${match[1]}-${match[2]}`);
      if (!cursor) return errors(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
      return pageOf(cursor.type, cursor.rows, cursor.select, Number(match[2]));
    }
    match = new RegExp(`^${API}/composite/sobjects/(\\w+)/(\\w+)$`).exec(path);
    if (match && request.method === 'PATCH') {
      const type = match[1] as SObjectType;
      if (!FIELDS[type]) return errors(404, 'NOT_FOUND', 'The requested resource does not exist');
      if (match[2] !== EXTERNAL_ID)
        return errors(404, 'NOT_FOUND', `Provided external ID field does not exist or is not accessible: ${match[2]}`);
      const records = (body.records as Array<Record<string, unknown>> | undefined) ?? [];
      if (records.length > 200)
        return errors(400, 'EXCEEDED_ID_LIMIT', 'record limit reached. cannot submit more than 200 records into this call');
      return {
        status: 200,
        body: records.map((record) => {
          if ((record.attributes as { type?: string } | undefined)?.type !== type)
            return {
              id: null,
              success: false,
              errors: [{ statusCode: 'INVALID_TYPE', message: 'the attributes type must match the URI', fields: [] }],
            };
          const { [EXTERNAL_ID]: value, ...rest } = record;
          if (typeof value !== 'string' || !value)
            return {
              id: null,
              success: false,
              errors: [{ statusCode: 'MISSING_ARGUMENT', message: `${EXTERNAL_ID} not specified`, fields: [EXTERNAL_ID] }],
            };
          return upsertOne(type, EXTERNAL_ID, value, rest);
        }),
      };
    }
    match = new RegExp(`^${API}/sobjects/(\\w+)/(\\w+)/([^/]+)$`).exec(path);
    if (match) {
      const type = match[1] as SObjectType;
      if (!FIELDS[type] || match[2] !== EXTERNAL_ID)
        return errors(404, 'NOT_FOUND', `Provided external ID field does not exist or is not accessible: ${match[2]}`);
      const value = decodeURIComponent(match[3]!);
      if (request.method === 'GET') {
        const [record] = byExternalId(type, EXTERNAL_ID, value);
        if (!record) return errors(404, 'NOT_FOUND', 'The requested resource does not exist');
        const fields = request.url.searchParams.get('fields')?.split(',');
        return { status: 200, body: view(type, record, fields ? ['Id', ...fields.filter((field) => field !== 'Id')] : undefined) };
      }
      if (request.method === 'PATCH') {
        const result = upsertOne(type, EXTERNAL_ID, value, body);
        if (!result.success)
          return {
            status: 400,
            body: result.errors.map(({ statusCode, message, fields }) => ({ errorCode: statusCode, message, fields })),
          };
        return { status: result.created ? 201 : 200, body: result };
      }
    }
    match = new RegExp(`^${API}/sobjects/(\\w+)/(\\w{18})$`).exec(path);
    if (match && request.method === 'PATCH') {
      const record = store.get(match[1] as SObjectType)?.get(match[2]!);
      if (!record) return errors(404, 'NOT_FOUND', 'The requested resource does not exist');
      const bad = Object.keys(body).find((key) => !FIELDS[match![1] as SObjectType].fields.includes(key));
      if (bad) return errors(400, 'INVALID_FIELD', `No such column '${bad}' on sobject of type ${match[1]}`, [bad]);
      Object.assign(record, body);
      return { status: 204 };
    }
    return errors(404, 'NOT_FOUND', 'The requested resource does not exist');
  }

  const oauth = fakeAuthorizationServer({
    ...FAKE_SALESFORCE_CLIENT,
    now,
    paths: { authorize: '/services/oauth2/authorize', token: '/services/oauth2/token', revoke: '/services/oauth2/revoke' },
    accessTokenLifetimeSeconds: options.sessionSeconds ?? 7200,
  });

  function faultAnswer(fault: FakeFault): LoopbackAnswer {
    const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
    if (fault.limit) return { ...errors(403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.'), headers };
    if (fault.status === 429) return { ...errors(429, 'REQUEST_LIMIT_EXCEEDED', 'Too many requests.'), headers };
    return { ...errors(fault.status, 'SERVER_UNAVAILABLE', 'Server unavailable'), headers };
  }

  let origin = '';
  const server = await startLoopbackServer((request) => {
    const answer = oauth.handle(request);
    if (answer) {
      // Salesforce's token answer: instance_url, id, issued_at and signature, and no expires_in.
      if (answer.status === 200 && answer.body && typeof answer.body === 'object' && 'access_token' in answer.body) {
        const { expires_in: _expires, ...rest } = answer.body as Record<string, unknown>;
        answer.body = {
          ...rest,
          instance_url: origin,
          id: `${origin}/id/00Dfake/005fake`,
          issued_at: String(now().getTime()),
          signature: 'fake-signature',
        };
      }
      return answer;
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (oauth.accessTokenState(token) !== 'valid') return errors(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    const fault = faults.find(
      (candidate) =>
        candidate.left > 0 &&
        (!candidate.path || request.url.pathname.includes(candidate.path)) &&
        (!candidate.method || candidate.method === request.method),
    );
    if (fault) fault.left -= 1;
    if (fault && !fault.afterCommit) return faultAnswer(fault);
    const routed = route(request);
    return fault ? faultAnswer(fault) : routed;
  });
  origin = server.origin;

  return {
    instanceUrl: server.origin,
    tokenUrl: `${server.origin}/services/oauth2/token`,
    authorizeUrl: `${server.origin}/services/oauth2/authorize`,
    revokeUrl: `${server.origin}/services/oauth2/revoke`,
    oauth,
    requests: server.requests,
    records: (type) => [...store.get(type)!.values()],
    activityLog: () =>
      (['Task', 'Event'] as const)
        .flatMap((type) =>
          [...store.get(type)!.values()].map((record) => ({
            ...record,
            type,
            contactEmail: (store.get('Contact')!.get(String(record.WhoId ?? ''))?.Email as string | undefined) ?? null,
          })),
        )
        .sort((a, b) => a.Id.slice(3).localeCompare(b.Id.slice(3))),
    edit(type, id, fields) {
      const record = store.get(type)!.get(id);
      if (!record) throw new Error(`no ${type} ${id}`);
      Object.assign(record, fields);
    },
    insert,
    fail(fault) {
      faults.push({ ...fault, left: fault.count ?? 1 });
    },
    close: () => server.close(),
  };
}
