import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDoc } from '../../src/core/http/route-doc.ts';
import { allRouteDocs } from '../../src/api/routes.ts';
import { badStringFor, fieldsOf, namesField, wrongTypeFor } from './bad-values.ts';
import type { ContractClient } from './client.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';
import { fillPath, pathParams, routeKey, type RouteKey } from './routes.ts';
import { PATH_PLACEHOLDERS, VALID_BODIES } from './valid-requests.ts';

// Every documented query, path and body field is refused with a 400 naming it, derived from the
// route docs, so a new field or route is checked without anyone writing its case.

/** One request that must be refused, and the fields its 400 must name. */
interface BadRequest {
  route: RouteKey;
  what: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  bad: string[];
  /** Fields of the request that are fine, so the answer must not name them. */
  fine: string[];
}

const PLATFORM_WIDE = new Set<RouteKey>([
  'GET /api/health',
  'GET /api/plugins',
  'GET /api/plugins/{id}',
  'GET /api/openapi.json',
  'GET /api/landing-page/social-proof',
  'GET /api/webhooks/event-types',
  // The payment providers' webhooks: the invoice the event names decides the workspace.
  'POST /api/billing/webhooks/stripe',
  'POST /api/billing/webhooks/paypal',
  // A calendar's change notification: the account holding its channel decides the workspace.
  'POST /api/calendars/notifications/{provider}',
  'GET /api/icp/sample-sites',
  'GET /api/agents/settings',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'POST /api/auth/password',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/verify-email',
  'POST /api/auth/verify-email/resend',
  'POST /api/workspaces',
  'POST /api/invitations/accept',
  // The signed token names the workspace (a recipient's link, no ?workspace= in it).
  'POST /api/unsubscribe/{token}',
  'GET /api/unsubscribe/{token}',
  'GET /api/o/{token}',
  // A booking link's token names its workspace (the prospect's link, no ?workspace= in it).
  'GET /api/book/{token}',
  'POST /api/book/{token}',
  'POST /api/book/{token}/reschedule',
  'POST /api/book/{token}/cancel',
  'GET /api/book/{token}/invite.ics',
  // The OAuth callback: its state record names the workspace (the provider's redirect, no ?workspace= in it).
  'GET /api/oauth/callback',
]);

function badRequestsOf(doc: RouteDoc): BadRequest[] {
  const route = routeKey(doc);
  const params = Object.fromEntries(pathParams(doc.path).map((name) => [name, PATH_PLACEHOLDERS[name]!]));
  const valid = { route, params, query: {} as Record<string, string>, body: VALID_BODIES[route] };
  const cases: BadRequest[] = [];
  const queryFields = doc.query ? fieldsOf(doc.query).properties : {};
  const bodyFields = doc.body ? fieldsOf(doc.body) : { properties: {}, required: [] };
  const bodyNames = Object.keys(bodyFields.properties);
  for (const [name, field] of Object.entries(queryFields)) {
    const value = badStringFor(field);
    if (value !== undefined)
      cases.push({ ...valid, what: `query ${name}=${value.slice(0, 20)}`, query: { [name]: value }, bad: [name], fine: bodyNames });
  }
  const ownQuery = cases.filter((request) => request.bad[0] !== 'workspace');
  if (ownQuery.length > 1) {
    cases.push({
      ...valid,
      what: 'every query field at once',
      query: Object.assign({}, ...ownQuery.map((request) => request.query)),
      bad: ownQuery.flatMap((request) => request.bad),
      fine: bodyNames,
    });
  }
  for (const [name, field] of doc.params ? Object.entries(fieldsOf(doc.params).properties) : []) {
    const value = badStringFor(field);
    if (value !== undefined)
      cases.push({ ...valid, what: `path ${name}=${value}`, params: { ...params, [name]: value }, bad: [name], fine: bodyNames });
  }
  const wrong = Object.entries(bodyFields.properties).flatMap(([name, field]) => {
    const value = wrongTypeFor(field);
    return value === undefined ? [] : [[name, value] as const];
  });
  for (const [name, value] of wrong) {
    cases.push({
      ...valid,
      what: `body ${name}: ${JSON.stringify(value)}`,
      body: { ...(valid.body as object), [name]: value },
      bad: [name],
      fine: bodyNames.filter((other) => other !== name),
    });
  }
  if (wrong.length > 1) {
    cases.push({
      ...valid,
      what: 'every body field of a wrong type',
      body: Object.fromEntries(wrong),
      bad: wrong.map(([name]) => name),
      fine: [],
    });
  }
  if (bodyFields.required.length > 0) {
    cases.push({
      ...valid,
      what: 'an empty body',
      body: {},
      bad: bodyFields.required,
      fine: bodyNames.filter((name) => !bodyFields.required.includes(name)),
    });
  }
  return cases;
}

const BAD_REQUESTS = allRouteDocs.flatMap(badRequestsOf);

let platform: ContractPlatform;
let client: ContractClient;

beforeAll(async () => {
  platform = await startContractPlatform('contract-validation');
  client = platform.client(uniqueWorkspace('validation'));
});
afterAll(async () => platform?.close());

describe('request validation, derived from the route docs', () => {
  it('has a valid body for every route that takes one, and it passes the documented schema', () => {
    const withBody = allRouteDocs.filter((doc) => doc.body);
    expect(Object.keys(VALID_BODIES).sort()).toEqual(withBody.map(routeKey).sort());
    for (const doc of withBody) expect(doc.body!.safeParse(VALID_BODIES[routeKey(doc)]).error, routeKey(doc)).toBeUndefined();
    for (const doc of allRouteDocs)
      for (const name of pathParams(doc.path)) expect(PATH_PLACEHOLDERS[name], `${routeKey(doc)} {${name}}`).toBeDefined();
  });

  it("reads ?workspace= on every route but the platform's own, and documents it", () => {
    const undocumented = allRouteDocs.filter((doc) => !PLATFORM_WIDE.has(routeKey(doc)) && !(doc.query && 'workspace' in doc.query.shape));
    expect(undocumented.map(routeKey)).toEqual([]);
  });

  it('has at least one bad request for every route with a query or a body', () => {
    const covered = new Set(BAD_REQUESTS.map((request) => request.route));
    expect(allRouteDocs.filter((doc) => (doc.query || doc.body) && !covered.has(routeKey(doc))).map(routeKey)).toEqual([]);
  });

  for (const request of BAD_REQUESTS) {
    it(`${request.route}: ${request.what} → 400 naming ${request.bad.join(', ')}`, async () => {
      const [method, path] = request.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      // A bad `workspace` in the query replaces the client's own.
      const answer = await client.request(method, fillPath(path, request.params), { query: request.query, body: request.body });
      const toast = `${answer.status}: ${answer.text}`; // what the UI shows
      expect(answer.status, toast).toBe(400);
      for (const field of request.bad) expect(namesField(answer.text, field), `${toast} should name ${field}`).toBe(true);
      for (const field of request.fine) expect(namesField(answer.text, field), `${toast} should not name ${field}`).toBe(false);
    });
  }
});
