// A local stand-in for HubSpot's CRM API, for the plugin's tests (and later the e2e), written from
// HubSpot's published reference:
// - Batch upsert by unique property (idProperty; `new` in each result):
//   https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts
//   https://developers.hubspot.com/docs/api-reference/2026-03/crm/objects/companies/batch/upsert-companies
// - Batch read, 207 with OBJECT_NOT_FOUND errors for ids not found; GET one by idProperty:
//   https://developers.hubspot.com/docs/api-reference/2026-03/crm/objects/contacts/batch/update-contacts
// - Search (filterGroups ORed, filters ANDed, `after` paging, `paging.next.after`):
//   https://developers.hubspot.com/docs/api-reference/2026-03/crm/search-the-crm
// - Emails (hs_timestamp, hs_email_subject, hs_email_text, hs_email_direction, associations on create):
//   https://developers.hubspot.com/docs/api/crm/email
// - v4 default associations in batch: https://developers.hubspot.com/docs/api-reference/latest/crm/associations/associate-records/batch/create-associations
// - Error bodies (status, message, errors[].in, category, correlationId):
//   https://developers.hubspot.com/docs/faq/api-error-responses
// - OAuth token endpoint /oauth/v1/token (refresh_token grant), via the SDK's fake authorization server.
// - Deleting a refresh token, DELETE /oauth/v1/refresh-tokens/{token}, 204 (access tokens issued stay valid):
//   https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/delete-refresh-token
//   (the reference documents no error answer: the fake's 404 for a token it never issued is its own).
// `hs_num_open_deals` of a company is computed from its associated deals whose stage is not closed, as HubSpot does.
import { randomUUID } from 'node:crypto';
import {
  fakeAuthorizationServer,
  startLoopbackServer,
  type FakeAuthorizationServer,
  type LoopbackAnswer,
  type LoopbackRequest,
} from '@meetflow/plugin-sdk/oauth/testing';

/** The private app token the fake accepts. */
export const FAKE_HUBSPOT_TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';
export const FAKE_HUBSPOT_CLIENT = { clientId: 'hubspot-client-id', clientSecret: 'hubspot-client-secret' };

type ObjectType = 'companies' | 'contacts' | 'deals' | 'emails' | 'meetings';
const TYPES: readonly ObjectType[] = ['companies', 'contacts', 'deals', 'emails', 'meetings'];

interface StoredObject {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
}

/** The properties the portal has (HubSpot refuses others: PROPERTY_DOESNT_EXIST), with the unique ones an upsert may key by. */
const PROPERTIES: Record<ObjectType, { known: string[]; unique: string[] }> = {
  companies: { known: ['name', 'domain', 'industry', 'numberofemployees', 'lifecyclestage', 'meetflow_id'], unique: ['meetflow_id'] },
  contacts: {
    known: ['email', 'firstname', 'lastname', 'jobtitle', 'lifecyclestage', 'hs_lead_status', 'meetflow_id'],
    unique: ['email', 'meetflow_id'],
  },
  deals: { known: ['dealname', 'dealstage', 'amount'], unique: [] },
  emails: {
    known: ['hs_timestamp', 'hs_email_subject', 'hs_email_text', 'hs_email_direction', 'hs_email_status', 'meetflow_id'],
    unique: [],
  },
  meetings: {
    known: [
      'hs_timestamp',
      'hs_meeting_title',
      'hs_meeting_body',
      'hs_meeting_start_time',
      'hs_meeting_end_time',
      'hs_meeting_outcome',
      'meetflow_id',
    ],
    unique: [],
  },
};
const COMPUTED = ['hs_object_id', 'hs_num_open_deals', 'createdate', 'lastmodifieddate'];
const CLOSED_STAGES = new Set(['closedwon', 'closedlost']);

/** One email or meeting the fake holds, with the contacts it is associated with: what a test (or the e2e) reads. */
export interface LoggedActivity {
  id: string;
  kind: 'email' | 'meeting';
  properties: Record<string, string | null>;
  contactEmails: string[];
}

/** A fault the next matching requests meet. */
export interface FakeFault {
  status: number;
  /** How many requests meet it (default 1). */
  count?: number;
  retryAfter?: string;
  /** Only requests whose path ends with this. */
  path?: string;
  /** Only requests of this method. */
  method?: string;
  /** Do the work first, then answer the fault (the answer was lost after the write). */
  afterCommit?: boolean;
}

/** A running fake HubSpot. */
export interface FakeHubSpot {
  /** The base URL to configure ("http://127.0.0.1:PORT"). */
  baseUrl: string;
  tokenUrl: string;
  authorizeUrl: string;
  oauth: FakeAuthorizationServer;
  requests: LoopbackRequest[];
  /** The objects of a type, as stored. */
  objects(type: ObjectType): StoredObject[];
  /** Every email and meeting logged, oldest first. */
  activityLog(): LoggedActivity[];
  /** A user's edit in HubSpot: sets properties of a stored object. */
  edit(type: ObjectType, id: string, properties: Record<string, string>): void;
  fail(fault: FakeFault): void;
  close(): Promise<void>;
}

/** What the fake is seeded with: a customer, a company with an open deal, one with only a closed-lost deal, a customer contact. */
export const FAKE_HUBSPOT_SEED = {
  customer: { name: 'Ledgerly', domain: 'ledgerly.io' },
  openDeal: { name: 'Brightforge Analytics', domain: 'brightforge.com' },
  closedLost: { name: 'Harborline Logistics', domain: 'harborline.com' },
  customerContact: 'maya.okafor@ledgerly.io',
};

const error = (status: number, category: string, message: string, extra: Record<string, unknown> = {}): LoopbackAnswer => ({
  status,
  body: { status: 'error', message, correlationId: randomUUID(), category, ...extra },
});

interface Filter {
  propertyName: string;
  operator: string;
  value?: string;
}

/** Starts the fake on a free loopback port; `now` is the clock its OAuth tokens expire on. */
export async function startFakeHubSpot(options: { now?: () => Date } = {}): Promise<FakeHubSpot> {
  const now = options.now ?? (() => new Date());
  const store = new Map<ObjectType, Map<string, StoredObject>>(TYPES.map((type) => [type, new Map()]));
  const associations = new Set<string>();
  const faults: Array<FakeFault & { left: number }> = [];
  let nextId = 10_001;

  const associate = (fromType: ObjectType, fromId: string, toType: ObjectType, toId: string) => {
    associations.add(`${fromType}:${fromId}>${toType}:${toId}`);
    associations.add(`${toType}:${toId}>${fromType}:${fromId}`);
  };
  const associated = (fromType: ObjectType, fromId: string, toType: ObjectType) =>
    [...associations].flatMap((key) => {
      const match = /^(\w+):(\d+)>(\w+):(\d+)$/.exec(key);
      return match && match[1] === fromType && match[2] === fromId && match[3] === toType ? [match[4]!] : [];
    });

  const create = (type: ObjectType, properties: Record<string, string | null>): StoredObject => {
    const at = now().toISOString();
    const object = { id: String(nextId++), properties: { ...properties }, createdAt: at, updatedAt: at };
    store.get(type)!.set(object.id, object);
    return object;
  };

  /** The object as the API shows it: the properties asked for (plus computed ones), id as hs_object_id. */
  const view = (type: ObjectType, object: StoredObject, asked?: string[]) => {
    const all: Record<string, string | null> = {
      ...object.properties,
      hs_object_id: object.id,
      createdate: object.createdAt,
      lastmodifieddate: object.updatedAt,
    };
    if (type === 'companies') {
      const open = associated('companies', object.id, 'deals').filter(
        (dealId) => !CLOSED_STAGES.has(store.get('deals')!.get(dealId)?.properties.dealstage ?? ''),
      );
      all.hs_num_open_deals = String(open.length);
    }
    const keys = asked && asked.length ? ['hs_object_id', 'createdate', 'lastmodifieddate', ...asked] : Object.keys(all);
    return {
      id: object.id,
      properties: Object.fromEntries(keys.map((key) => [key, all[key] ?? null])),
      createdAt: object.createdAt,
      updatedAt: object.updatedAt,
      archived: false,
    };
  };

  const findBy = (type: ObjectType, property: string, value: string) =>
    [...store.get(type)!.values()].find((object) => (object.properties[property] ?? '').toLowerCase() === value.toLowerCase());

  const unknownProperty = (type: ObjectType, properties: Record<string, unknown>) =>
    Object.keys(properties).find((key) => !PROPERTIES[type].known.includes(key));

  const propertyError = (name: string) =>
    error(
      400,
      'VALIDATION_ERROR',
      `Property values were not valid: [{"isValid":false,"message":"Property \\"${name}\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"${name}"}]`,
      { errors: [{ message: `Property "${name}" does not exist`, code: 'PROPERTY_DOESNT_EXIST', in: name }] },
    );

  // Seed: what the portal holds before Meetflow connects.
  const seedCompany = (name: string, domain: string, lifecyclestage: string) => create('companies', { name, domain, lifecyclestage });
  const customer = seedCompany(FAKE_HUBSPOT_SEED.customer.name, FAKE_HUBSPOT_SEED.customer.domain, 'customer');
  const withOpenDeal = seedCompany(FAKE_HUBSPOT_SEED.openDeal.name, FAKE_HUBSPOT_SEED.openDeal.domain, 'opportunity');
  const withLostDeal = seedCompany(FAKE_HUBSPOT_SEED.closedLost.name, FAKE_HUBSPOT_SEED.closedLost.domain, 'opportunity');
  associate(
    'deals',
    create('deals', { dealname: 'Brightforge pilot', dealstage: 'presentationscheduled', amount: '12000' }).id,
    'companies',
    withOpenDeal.id,
  );
  associate(
    'deals',
    create('deals', { dealname: 'Harborline rollout', dealstage: 'closedlost', amount: '40000' }).id,
    'companies',
    withLostDeal.id,
  );
  const contact = create('contacts', {
    email: FAKE_HUBSPOT_SEED.customerContact,
    firstname: 'Maya',
    lastname: 'Okafor',
    lifecyclestage: 'customer',
  });
  associate('contacts', contact.id, 'companies', customer.id);

  function search(type: ObjectType, body: Record<string, unknown>): LoopbackAnswer {
    const groups = (body.filterGroups as Array<{ filters: Filter[] }> | undefined) ?? [];
    const matches = (object: StoredObject) => {
      if (groups.length === 0) return true;
      const shown = view(type, object).properties;
      return groups.some(({ filters }) =>
        filters.every(({ propertyName, operator, value }) => {
          const actual = shown[propertyName];
          if (!PROPERTIES[type].known.includes(propertyName) && !COMPUTED.includes(propertyName)) return false;
          if (operator === 'EQ') return (actual ?? '').toLowerCase() === (value ?? '').toLowerCase();
          if (operator === 'NEQ') return (actual ?? '').toLowerCase() !== (value ?? '').toLowerCase();
          if (operator === 'GT') return Number(actual) > Number(value);
          if (operator === 'HAS_PROPERTY') return actual !== null && actual !== '';
          return false;
        }),
      );
    };
    for (const { filters } of groups) {
      const bad = filters.find(({ propertyName }) => !PROPERTIES[type].known.includes(propertyName) && !COMPUTED.includes(propertyName));
      if (bad)
        return error(400, 'VALIDATION_ERROR', `There was a problem with the request.`, {
          errors: [{ message: `Property "${bad.propertyName}" does not exist`, code: 'PROPERTY_DOESNT_EXIST', in: bad.propertyName }],
        });
    }
    const limit = Math.min(Number(body.limit ?? 10), 200);
    const offset = Number(body.after ?? 0);
    const found = [...store.get(type)!.values()].filter(matches).sort((a, b) => Number(a.id) - Number(b.id));
    const page = found.slice(offset, offset + limit);
    const next = offset + limit < found.length ? String(offset + limit) : null;
    return {
      status: 200,
      body: {
        total: found.length,
        results: page.map((object) => view(type, object, body.properties as string[] | undefined)),
        ...(next ? { paging: { next: { after: next, link: `?after=${next}` } } } : {}),
      },
    };
  }

  function batchRead(type: ObjectType, body: Record<string, unknown>): LoopbackAnswer {
    const idProperty = body.idProperty as string | undefined;
    const inputs = (body.inputs as Array<{ id: string }> | undefined) ?? [];
    const found: StoredObject[] = [];
    const missing: string[] = [];
    for (const { id } of inputs) {
      const object = idProperty ? findBy(type, idProperty, id) : store.get(type)!.get(id);
      if (object) found.push(object);
      else missing.push(id);
    }
    const at = now().toISOString();
    const results = found.map((object) => view(type, object, body.properties as string[] | undefined));
    if (missing.length === 0) return { status: 200, body: { status: 'COMPLETE', results, startedAt: at, completedAt: at } };
    return {
      status: 207,
      body: {
        status: 'COMPLETE',
        results,
        numErrors: 1,
        errors: [
          {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: `Could not get some ${type.toUpperCase()} objects, they may be deleted or not exist. Check that ids are valid.`,
            context: { ids: missing },
          },
        ],
        startedAt: at,
        completedAt: at,
      },
    };
  }

  function batchUpsert(type: ObjectType, body: Record<string, unknown>): LoopbackAnswer {
    const inputs = (body.inputs as Array<{ id: string; idProperty: string; properties: Record<string, string> }> | undefined) ?? [];
    if (inputs.length > 100)
      return error(400, 'VALIDATION_ERROR', 'Batch input size exceeds the limit of 100.', {
        errors: [{ message: 'too many inputs', in: 'inputs' }],
      });
    for (const input of inputs) {
      if (!PROPERTIES[type].unique.includes(input.idProperty))
        return error(400, 'VALIDATION_ERROR', `${input.idProperty} is not a unique property of ${type}.`, {
          errors: [{ message: 'idProperty must have unique values', in: input.idProperty }],
        });
      const bad = unknownProperty(type, input.properties ?? {});
      if (bad) return propertyError(bad);
    }
    const at = now().toISOString();
    const results = inputs.map((input) => {
      const existing = findBy(type, input.idProperty, input.id);
      if (existing) {
        Object.assign(existing.properties, input.properties);
        existing.updatedAt = at;
        return { ...view(type, existing), new: false };
      }
      return { ...view(type, create(type, { ...input.properties, [input.idProperty]: input.id })), new: true };
    });
    return { status: 200, body: { status: 'COMPLETE', results, startedAt: at, completedAt: at } };
  }

  function createOne(type: ObjectType, body: Record<string, unknown>): LoopbackAnswer {
    const properties = (body.properties as Record<string, string> | undefined) ?? {};
    const bad = unknownProperty(type, properties);
    if (bad) return propertyError(bad);
    if ((type === 'emails' || type === 'meetings') && !properties.hs_timestamp)
      return error(400, 'VALIDATION_ERROR', 'hs_timestamp is required.', { errors: [{ message: 'required', in: 'hs_timestamp' }] });
    const object = create(type, properties);
    for (const association of (body.associations as Array<{ to: { id: string } }> | undefined) ?? []) {
      if (!store.get('contacts')!.has(association.to.id)) {
        store.get(type)!.delete(object.id);
        return error(400, 'VALIDATION_ERROR', `Contact ${association.to.id} does not exist.`, {
          errors: [{ message: 'not found', in: 'associations' }],
        });
      }
      associate(type, object.id, 'contacts', association.to.id);
    }
    return { status: 201, body: view(type, object) };
  }

  function route(request: LoopbackRequest): LoopbackAnswer {
    const path = request.url.pathname;
    const body = (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
    let match = /^\/crm\/v3\/objects\/(\w+)\/(batch\/upsert|batch\/read|search)$/.exec(path);
    if (match && request.method === 'POST' && TYPES.includes(match[1] as ObjectType)) {
      const type = match[1] as ObjectType;
      if (match[2] === 'search') return search(type, body);
      if (match[2] === 'batch/read') return batchRead(type, body);
      return batchUpsert(type, body);
    }
    match = /^\/crm\/v3\/objects\/(\w+)$/.exec(path);
    if (match && request.method === 'POST' && TYPES.includes(match[1] as ObjectType)) return createOne(match[1] as ObjectType, body);
    match = /^\/crm\/v3\/objects\/(\w+)\/([^/]+)$/.exec(path);
    if (match && request.method === 'GET' && TYPES.includes(match[1] as ObjectType)) {
      const type = match[1] as ObjectType;
      const id = decodeURIComponent(match[2]!);
      const idProperty = request.url.searchParams.get('idProperty');
      const object = idProperty ? findBy(type, idProperty, id) : store.get(type)!.get(id);
      if (!object) return error(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.', { context: { id: [id] } });
      return { status: 200, body: view(type, object) };
    }
    match = /^\/crm\/v4\/associations\/(\w+)\/(\w+)\/batch\/associate\/default$/.exec(path);
    if (match && request.method === 'POST') {
      const [from, to] = [match[1] as ObjectType, match[2] as ObjectType];
      const inputs = (body.inputs as Array<{ from: { id: string }; to: { id: string } }> | undefined) ?? [];
      for (const input of inputs) {
        if (!store.get(from)?.has(input.from.id) || !store.get(to)?.has(input.to.id))
          return error(400, 'VALIDATION_ERROR', 'One or more objects do not exist.', { errors: [{ message: 'not found', in: 'inputs' }] });
      }
      for (const input of inputs) associate(from, input.from.id, to, input.to.id);
      const at = now().toISOString();
      return {
        status: 200,
        body: {
          status: 'COMPLETE',
          results: inputs.map((input) => ({
            associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 },
            from: input.from,
            to: input.to,
          })),
          startedAt: at,
          completedAt: at,
        },
      };
    }
    return error(404, 'OBJECT_NOT_FOUND', `No route for ${request.method} ${path}`);
  }

  const oauth = fakeAuthorizationServer({
    ...FAKE_HUBSPOT_CLIENT,
    now,
    paths: { authorize: '/oauth/authorize', token: '/oauth/v1/token' },
    accessTokenLifetimeSeconds: 1800,
  });

  const server = await startLoopbackServer((request) => {
    const answer = oauth.handle(request);
    if (answer) return answer;
    // Deleting a refresh token (the app uninstalled): the token in the path is the credential, no Authorization.
    const deleted = /^\/oauth\/v1\/refresh-tokens\/([^/]+)$/.exec(request.url.pathname);
    if (deleted && request.method === 'DELETE')
      return oauth.deleteRefreshToken(decodeURIComponent(deleted[1]!))
        ? { status: 204 }
        : error(404, 'OBJECT_NOT_FOUND', 'Refresh token not found');
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (token !== FAKE_HUBSPOT_TOKEN) {
      const state = oauth.accessTokenState(token);
      if (state === 'expired')
        return error(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired 1 minute(s) ago.');
      if (state !== 'valid')
        return error(
          401,
          'INVALID_AUTHENTICATION',
          'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
        );
    }
    const fault = faults.find(
      (candidate) =>
        candidate.left > 0 &&
        (!candidate.path || request.url.pathname.endsWith(candidate.path)) &&
        (!candidate.method || candidate.method === request.method),
    );
    if (fault) fault.left -= 1;
    if (fault && !fault.afterCommit) return faultAnswer(fault);
    const answer2 = route(request);
    return fault ? faultAnswer(fault) : answer2;
  });

  function faultAnswer(fault: FakeFault): LoopbackAnswer {
    const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
    if (fault.status === 429)
      return {
        status: 429,
        headers,
        body: {
          status: 'error',
          message: 'You have reached your secondly limit.',
          errorType: 'RATE_LIMIT',
          correlationId: randomUUID(),
          policyName: 'SECONDLY',
        },
      };
    return {
      status: fault.status,
      headers,
      body: { status: 'error', message: 'internal error', correlationId: randomUUID(), category: 'INTERNAL_ERROR' },
    };
  }

  return {
    baseUrl: server.origin,
    tokenUrl: `${server.origin}/oauth/v1/token`,
    authorizeUrl: `${server.origin}/oauth/authorize`,
    oauth,
    requests: server.requests,
    objects: (type) => [...store.get(type)!.values()],
    activityLog: () =>
      (['emails', 'meetings'] as const)
        .flatMap((type) =>
          [...store.get(type)!.values()].map((object) => ({
            id: object.id,
            kind: type === 'emails' ? ('email' as const) : ('meeting' as const),
            properties: { ...object.properties },
            contactEmails: associated(type, object.id, 'contacts').map((id) => store.get('contacts')!.get(id)?.properties.email ?? ''),
          })),
        )
        .sort((a, b) => Number(a.id) - Number(b.id)),
    edit(type, id, properties) {
      const object = store.get(type)!.get(id);
      if (!object) throw new Error(`no ${type} ${id}`);
      Object.assign(object.properties, properties);
    },
    fail(fault) {
      faults.push({ ...fault, left: fault.count ?? 1 });
    },
    close: () => server.close(),
  };
}
