import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { followAuthorization, type LoopbackRequest } from '@meetflow/plugin-sdk/oauth/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { ownerSession } from '../../../../dev/testing/principal.ts';
import { createApp } from '../../../api/app.ts';
import { repoRoot } from '../../../core/paths.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createTemporalClient } from '../../../core/temporal/client.ts';
import { sessionsAndTokens } from '../../accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY, SESSION_COOKIE } from '../../accounts/auth/sessions.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { openCalendarSecret } from '../calendars/account-secret.ts';
import { calendarBusy } from '../calendars/availability.ts';
import { calendarProviders } from '../calendars/calendars.ts';
import type { CalendarAccount } from '../calendars/model.ts';
import { withOAuthClients } from './clients.ts';
import { startOAuth } from './flow.ts';

// The OAuth connect flow end to end against the calendar plugins' local fakes of Google and Microsoft
// (their authorization, token and revocation endpoints and calendar APIs), through the whole app
// with real sessions: start, the browser at the provider (the fake grants at once), the callback;
// then the connected calendar read, its tokens refreshed and sealed again, and revoked on disconnect.

/** What this file uses of the plugins' fakes (src/testing.ts of each), loaded as the plugin host loads plugins: by path. */
interface FakeProvider {
  origin: string;
  config: Record<string, string>;
  auth: { tokenRequests: Array<Record<string, string>>; revoked: string[] };
  requests: LoopbackRequest[];
  putEvent?(event: { id: string; start: { dateTime: string }; end: { dateTime: string }; summary?: string }): unknown;
  close(): Promise<void>;
}
type StartFake = (options: { now: () => Date }) => Promise<FakeProvider>;
const fakeOf = async (plugin: string, name: string): Promise<StartFake> =>
  ((await import(pathToFileURL(join(repoRoot, 'plugins', plugin, 'src', 'testing.ts')).href)) as Record<string, StartFake>)[name]!;

const box = secretsBox(randomBytes(32));
const PUBLIC_URL = 'https://meetflow.example';
/** The providers' clock: moved forward to expire the access tokens they issued (the platform's stays real). */
let aheadMs = 0;
const providerNow = () => new Date(Date.now() + aheadMs);
let google: FakeProvider;
let microsoft: FakeProvider;
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveForTest>>;
let closeHealth: () => Promise<void>;
const cookies: Record<string, string> = {};

const as = (who: string) => ({ cookie: `${SESSION_COOKIE}=${cookies[who]}` });
const call = (who: string, method: string, path: string) => fetch(`${server.url}${path}`, { method, headers: as(who), redirect: 'manual' });

/** An owner starts connecting `pluginId` in `workspace`: the authorization URL the API answered. */
async function start(who: string, workspace: string, pluginId: string): Promise<URL> {
  const response = await call(who, 'POST', `/api/oauth/${pluginId}/start?workspace=${workspace}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return new URL((JSON.parse(text) as { authorizationUrl: string }).authorizationUrl);
}

/** The browser at the provider: the same path on the fake's origin (as if accounts.google.com were it), which grants at once. */
async function grant(authorization: URL, fake: FakeProvider): Promise<{ code: string; state: string }> {
  const at = new URL(authorization.pathname + authorization.search, fake.origin);
  const { code, state } = await followAuthorization(at.href);
  return { code, state: state! };
}

/** The browser back at the callback with `query`, signed in as `who`: where it is sent next. */
async function callback(who: string | null, query: Record<string, string>): Promise<URL> {
  const response = await fetch(`${server.url}/api/oauth/callback?${new URLSearchParams(query)}`, {
    headers: who ? as(who) : {},
    redirect: 'manual',
  });
  expect(response.status, await response.text()).toBe(302);
  return new URL(response.headers.get('location')!, PUBLIC_URL);
}
const errorOf = (location: URL) => location.searchParams.get('oauth_error');

const accountIn = (workspaceId: string) => stack.db.calendarAccounts.findOne({ workspaceId }).lean<CalendarAccount>();
const tokensOf = (account: CalendarAccount) =>
  openCalendarSecret(box, account).tokens as { accessToken: string; refreshToken?: string; expiresAt: string };
const reach = () => ({ host: stack.host, connection: stack.database, secrets: box, httpAllowHosts: [] });

beforeAll(async () => {
  google = await (await fakeOf('calendar-google', 'startFakeGoogle'))({ now: providerNow });
  microsoft = await (await fakeOf('calendar-microsoft', 'startFakeMicrosoft'))({ now: providerNow });
  const calendars = installedPlugins.filter((plugin) => ['calendar-google', 'calendar-microsoft'].includes(plugin.manifest.id));
  expect(calendars).toHaveLength(2);
  // The endpoints point at the fakes (the plugins' server-only config); the clients come as the variables the manifests name.
  const { clientId: googleId, clientSecret: googleSecret, ...googleEndpoints } = google.config;
  const { clientId: microsoftId, clientSecret: microsoftSecret, ...microsoftEndpoints } = microsoft.config;
  const settings = withOAuthClients(
    calendars,
    { 'calendar-google': googleEndpoints, 'calendar-microsoft': microsoftEndpoints },
    {
      MEETFLOW_GOOGLE_CLIENT_ID: googleId!,
      MEETFLOW_GOOGLE_CLIENT_SECRET: googleSecret!,
      MEETFLOW_MICROSOFT_CLIENT_ID: microsoftId!,
      MEETFLOW_MICROSOFT_CLIENT_SECRET: microsoftSecret!,
    },
  );
  stack = await startTestPipelineWorker('oauth', calendars, { settings });
  const health = createTemporalClient({ temporalAddress: '127.0.0.1:1', temporalNamespace: 'default' });
  closeHealth = () => health.connection.close();
  server = await serveForTest(
    createApp({
      logger: pino({ level: 'silent' }),
      database: stack.database,
      temporal: health,
      plugins: stack.host,
      authenticator: sessionsAndTokens(stack.db, DEFAULT_SESSION_POLICY),
      product: { db: stack.db, runner: stack.runner, secrets: box, publicUrl: PUBLIC_URL },
    }),
  );
  const owners: Array<[who: string, workspace: string]> = [
    ['ann', 'acme'],
    ['ben', 'acme'],
    ['bea', 'beta'],
    ['oz', 'other'],
    ['mo', 'msft'],
  ];
  for (const [who, workspace] of owners) cookies[who] = await ownerSession(stack.db, workspace, `${who}@${workspace}.example`);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await closeHealth?.();
  await stack?.stop();
  await google?.close();
  await microsoft?.close();
});

describe('starting', () => {
  it('says which variables to set when the OAuth client is not configured (422), and lists each provider so', async () => {
    const bare = PluginHost.load(installedPlugins.filter((plugin) => plugin.manifest.id === 'calendar-google'));
    const refused = startOAuth(
      { db: stack.db, host: bare, connection: stack.database, publicUrl: PUBLIC_URL, logger: pino({ level: 'silent' }) },
      { workspaceId: 'acme', principalId: 'user:x', pluginId: 'calendar-google' },
    );
    await expect(refused).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('sets MEETFLOW_GOOGLE_CLIENT_ID and MEETFLOW_GOOGLE_CLIENT_SECRET'),
    });
    expect(calendarProviders(bare)).toEqual([
      expect.objectContaining({
        pluginId: 'calendar-google',
        connect: 'oauth',
        oauth: { configured: false, missing: ['MEETFLOW_GOOGLE_CLIENT_ID', 'MEETFLOW_GOOGLE_CLIENT_SECRET'] },
      }),
    ]);
    expect(calendarProviders(stack.host).map((provider) => [provider.pluginId, provider.oauth])).toEqual([
      ['calendar-google', { configured: true, missing: [] }],
      ['calendar-microsoft', { configured: true, missing: [] }],
    ]);
    const notOAuth = await call('ann', 'POST', '/api/oauth/calendar-gopher/start?workspace=acme');
    expect([notOAuth.status, await notOAuth.text()]).toEqual([422, 'No installed plugin "calendar-gopher" connects with OAuth.']);
    expect(await stack.db.oauthStates.countDocuments({ workspaceId: 'acme' })).toBe(0);
  });

  it('answers the authorization URL with PKCE and a state stored only as its hash, bound to this workspace and caller', async () => {
    const url = await start('bea', 'beta', 'calendar-google');
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const state = url.searchParams.get('state')!;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.config.clientId,
      redirect_uri: `${PUBLIC_URL}/api/oauth/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    expect(state).toMatch(/^[\w-]{43}$/);
    const stored = await stack.db.oauthStates.find({ workspaceId: 'beta' }).lean();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(state);
    expect(stored[0]).toMatchObject({ pluginId: 'calendar-google', kind: 'calendar', redirectUri: `${PUBLIC_URL}/api/oauth/callback` });
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    await stack.db.oauthStates.deleteMany({ workspaceId: 'beta' });
  });
});

describe('the callback refuses, connecting nothing', () => {
  it('a state brought back by another member (of this workspace or another one): the isolation proof', async () => {
    const exchanges = google.auth.tokenRequests.length;
    for (const intruder of ['ben', 'oz']) {
      const { code, state } = await grant(await start('ann', 'acme', 'calendar-google'), google);
      const location = await callback(intruder, { code, state, workspace: intruder === 'oz' ? 'other' : 'acme' });
      expect(location.pathname).toBe('/settings/integrations');
      expect(errorOf(location)).toMatch(/^This sign-in was started by someone else, or in another session/);
      // Taken once: not even its starter can finish it now.
      expect(errorOf(await callback('ann', { code, state }))).toMatch(/unknown or was finished already/);
    }
    // Not signed in at all.
    const { code, state } = await grant(await start('ann', 'acme', 'calendar-google'), google);
    expect(errorOf(await callback(null, { code, state }))).toMatch(/^You were signed out/);
    expect(google.auth.tokenRequests.length).toBe(exchanges); // no code was ever exchanged
    for (const workspaceId of ['acme', 'other']) expect(await accountIn(workspaceId)).toBeNull();
  });

  it('an unknown or missing state, an expired one, and a sign-in the user cancelled (access_denied)', async () => {
    expect(errorOf(await callback('bea', { code: 'x', state: 'not-a-state-we-made' }))).toMatch(/unknown or was finished already/);
    expect(errorOf(await callback('bea', { code: 'x' }))).toMatch(/came back without its state/);

    const late = await grant(await start('bea', 'beta', 'calendar-google'), google);
    await stack.db.oauthStates.updateMany({ workspaceId: 'beta' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(errorOf(await callback('bea', late))).toBe(
      'This sign-in took longer than 10 minutes and expired. Nothing was connected: start again from Settings → Integrations.',
    );

    const denied = (await start('bea', 'beta', 'calendar-google')).searchParams.get('state')!;
    expect(errorOf(await callback('bea', { error: 'access_denied', state: denied }))).toBe(
      'Google Calendar access was not granted (the sign-in was cancelled or denied). Nothing was connected.',
    );
    expect(await accountIn('beta')).toBeNull();
    expect(await stack.db.oauthStates.countDocuments({ workspaceId: 'beta' })).toBe(0);
  });
});

describe('Google Calendar connected over OAuth', () => {
  let stored: CalendarAccount;

  it('connects: the state decides the workspace (the query cannot), the tokens are sealed, busy times read through the account', async () => {
    const { code, state } = await grant(await start('ann', 'acme', 'calendar-google'), google);
    // A ?workspace= smuggled into the callback is ignored: the state was made for acme.
    const location = await callback('ann', { code, state, workspace: 'other', scope: 'calendar.events' });
    expect([location.pathname, location.search]).toEqual(['/settings/integrations', '?connected=calendar-google']);
    expect(await accountIn('other')).toBeNull();
    stored = (await accountIn('acme'))!;
    expect(stored).toMatchObject({ pluginId: 'calendar-google', auth: 'oauth', fields: {}, connectedBy: expect.stringMatching(/^user:/) });
    // The connect is in acme's audit trail, by ann (the callback is a GET, which the trail's middleware passes by); none in other.
    const audited = await stack.db.auditEntries.find({ action: 'GET /api/oauth/callback' }, null, ACROSS_WORKSPACES).lean();
    expect(audited).toEqual([
      expect.objectContaining({
        workspaceId: 'acme',
        actor: stored.connectedBy,
        summary: 'Connected Google Calendar through its sign-in',
        target: { pluginId: 'calendar-google' },
        after: { pluginId: 'calendar-google', auth: 'oauth', given: {} },
      }),
    ]);
    const tokens = tokensOf(stored);
    expect(tokens.refreshToken).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(tokens.accessToken);
    expect(JSON.stringify(stored)).not.toContain(tokens.refreshToken);
    // The code was exchanged with the PKCE verifier, for the redirect URI the start gave.
    expect(google.auth.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: `${PUBLIC_URL}/api/oauth/callback`,
      code_verifier: expect.stringMatching(/^[\w-]{43,128}$/),
    });

    const listed = (await (await call('ann', 'GET', '/api/calendars?workspace=acme')).json()) as { calendars: unknown[] };
    expect(listed.calendars).toEqual([expect.objectContaining({ provider: 'Google Calendar', auth: 'oauth', secretSet: true })]);
    expect(JSON.stringify(listed)).not.toContain(tokens.accessToken);

    const busyFrom = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
    const end = new Date(busyFrom.getTime() + 30 * 60_000);
    google.putEvent!({
      id: 'dentist0001',
      start: { dateTime: busyFrom.toISOString() },
      end: { dateTime: end.toISOString() },
      summary: 'Dentist',
    });
    const read = await calendarBusy(reach(), 'acme', new Date(), new Date(Date.now() + 24 * 3_600_000));
    expect(read.source).toEqual({ calendar: { id: stored.publicId, provider: 'Google Calendar' }, warning: null });
    expect(read.busy).toContainEqual({ start: busyFrom.toISOString(), end: end.toISOString() });
    expect(google.requests.at(-1)!.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);

    // A second calendar is refused before anyone is sent to the provider.
    const again = await call('ann', 'POST', '/api/oauth/calendar-microsoft/start?workspace=acme');
    expect([again.status, await again.text()]).toEqual([409, 'This workspace has a calendar connected already: disconnect it first.']);
  });

  it('refreshes an expired access token, seals the new one in its place, and uses it next time', async () => {
    const before = tokensOf(stored);
    aheadMs = 2 * 3_600_000; // Google now considers the access token expired (401), though its expiresAt has not passed here
    const exchanges = google.auth.tokenRequests.length;
    const test = await call('ann', 'POST', `/api/calendars/${stored.publicId}/test?workspace=acme`);
    expect(await test.json()).toEqual({ ok: true });
    expect(google.auth.tokenRequests.slice(exchanges)).toEqual([expect.objectContaining({ grant_type: 'refresh_token' })]);
    const after = (await accountIn('acme'))!;
    expect(after.secret.ciphertext).not.toBe(stored.secret.ciphertext);
    const renewed = tokensOf(after);
    expect(renewed.accessToken).not.toBe(before.accessToken);
    expect(renewed.refreshToken).toBe(before.refreshToken); // Google sends none with a refresh: the old one is kept

    const requests = google.requests.length;
    await calendarBusy(reach(), 'acme', new Date(), new Date(Date.now() + 3_600_000));
    expect(google.auth.tokenRequests.length).toBe(exchanges + 1); // no second refresh
    expect(google.requests.slice(requests).map((request) => request.headers.authorization)).toEqual([`Bearer ${renewed.accessToken}`]);
    stored = after;
  });

  it('disconnects: the grant is revoked at Google, the account and its sealed tokens deleted', async () => {
    const { refreshToken } = tokensOf(stored);
    const response = await call('ann', 'DELETE', `/api/calendars/${stored.publicId}?workspace=acme`);
    expect(await response.json()).toEqual({ removed: true, revoked: true });
    expect(google.auth.revoked).toEqual([refreshToken]);
    expect(await accountIn('acme')).toBeNull();
  });
});

describe('Microsoft 365 connected over OAuth', () => {
  it('connects, seals the rotated refresh token after a refresh, and disconnects saying Microsoft cannot revoke', async () => {
    aheadMs = 0;
    const url = await start('mo', 'msft', 'calendar-microsoft');
    expect(url.origin + url.pathname).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    expect(url.searchParams.get('scope')).toBe('offline_access https://graph.microsoft.com/Calendars.ReadWrite');
    const location = await callback('mo', await grant(url, microsoft));
    expect(location.searchParams.get('connected')).toBe('calendar-microsoft');
    const stored = (await accountIn('msft'))!;
    const before = tokensOf(stored);

    aheadMs = 2 * 3_600_000;
    const test = await call('mo', 'POST', `/api/calendars/${stored.publicId}/test?workspace=msft`);
    expect(await test.json()).toEqual({ ok: true });
    const after = tokensOf((await accountIn('msft'))!);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken); // Microsoft rotates it: the new one is the one kept

    const response = await call('mo', 'DELETE', `/api/calendars/${stored.publicId}?workspace=msft`);
    expect(await response.json()).toEqual({
      removed: true,
      revoked: false,
      warning:
        "Microsoft 365 (Outlook) offers no way for an app to revoke its access: remove Meetflow's access in your Microsoft 365 (Outlook) account's security settings yourself.",
    });
    expect(await accountIn('msft')).toBeNull();
  });
});
