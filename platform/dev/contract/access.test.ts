import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/core/access.ts';
import { NOT_SIGNED_IN } from '../../src/core/http/access-check.ts';
import { allRouteDocs } from '../../src/api/routes.ts';
import { CROSS_ORIGIN } from '../../src/core/http/same-origin.ts';
import type { RouteDoc } from '../../src/core/http/route-doc.ts';
import { createApiToken } from '../../src/features/accounts/auth/tokens.ts';
import { ownerToken } from '../testing/principal.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';
import { routeKey } from './routes.ts';

// The permission table walked: every route's declared access, enforced by the one access check
// of the real API, for anonymous callers, members of another workspace, each role, and browsers
// calling from another site.
let platform: ContractPlatform;
const workspace = uniqueWorkspace('access');
const tokens = {} as Record<Role, string>;
let outsider: string;

/** The routes anyone may call without signing in, each with why: adding one here is a decision, not an accident. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/webhooks/event-types':
    'documentation, like the OpenAPI document: the JSON Schema of each webhook event type, the same for everyone, no workspace data',
  'GET /api/health': 'load balancers and uptime checks probe it',
  'POST /api/auth/signup': 'how a person gets an account',
  'POST /api/auth/login': 'how a person gets a session',
  'POST /api/auth/logout': 'ends whatever session the cookie holds, if any',
  'POST /api/auth/password-reset':
    'for a person who cannot sign in: it answers the same whether or not the address has an account, and is limited per client address',
  'POST /api/auth/password-reset/confirm': "the emailed link's token is the credential (single use, 30 minutes)",
  'POST /api/auth/verify-email': "the emailed link's token is the credential (single use, 24 hours), opened in any browser",
  'GET /api/openapi.json': 'the API description, for generated clients',
  'GET /api/landing-page/social-proof':
    "the public landing page shows it to visitors: read-only, the same for everyone, only what the deployer put in MEETFLOW_SOCIAL_PROOF's file",
  'POST /api/unsubscribe/{token}':
    "a recipient's one-click unsubscribe (RFC 8058), sent by their mail client: the link's random id is the credential, standing for one workspace, prospect and address",
  'GET /api/unsubscribe/{token}':
    "the page the footer link of every email opens, for a recipient who has no account: the link's random id is the credential",
  'GET /api/o/{token}':
    "a tracked email's open pixel, fetched by the recipient's mail client: the pixel's random id is the credential, standing for one workspace, sequence and step",
  'GET /api/book/{token}':
    "a prospect's booking page (emailed to them, no account): the link's 256-bit token is the credential, standing for one workspace, prospect and sequence; it reads the free times and that prospect's meeting only",
  'POST /api/book/{token}': "books the one meeting of the link's prospect, once per link (the token is the credential)",
  'POST /api/book/{token}/reschedule': 'moves the meeting the link booked, and no other (the token is the credential; five moves at most)',
  'POST /api/book/{token}/cancel': 'cancels the meeting the link booked, and no other; the link is then used up',
  'GET /api/book/{token}/invite.ics': "the .ics of the meeting the link booked, for the prospect's calendar",
  'GET /api/oauth/callback':
    "where the provider sends the browser back: its one-use state decides the workspace, and it finishes only for the session's principal who started it (looked up by the handler), else redirects with why",
  'POST /api/inbound/email':
    "an inbound-parse webhook (replies and bounces) calls it, with no session or API token: the workspace's inbound secret in X-Meetflow-Inbound-Secret is the credential",
  'POST /api/calendars/notifications/{provider}':
    "Google and Microsoft Graph call it with no session or API token: the random token Meetflow gave the calendar's channel (X-Goog-Channel-Token, Graph's clientState) is the credential, compared with its stored hash; the workspace is the account's holding the channel, and all it does is make that calendar's read-back read now",
  'POST /api/billing/webhooks/stripe':
    "Stripe calls it, with no session or API token: a Stripe-Signature made with the endpoint's signing secret is the credential, and the workspace is the stored invoice's the event names, never the body's",
  'POST /api/billing/webhooks/paypal':
    "PayPal calls it, with no session or API token: PayPal's verify-webhook-signature confirming the transmission for this server's webhook id is the credential, and the workspace is the stored invoice's the event names, never the body's",
};

beforeAll(async () => {
  platform = await startContractPlatform('contract-access');
  for (const role of ROLES) {
    await ownerToken(platform.stack.db, workspace); // makes the workspace
    tokens[role] = (await createApiToken(platform.stack.db, { workspace, name: role, role, createdBy: null }, new Date())).token;
  }
  outsider = await ownerToken(platform.stack.db, uniqueWorkspace('access-other'));
}, 60_000);
afterAll(async () => platform?.close());

/** Calls a route as its doc describes it, with placeholder path parameters and an empty JSON body (the check comes first). */
async function call(doc: RouteDoc, headers: Record<string, string> = {}, query = `?workspace=${workspace}`) {
  const path = doc.path.replace(/\{\w+\}/g, '1');
  const body = doc.method === 'get' || doc.method === 'delete' ? undefined : '{}';
  const response = await fetch(`${platform.url}${path}${query}`, {
    method: doc.method.toUpperCase(),
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body,
  });
  return { status: response.status, text: await response.text() };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const below = (role: Role): Role | undefined => ROLES[ROLES.indexOf(role) + 1];
const guarded = allRouteDocs.filter((doc) => doc.access !== 'public');

describe('the permission table', () => {
  it('declares one access per route, and only the listed routes are public', () => {
    for (const doc of allRouteDocs) expect(['public', 'signed-in', ...ROLES], routeKey(doc)).toContain(doc.access);
    expect(
      allRouteDocs
        .filter((doc) => doc.access === 'public')
        .map(routeKey)
        .sort(),
    ).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  for (const doc of guarded) {
    const access = doc.access as Exclude<RouteDoc['access'], 'public'>;
    it(`${routeKey(doc)}: ${access}`, async () => {
      const anonymous = await call(doc);
      expect([anonymous.status, anonymous.text], 'anonymous').toEqual([401, NOT_SIGNED_IN]);
      const forged = await call(doc, bearer('mf_not-a-token-anybody-issued'));
      expect(forged.status, 'an unknown token').toBe(401);
      if (access === 'signed-in') return;
      // A member of another workspace learns nothing: the same 404 as for a workspace that does not exist.
      const stranger = await call(doc, bearer(outsider));
      expect([stranger.status, stranger.text], 'another workspace').toEqual([404, `Workspace "${workspace}" not found.`]);
      const weaker = below(access);
      if (weaker) {
        const refused = await call(doc, bearer(tokens[weaker]));
        expect([refused.status, refused.text], weaker).toEqual([403, expect.stringContaining(`it takes ${access} or above`)]);
      }
      // The role named, and so every stronger one, gets past the check (the handler may still refuse the placeholder request).
      for (const role of ROLES.slice(0, ROLES.indexOf(access) + 1)) {
        const allowed = await call(doc, bearer(tokens[role]));
        expect([401, 403], `${role}: ${allowed.text}`).not.toContain(allowed.status);
        expect(allowed.text, role).not.toContain(`Workspace "${workspace}" not found`);
      }
    });
  }

  it('lets the public routes be called without signing in', async () => {
    for (const doc of allRouteDocs.filter((route) => route.access === 'public')) {
      expect((await call(doc, {}, '')).status, routeKey(doc)).not.toBe(401);
    }
  });
});

describe('API tokens', () => {
  it('stop working the moment they are revoked, and record when they were last used', async () => {
    const owner = bearer(tokens.owner);
    const created = await fetch(`${platform.url}/api/tokens?workspace=${workspace}`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'short-lived', role: 'viewer' }),
    });
    const { id, token } = (await created.json()) as { id: string; token: string };
    expect((await fetch(`${platform.url}/api/prospects`, { headers: bearer(token) })).status).toBe(200);
    const listed = (await (await fetch(`${platform.url}/api/tokens`, { headers: owner })).json()) as Array<{
      id: string;
      lastUsedAt: string;
    }>;
    expect(Date.parse(listed.find((entry) => entry.id === id)!.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(listed)).not.toContain(token);
    // Stored as a hash only.
    const stored = JSON.stringify(await platform.stack.database.collection('apitokens').find({}).toArray());
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(10));
    expect((await fetch(`${platform.url}/api/tokens/${id}`, { method: 'DELETE', headers: owner })).status).toBe(200);
    const revoked = await fetch(`${platform.url}/api/prospects`, { headers: bearer(token) });
    expect([revoked.status, await revoked.text()]).toEqual([401, 'The API token is not valid: it was revoked, or it is mistyped.']);
  });
});

describe('cross-site requests (CSRF)', () => {
  const signUp = (headers: Record<string, string>) =>
    fetch(`${platform.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: `${uniqueWorkspace('csrf')}@access.example`, password: 'a long passphrase', name: 'Cross Site' }),
    });

  it('refuses a state-changing call a browser says comes from another site, and changes nothing', async () => {
    const before = await platform.stack.db.users.countDocuments();
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const refused = await signUp(headers);
      expect([refused.status, await refused.text()], JSON.stringify(headers)).toEqual([403, CROSS_ORIGIN]);
    }
    expect(await platform.stack.db.users.countDocuments()).toBe(before);
  });

  it("accepts the app's own calls and non-browser clients", async () => {
    expect((await signUp({ 'sec-fetch-site': 'same-origin', origin: platform.url })).status).toBe(202);
    expect((await signUp({ origin: platform.url })).status).toBe(202);
    expect((await signUp({})).status).toBe(202);
    // Reads are never refused for their origin.
    expect((await fetch(`${platform.url}/api/health`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });
});
