// Salesforce connected through the platform's OAuth flow (/api/oauth, its "crm" handler in
// oauth-connect.ts) against the local fake Salesforce org (plugins/crm-salesforce/src/testing.ts):
// the fake's authorization endpoint grants at once, its token endpoint answers instance_url, and its
// REST API accepts only the access tokens it issued, expiring on its own clock (moved ahead here);
// disconnecting revokes the grant at its revocation endpoint. HubSpot, beside its token form, the same
// way against the fake HubSpot (plugins/crm-hubspot/src/testing.ts), revoked by HubSpot's DELETE.
// Pipedrive, whose sign-in carries the settings typed before it in its state, against the fake
// Pipedrive (plugins/crm-pipedrive/src/testing.ts), its token answer saying the company's api_domain.
import { randomBytes } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import type { OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization } from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock } from '@meetflow/plugin-sdk/testing';
import { FAKE_HUBSPOT_CLIENT, startFakeHubSpot, type FakeHubSpot } from '@meetflow/plugin-crm-hubspot/testing';
import {
  FAKE_PIPEDRIVE_CLIENT,
  FAKE_PIPEDRIVE_FIELDS,
  startFakePipedrive,
  type FakePipedrive,
} from '@meetflow/plugin-crm-pipedrive/testing';
import { FAKE_SALESFORCE_CLIENT, startFakeSalesforce, type FakeSalesforce } from '@meetflow/plugin-crm-salesforce/testing';
import { Client, Connection } from '@temporalio/client';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import type { Authenticator, Role } from '../../../core/access.ts';
import { publishEvent } from '../../../core/events.ts';
import { authentication } from '../../../core/http/access-check.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createModels, type Models } from '../../models.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { withOAuthClients } from '../oauth/clients.ts';
import { oauthRouter } from '../oauth/routes.ts';
import { clientLimits } from '../../../core/http/client-limit.ts';
import { publicRouteLimiter } from '../../accounts/auth/login-limits.ts';
import { openCrmSecret } from './connection-secret.ts';
import { disconnectCrm } from './connections.ts';
import type { CrmConnection } from './model.ts';
import { registerCrmOAuth } from './oauth-connect.ts';
import { crmRouter } from './routes.ts';
import { crmSyncWorkflowId } from './run.ts';
import { syncPage } from './sync.ts';

const box = secretsBox(randomBytes(32));
const PUBLIC_URL = 'https://meetflow.example';
/** The fake org's clock: moved ahead to end the sessions it issued (the platform's stays real). */
let aheadMs = 0;
let fake: FakeSalesforce;
/** The fake HubSpot's clock, moved ahead to expire the access tokens it issued. */
let hubspotAheadMs = 0;
let hubspot: FakeHubSpot;
let pipedrive: FakePipedrive;
let database: mongoose.Connection;
let db: Models;
let host: PluginHost;
let client: Client;
let url: string;
let close: () => Promise<void>;
// No worker polls this queue: the sync a connect asks for waits there, and the test runs its pages itself.
const taskQueue = `crm-oauth-${randomBytes(4).toString('hex')}`;

const a = `crm-a-${randomBytes(4).toString('hex')}`;
const b = `crm-b-${randomBytes(4).toString('hex')}`;
const c = `crm-c-${randomBytes(4).toString('hex')}`;
const d = `crm-d-${randomBytes(4).toString('hex')}`;
const members: Record<string, Record<string, Role>> = {
  ann: { [a]: 'owner', [c]: 'owner', [d]: 'owner' },
  sam: { [a]: 'sales-ops' },
  oz: { [b]: 'admin' },
};
const asHeader: Authenticator = async (ctx) => {
  const who = ctx.get('x-test-as');
  if (!who) return null;
  return {
    id: `user:${who}`,
    kind: 'user',
    userId: who,
    roleIn: async (slug) => members[who]?.[slug] ?? null,
    defaultWorkspace: async () => Object.keys(members[who] ?? {})[0] ?? null,
    describe: async () => who,
  };
};

/**
 * The plugins, Salesforce's endpoints at the fake (its server-only config) but revocation at
 * `revokeUrl`, HubSpot's and Pipedrive's at their fakes; the clients as the variables their manifests name.
 */
function salesforceHost(revokeUrl: string): PluginHost {
  const crms = installedPlugins.filter((plugin) => plugin.manifest.kind === 'crm');
  const settings = withOAuthClients(
    crms,
    {
      'crm-salesforce': {
        instanceUrlPattern: '^http://127\\.0\\.0\\.1:\\d+$',
        oauthAuthorizeUrl: fake.authorizeUrl,
        oauthTokenUrl: fake.tokenUrl,
        oauthRevokeUrl: revokeUrl,
        timeoutSeconds: 5,
      },
      'crm-hubspot': {
        baseUrl: hubspot.baseUrl,
        oauthAuthorizeUrl: hubspot.authorizeUrl,
        oauthTokenUrl: hubspot.tokenUrl,
        oauthRevokeUrl: `${hubspot.baseUrl}/oauth/v1/refresh-tokens`,
        timeoutSeconds: 5,
      },
      'crm-pipedrive': {
        apiDomainPattern: '^http://127\\.0\\.0\\.1:\\d+$',
        oauthAuthorizeUrl: pipedrive.authorizeUrl,
        oauthTokenUrl: pipedrive.tokenUrl,
        oauthRevokeUrl: pipedrive.revokeUrl,
        timeoutSeconds: 5,
      },
    },
    {
      MEETFLOW_SALESFORCE_CLIENT_ID: FAKE_SALESFORCE_CLIENT.clientId,
      MEETFLOW_SALESFORCE_CLIENT_SECRET: FAKE_SALESFORCE_CLIENT.clientSecret,
      MEETFLOW_HUBSPOT_CLIENT_ID: FAKE_HUBSPOT_CLIENT.clientId,
      MEETFLOW_HUBSPOT_CLIENT_SECRET: FAKE_HUBSPOT_CLIENT.clientSecret,
      MEETFLOW_PIPEDRIVE_CLIENT_ID: FAKE_PIPEDRIVE_CLIENT.clientId,
      MEETFLOW_PIPEDRIVE_CLIENT_SECRET: FAKE_PIPEDRIVE_CLIENT.clientSecret,
    },
  );
  return PluginHost.load(installedPlugins, settings);
}

beforeAll(async () => {
  fake = await startFakeSalesforce({ now: () => new Date(Date.now() + aheadMs) });
  hubspot = await startFakeHubSpot({ now: () => new Date(Date.now() + hubspotAheadMs) });
  pipedrive = await startFakePipedrive();
  host = salesforceHost(fake.revokeUrl);
  database = await openTestDatabase('crm-oauth');
  db = createModels(database);
  await Promise.all(Object.values(db).map((model) => model.init()));
  client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });

  const deps = { db, secrets: box, host, workflows: { client, taskQueue } };
  // The connect's first read waits its back-off on this clock, not for real.
  registerCrmOAuth(database, { ...deps, clock: steppingClock(new Date().toISOString()) });
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(authentication(asHeader));
  app.use(clientLimits(publicRouteLimiter(db)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  const logger = pino({ level: 'silent' });
  for (const router of [oauthRouter({ db, host, connection: database, publicUrl: PUBLIC_URL, logger }), crmRouter(deps)])
    app.use(router.routes()).use(router.allowedMethods());
  ({ url, close } = await serveForTest(app));
}, 60_000);

afterAll(async () => {
  await close?.();
  for (const workspaceId of [a, b, c, d])
    await client?.workflow
      .getHandle(crmSyncWorkflowId(workspaceId))
      .terminate('test over')
      .catch(() => undefined); // none was started there
  await client?.connection.close();
  await fake?.close();
  await hubspot?.close();
  await pipedrive?.close();
  await database?.dropDatabase();
  await database?.close();
});

const call = (who: string | null, method: string, path: string) =>
  fetch(`${url}${path}`, { method, headers: who ? { 'x-test-as': who } : {}, redirect: 'manual' });

/** `who` starts connecting Salesforce in `workspace`: the answer. */
const start = (who: string | null, workspace: string) => call(who, 'POST', `/api/oauth/crm-salesforce/start?workspace=${workspace}`);

/** `who` starts connecting `pluginId` in `workspace` with the settings typed before the sign-in (none: no body); errors come as JSON. */
const startWith = (who: string, pluginId: string, workspace: string, account?: Record<string, string>) =>
  fetch(`${url}/api/oauth/${pluginId}/start?workspace=${workspace}`, {
    method: 'POST',
    headers: { 'x-test-as': who, accept: 'application/json', ...(account ? { 'content-type': 'application/json' } : {}) },
    ...(account ? { body: JSON.stringify({ account }) } : {}),
  });

/** The browser at the fake's sign-in (it grants at once): the code and state it sends back. */
async function grant(started: Response): Promise<{ code: string; state: string }> {
  const text = await started.text();
  expect(started.status, text).toBe(200);
  const { code, state } = await followAuthorization((JSON.parse(text) as { authorizationUrl: string }).authorizationUrl);
  return { code, state: state! };
}

/** The browser back at the callback, signed in as `who`: the page it is sent to. */
async function callback(who: string | null, query: Record<string, string>): Promise<URL> {
  const response = await call(who, 'GET', `/api/oauth/callback?${new URLSearchParams(query)}`);
  expect(response.status, await response.text()).toBe(302);
  return new URL(response.headers.get('location')!, PUBLIC_URL);
}

const connectionIn = (workspaceId: string) => db.crmConnections.findOne({ workspaceId }).lean<CrmConnection>();
const tokensOf = (connection: CrmConnection) => openCrmSecret(box, connection).oauth as OAuthTokens;
const refreshes = () => fake.oauth.tokenRequests.filter((request) => request.grant_type === 'refresh_token').length;
const apiCalls = () => fake.requests.filter((request) => request.url.pathname.startsWith('/services/data/'));

/** A prospect and its prospect.created event, as the prospects feature writes them: what the next sync page writes. */
async function prospect(workspaceId: string, id: number, email: string, company: string) {
  const [firstName, lastName] = email.split('@')[0]!.split('.');
  const website = `https://${email.split('@')[1]}`;
  await db.prospects.create({ workspaceId, id, firstName, lastName, company, email, emailLower: email, website });
  await publishEvent(db, systemRunContext(workspaceId, 'test'), {
    type: 'prospect.created',
    key: String(id),
    data: { prospect: { id, firstName, lastName, email, company, jobTitle: null, source: null } },
  });
}

describe('who may connect Salesforce, and with which state', () => {
  it('refuses a member who is not an admin (403) and a request with no session (401), storing no state', async () => {
    expect((await start('sam', a)).status).toBe(403);
    expect((await start(null, a)).status).toBe(401);
    expect((await start('oz', a)).status).toBe(404); // not a member of A at all
    expect(await db.oauthStates.countDocuments({ workspaceId: a })).toBe(0);
  });

  it("binds the state to its workspace and starter: B's admin finishing A's sign-in connects nothing, in B or in A", async () => {
    const exchanges = fake.oauth.tokenRequests.length;
    const { code, state } = await grant(await start('ann', a));
    // B's admin brings A's state back, in B (a smuggled ?workspace= is ignored: the state decides).
    const location = await callback('oz', { code, state, workspace: b });
    expect(location.pathname).toBe('/settings/integrations');
    expect(location.searchParams.get('oauth_error')).toMatch(/^This sign-in was started by someone else, or in another session/);
    expect(location.searchParams.get('connected')).toBeNull();
    expect(fake.oauth.tokenRequests.length).toBe(exchanges); // the code was never exchanged
    expect(await connectionIn(b)).toBeNull();
    expect(await connectionIn(a)).toBeNull();
    // Used up: not even its starter can finish it now.
    expect((await callback('ann', { code, state })).searchParams.get('oauth_error')).toMatch(/unknown or was finished already/);
    expect(await connectionIn(a)).toBeNull();
  });

  it('refuses a tampered or unknown state with a clear error, storing nothing', async () => {
    const { code, state } = await grant(await start('ann', a));
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'not-a-state-we-made']) {
      const location = await callback('ann', { code, state: bad });
      expect(location.searchParams.get('oauth_error')).toBe(
        'This sign-in is unknown or was finished already. Nothing was connected: start again from Settings → Integrations.',
      );
    }
    expect(await connectionIn(a)).toBeNull();
    await db.oauthStates.deleteMany({ workspaceId: a });
  });
});

describe('a sign-in that cannot be used', () => {
  it('keeps nothing when Salesforce granted it but its API does not answer the first read', async () => {
    const { code, state } = await grant(await start('ann', a));
    fake.fail({ status: 503, count: 3, path: '/query' }); // every try of the plugin's (attempts: 3)
    const location = await callback('ann', { code, state });
    expect(location.searchParams.get('oauth_error')).toMatch(
      /^Salesforce was signed in to, but the CRM did not answer \(.+\)\. Nothing was connected: try again later\.$/,
    );
    expect(await connectionIn(a)).toBeNull();
  });
});

describe('Salesforce connected over OAuth', () => {
  let stored: CrmConnection;

  it('connects: instance URL from the token answer, tokens sealed, the first sync asked for', async () => {
    const { code, state } = await grant(await start('ann', a));
    const location = await callback('ann', { code, state });
    expect([location.pathname, location.search]).toEqual(['/settings/integrations', '?connected=crm-salesforce']);
    stored = (await connectionIn(a))!;
    expect(stored).toMatchObject({
      pluginId: 'crm-salesforce',
      auth: 'oauth',
      fields: { instanceUrl: fake.instanceUrl },
      connectedBy: 'user:ann',
    });
    const tokens = tokensOf(stored);
    expect(tokens.refreshToken).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(tokens.accessToken);
    expect(JSON.stringify(stored)).not.toContain(tokens.refreshToken);
    // The code was exchanged with the PKCE verifier, for the redirect URI the start gave.
    expect(fake.oauth.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: `${PUBLIC_URL}/api/oauth/callback`,
      code_verifier: expect.stringMatching(/^[\w-]{43,128}$/),
    });
    const overview = (await (await call('ann', 'GET', `/api/crm?workspace=${a}`)).json()) as { connection: unknown };
    expect(overview.connection).toMatchObject({ provider: 'Salesforce', auth: 'oauth', secretSet: true });
    expect(JSON.stringify(overview)).not.toContain(tokens.accessToken);
    const sync = await client.workflow.getHandle(crmSyncWorkflowId(a)).describe();
    expect(sync.type).toBe('crmSync');
  });

  it('refuses a second start while connected (409), before anyone is sent to Salesforce', async () => {
    const again = await start('ann', a);
    expect([again.status, await again.text()]).toEqual([409, 'This workspace has Salesforce connected already: disconnect it first.']);
    expect(await db.oauthStates.countDocuments({ workspaceId: a })).toBe(0);
  });

  it('syncs with the access token; once the session expired it refreshes once, seals the new token and goes on', async () => {
    const before = tokensOf(stored);
    await prospect(a, 1, 'jane.doe@acme-robotics.test', 'Acme Robotics');
    let calls = apiCalls().length;
    const first = await syncPage({ db, secrets: box, host }, a);
    expect(first.counts).toMatchObject({ created: 2, failed: 0 });
    const firstCalls = apiCalls().slice(calls);
    expect(firstCalls.length).toBeGreaterThan(0);
    expect(new Set(firstCalls.map((request) => request.headers.authorization))).toEqual(new Set([`Bearer ${before.accessToken}`]));
    expect(fake.records('Account').filter((account) => account.Meetflow_Id__c === 'company:acme-robotics.test')).toHaveLength(1);

    aheadMs = 3 * 3_600_000; // Salesforce ended the session (401 INVALID_SESSION_ID), though its expiresAt has not passed here
    const refreshed = refreshes();
    await prospect(a, 2, 'omar.lee@quill.test', 'Quill');
    calls = apiCalls().length;
    const second = await syncPage({ db, secrets: box, host }, a);
    expect(second.counts).toMatchObject({ created: 2, failed: 0 });
    expect(refreshes()).toBe(refreshed + 1);
    const after = (await connectionIn(a))!;
    expect(after.secret.ciphertext).not.toBe(stored.secret.ciphertext);
    const renewed = tokensOf(after);
    expect(renewed.accessToken).not.toBe(before.accessToken);
    expect(renewed.refreshToken).toBe(before.refreshToken); // Salesforce sends none with a refresh: the old one is kept
    expect(apiCalls().slice(calls).at(-1)!.headers.authorization).toBe(`Bearer ${renewed.accessToken}`);
    expect(fake.records('Contact').filter((contact) => contact.Meetflow_Id__c === 'prospect:2')).toHaveLength(1);

    // The next call (Test) uses the sealed new token: no second refresh.
    calls = apiCalls().length;
    expect(await (await call('ann', 'POST', `/api/crm/${after.publicId}/test?workspace=${a}`)).json()).toEqual({ ok: true });
    expect(refreshes()).toBe(refreshed + 1);
    expect(
      apiCalls()
        .slice(calls)
        .map((request) => request.headers.authorization),
    ).toEqual([`Bearer ${renewed.accessToken}`]);
  });

  it('Test refreshes an ended session too, sealing the new token in place of the old', async () => {
    const before = (await connectionIn(a))!;
    aheadMs = 6 * 3_600_000; // past the session the last refresh began
    const refreshed = refreshes();
    const test = () => call('ann', 'POST', `/api/crm/${before.publicId}/test?workspace=${a}`).then((response) => response.json());
    expect(await test()).toEqual({ ok: true });
    expect(refreshes()).toBe(refreshed + 1);
    const renewed = tokensOf((await connectionIn(a))!);
    expect(renewed.accessToken).not.toBe(tokensOf(before).accessToken);
    const calls = apiCalls().length;
    expect(await test()).toEqual({ ok: true });
    expect(refreshes()).toBe(refreshed + 1);
    expect(
      apiCalls()
        .slice(calls)
        .map((request) => request.headers.authorization),
    ).toEqual([`Bearer ${renewed.accessToken}`]);
  });
});

/** A fake's token endpoint asked to refresh with `refreshToken`, as the plugin would: its status and error. */
async function refreshAt(
  tokenUrl: string,
  client: { clientId: string; clientSecret: string },
  refreshToken: string,
): Promise<{ status: number; error: string | null }> {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  return { status: response.status, error: ((await response.json()) as { error?: string }).error ?? null };
}

describe('disconnecting Salesforce', () => {
  const refreshWith = (refreshToken: string) => refreshAt(fake.tokenUrl, FAKE_SALESFORCE_CLIENT, refreshToken);

  it('only lets an admin of its workspace disconnect it (a member 403, no session 401, another workspace 404), revoking nothing', async () => {
    const connected = (await connectionIn(a))!;
    for (const [who, workspace, status] of [
      ['sam', a, 403],
      [null, a, 401],
      ['oz', b, 404],
      ['oz', a, 404],
    ] as const)
      expect((await call(who, 'DELETE', `/api/crm/${connected.publicId}?workspace=${workspace}`)).status, `${who} in ${workspace}`).toBe(
        status,
      );
    expect(fake.oauth.revoked).toEqual([]);
    expect(await connectionIn(a)).not.toBeNull();
  });

  it("revokes the grant's refresh token at Salesforce, then deletes the connection: the grant no longer refreshes", async () => {
    const connected = (await connectionIn(a))!;
    const { refreshToken } = tokensOf(connected);
    expect((await refreshWith(refreshToken!)).status).toBe(200); // still granted before
    const response = await call('ann', 'DELETE', `/api/crm/${connected.publicId}?workspace=${a}`);
    expect([response.status, await response.json()]).toEqual([200, { removed: true, revoked: true }]);
    expect(fake.oauth.revoked).toEqual([refreshToken]);
    expect(await refreshWith(refreshToken!)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await connectionIn(a)).toBeNull();
  });

  it('still disconnects when Salesforce does not answer the revocation, with a warning saying what to do', async () => {
    const { code, state } = await grant(await start('ann', a));
    expect((await callback('ann', { code, state })).searchParams.get('connected')).toBe('crm-salesforce');
    const connected = (await connectionIn(a))!;
    const revoked = fake.oauth.revoked.length;
    // Nothing listens on port 9 (discard): the revocation gets no answer.
    const unreachable = salesforceHost('http://127.0.0.1:9/services/oauth2/revoke');
    const { revocation } = await disconnectCrm({ db, secrets: box, host: unreachable }, a, connected.publicId);
    expect(revocation).toEqual({
      revoked: false,
      warning:
        "Salesforce did not confirm the revocation of Meetflow's access: remove Meetflow's access in your Salesforce account's security settings yourself.",
    });
    expect(fake.oauth.revoked).toHaveLength(revoked);
    expect(await connectionIn(a)).toBeNull();
    // Not revoked, as the warning says: the grant still refreshes.
    expect((await refreshWith(tokensOf(connected).refreshToken!)).status).toBe(200);
  });
});

describe('HubSpot over OAuth, beside its token form', () => {
  const refreshWith = (refreshToken: string) => refreshAt(hubspot.tokenUrl, FAKE_HUBSPOT_CLIENT, refreshToken);

  it('is offered where its client is set up, and takes no settings before its sign-in', async () => {
    const overview = (await (await call('ann', 'GET', `/api/crm?workspace=${c}`)).json()) as {
      providers: Array<{ pluginId: string; connectWith: string[]; oauth: unknown }>;
    };
    expect(overview.providers.find((provider) => provider.pluginId === 'crm-hubspot')).toMatchObject({
      connectWith: ['fields', 'oauth'],
      oauth: { configured: true, missing: [] },
    });
    const typed = await startWith('ann', 'crm-hubspot', c, { privateAppToken: 'pat-na1-typed' });
    expect([typed.status, ((await typed.json()) as { fields: unknown }).fields]).toEqual([
      400,
      { 'account.privateAppToken': "not a setting HubSpot's sign-in asks for first" },
    ]);
    expect(await db.oauthStates.countDocuments({ workspaceId: c })).toBe(0);
  });

  it("connects through HubSpot's sign-in, refreshes an expired token, and disconnecting deletes the refresh token at HubSpot", async () => {
    const started = await call('ann', 'POST', `/api/oauth/crm-hubspot/start?workspace=${c}`);
    const { code, state } = await grant(started);
    const location = await callback('ann', { code, state });
    expect(location.search).toBe('?connected=crm-hubspot');
    const connected = (await connectionIn(c))!;
    expect(connected).toMatchObject({ pluginId: 'crm-hubspot', auth: 'oauth', fields: {} });
    const { refreshToken, accessToken } = tokensOf(connected);

    // HubSpot ended the access token (30 minutes on its clock): Test refreshes once and seals the new one.
    hubspotAheadMs = 31 * 60_000;
    const refreshes = () => hubspot.oauth.tokenRequests.filter((request) => request.grant_type === 'refresh_token').length;
    const before = refreshes();
    expect(await (await call('ann', 'POST', `/api/crm/${connected.publicId}/test?workspace=${c}`)).json()).toEqual({ ok: true });
    expect(refreshes()).toBe(before + 1);
    expect(tokensOf((await connectionIn(c))!).accessToken).not.toBe(accessToken);

    const requests = hubspot.requests.length;
    const response = await call('ann', 'DELETE', `/api/crm/${connected.publicId}?workspace=${c}`);
    expect([response.status, await response.json()]).toEqual([200, { removed: true, revoked: true }]);
    expect(
      hubspot.requests.slice(requests).map((request) => [request.method, request.url.pathname, request.headers.authorization ?? null]),
    ).toEqual([['DELETE', `/oauth/v1/refresh-tokens/${encodeURIComponent(refreshToken!)}`, null]]);
    expect(hubspot.oauth.revoked).toEqual([refreshToken]);
    expect(await refreshWith(refreshToken!)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await connectionIn(c)).toBeNull();
  });
});

describe("Pipedrive over OAuth, its form's settings typed first", () => {
  const refreshWith = (refreshToken: string) => refreshAt(pipedrive.tokenUrl, FAKE_PIPEDRIVE_CLIENT, refreshToken);
  const settings = () => ({ apiDomain: pipedrive.apiDomain, ...FAKE_PIPEDRIVE_FIELDS });

  it('is offered beside its form, and refuses a start whose settings are missing, wrong or secret, before anyone leaves', async () => {
    const overview = (await (await call('ann', 'GET', `/api/crm?workspace=${d}`)).json()) as {
      providers: Array<{ pluginId: string; connectWith: string[]; oauth: unknown }>;
    };
    expect(overview.providers.find((provider) => provider.pluginId === 'crm-pipedrive')).toMatchObject({
      connectWith: ['fields', 'oauth'],
      oauth: { configured: true, missing: [] },
    });
    const bare = await startWith('ann', 'crm-pipedrive', d);
    expect([bare.status, ((await bare.json()) as { fields: unknown }).fields]).toEqual([
      400,
      {
        'account.apiDomain': 'required before the sign-in: Company address (https://yourcompany.pipedrive.com)',
        'account.organizationIdField': 'required before the sign-in: API key of the organization field "Meetflow ID"',
        'account.organizationDomainField': 'required before the sign-in: API key of the organization field "Domain"',
      },
    ]);
    const wrong = await startWith('ann', 'crm-pipedrive', d, { ...settings(), organizationIdField: 'Meetflow ID', apiToken: 'typed' });
    expect([wrong.status, Object.keys(((await wrong.json()) as { fields: object }).fields).sort()]).toEqual([
      400,
      ['account.apiToken', 'account.organizationIdField'],
    ]);
    const notSettings = await fetch(`${url}/api/oauth/crm-pipedrive/start?workspace=${d}`, {
      method: 'POST',
      headers: { 'x-test-as': 'ann', accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'not settings' }),
    });
    expect([notSettings.status, Object.keys(((await notSettings.json()) as { fields: object }).fields)]).toEqual([400, ['account']]);
    expect((await startWith('sam', 'crm-pipedrive', a, settings())).status).toBe(403);
    expect(await db.oauthStates.countDocuments({ workspaceId: { $in: [a, d] } })).toBe(0);
  });

  it('connects with the settings its state carried and the api_domain Pipedrive answered; disconnecting revokes the refresh token', async () => {
    const { code, state } = await grant(await startWith('ann', 'crm-pipedrive', d, settings()));
    expect(await db.oauthStates.findOne({ workspaceId: d }).lean()).toMatchObject({ given: settings() });
    const location = await callback('ann', { code, state });
    expect(location.search).toBe('?connected=crm-pipedrive');
    const connected = (await connectionIn(d))!;
    expect(connected).toMatchObject({ pluginId: 'crm-pipedrive', auth: 'oauth', fields: settings() });
    const { refreshToken, accessToken } = tokensOf(connected);
    expect(JSON.stringify(connected)).not.toContain(accessToken);
    // The code was exchanged with the client as HTTP Basic, as Pipedrive's reference sends it.
    const exchange = pipedrive.requests.find(
      (request) => request.url.pathname === '/oauth/token' && request.body.includes('grant_type=authorization_code'),
    );
    expect(exchange?.headers.authorization).toMatch(/^Basic /);
    expect(exchange?.body).not.toContain('client_secret');
    expect(await db.oauthStates.countDocuments({ workspaceId: d })).toBe(0);

    // The stored account works: a sync page writes its prospect with the access token.
    await prospect(d, 1, 'ines.vidal@pipedrive-oauth.test', 'Vidal Robotics');
    expect((await syncPage({ db, secrets: box, host }, d)).counts).toMatchObject({ created: 2, failed: 0 });
    expect(pipedrive.persons().filter((person) => person.emails[0]?.value === 'ines.vidal@pipedrive-oauth.test')).toHaveLength(1);

    const response = await call('ann', 'DELETE', `/api/crm/${connected.publicId}?workspace=${d}`);
    expect([response.status, await response.json()]).toEqual([200, { removed: true, revoked: true }]);
    expect(pipedrive.oauth.revoked).toEqual([refreshToken]);
    expect(await refreshWith(refreshToken!)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await connectionIn(d)).toBeNull();
  });

  it('connects nothing when the company signed in to is not the one whose field keys were typed', async () => {
    const exchanges = pipedrive.oauth.tokenRequests.length;
    const { code, state } = await grant(await startWith('ann', 'crm-pipedrive', d, { ...settings(), apiDomain: 'http://127.0.0.1:9' }));
    const location = await callback('ann', { code, state });
    expect(location.searchParams.get('oauth_error')).toBe(
      `Pipedrive was signed in to as ${pipedrive.apiDomain}, but the form named http://127.0.0.1:9 (its settings belong to that one): sign in to http://127.0.0.1:9, or start again with the other's settings. Nothing was connected.`,
    );
    expect(pipedrive.oauth.tokenRequests.length).toBe(exchanges + 1);
    expect(await connectionIn(d)).toBeNull();
  });
});
