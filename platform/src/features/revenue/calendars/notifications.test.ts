import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { authorizationRequest, exchangeCode, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization } from '@meetflow/plugin-sdk/oauth/testing';
import type { CalendarReadBack } from '@meetflow/workflows';
import { temporal } from '@temporalio/proto';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRouters } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { repoRoot } from '../../../core/paths.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createProspect } from '../../prospecting/prospects/prospects.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { meetingsRouter } from '../meetings/routes.ts';
import type { MeetingDeps } from '../meetings/meetings.ts';
import { withOAuthClients, oauthPlugin } from '../oauth/clients.ts';
import { oauthHandler } from '../oauth/registry.ts';
import type { CalendarAccount } from './model.ts';
import { RENEW_BEFORE_MS, startWatching, type NotificationRefusal } from './notifications.ts';
import { registerCalendarOAuth } from './oauth-connect.ts';
import { calendarsRouter } from './routes.ts';
import { calendarSyncActivities, calendarSyncWorkflowId, type CalendarRouteDeps } from './run.ts';
import { readBackCalendar } from './sync.ts';

// Change notifications end to end against the plugins' fakes of Google and Microsoft Graph, whose
// notifications to https://meetflow.example go to this file's server: a connect opens the channel,
// a notification with its token signals the workspace's read-back (recorded in the history of its
// calendarSync, started on a queue no worker polls, so the read-backs here are the test's own, run as
// the workflow runs them), renewal is decided on the time the workflow gives, a disconnect stops it.

interface FakeCalendar {
  origin: string;
  config: Record<string, string>;
  oauth: { authorizationEndpoint: string; tokenEndpoint: string; clientId: string; clientSecret: string; scopes: string[] };
  close(): Promise<void>;
}
interface FakeGoogle extends FakeCalendar {
  channels: Map<string, { id: string; resourceId: string; token: string | null; address: string; expiration: number; stopped: boolean }>;
  deleteEvent(id: string): void;
  notify(): Promise<Array<{ channelId: string; status: number }>>;
}
interface FakeGraph extends FakeCalendar {
  subscriptions: Map<string, { id: string; notificationUrl: string; clientState: string | null; expirationDateTime: string }>;
  notify(eventId: string): Promise<Array<{ subscriptionId: string; status: number }>>;
}
type StartFake = (options: { now: () => Date; deliverTo: (address: string) => string }) => Promise<FakeCalendar>;
const fakeOf = async (plugin: string, name: string): Promise<StartFake> =>
  ((await import(pathToFileURL(join(repoRoot, 'plugins', plugin, 'src', 'testing.ts')).href)) as Record<string, StartFake>)[name]!;

const PUBLIC_URL = 'https://meetflow.example';
const EventType = temporal.api.enums.v1.EventType;
const box = secretsBox(randomBytes(32));
const idleQueue = `calendar-notifications-idle-${randomBytes(4).toString('hex')}`;
// Workspaces of this file's own: the workflow ids (calendar-sync:<workspace>) live on the Temporal server other files share.
const G = `notify-google-${randomBytes(3).toString('hex')}`;
const M = `notify-graph-${randomBytes(3).toString('hex')}`;
const silent = { logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } };
const refusals: NotificationRefusal[] = [];
/** The providers' clock: moved with the workflow time a renewal is run at (their access tokens then expire, and are refreshed). */
let aheadMs = 0;
const providerNow = () => new Date(Date.now() + aheadMs);
let google: FakeGoogle;
let graph: FakeGraph;
let stack: TestPipelineWorker;
let meetingDeps: MeetingDeps;
let deps: CalendarRouteDeps;
let server: Awaited<ReturnType<typeof serveRouters>>;

/** The providers call the public URL: here, this file's server. */
const deliverTo = (address: string) => address.replace(PUBLIC_URL, server.url);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const accountIn = (workspaceId: string) => stack.db.calendarAccounts.findOne({ workspaceId }).lean<CalendarAccount>();
const notifyRoute = (provider: string, init: { headers?: Record<string, string>; body?: unknown; query?: string }) =>
  fetch(`${server.url}/api/calendars/notifications/${provider}${init.query ?? ''}`, {
    method: 'POST',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

/** One read-back of the workspace as its calendarSync runs it, at the workflow time `at`. */
const readBack = (workspace: string, at = new Date()): Promise<CalendarReadBack> =>
  new MockActivityEnvironment(
    { workflowType: 'calendarSync', workflowExecution: { workflowId: calendarSyncWorkflowId(workspace), runId: 'r' } },
    silent,
  ).run(calendarSyncActivities((workspaceId, time) => readBackCalendar(meetingDeps, workspaceId, time)).readBackCalendar, {
    at: at.toISOString(),
  });

/** The `calendarChanged` signals the workspace's read-back was sent (its history on the idle queue). */
async function changeSignals(workspace: string): Promise<number> {
  const handle = stack.runner.temporal.workflow.getHandle(calendarSyncWorkflowId(workspace));
  const history = await handle.fetchHistory().catch(() => null);
  return (history?.events ?? []).filter(
    (event) =>
      event.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED &&
      event.workflowExecutionSignaledEventAttributes?.signalName === 'calendarChanged',
  ).length;
}

/** Connects `pluginId` in `workspace` as the OAuth callback does once the code is exchanged. */
async function connect(workspace: string, pluginId: string, fake: FakeCalendar): Promise<CalendarAccount> {
  const redirectUri = `${PUBLIC_URL}/api/oauth/callback`;
  const request = authorizationRequest(fake.oauth, { redirectUri, state: 'st' });
  const { code } = await followAuthorization(request.url);
  const tokens: OAuthTokens = await exchangeCode(fake.oauth, { code, redirectUri, codeVerifier: request.codeVerifier });
  await oauthHandler(stack.database, 'calendar')!.connected({
    workspaceId: workspace,
    principalId: 'user:owner',
    plugin: oauthPlugin(stack.host, pluginId)!,
    tokens,
    answered: {},
    given: {},
  });
  return (await accountIn(workspace))!;
}

beforeAll(async () => {
  google = (await (await fakeOf('calendar-google', 'startFakeGoogle'))({ now: providerNow, deliverTo })) as FakeGoogle;
  graph = (await (await fakeOf('calendar-microsoft', 'startFakeMicrosoft'))({ now: providerNow, deliverTo })) as FakeGraph;
  const calendars = installedPlugins.filter((plugin) => ['calendar-google', 'calendar-microsoft'].includes(plugin.manifest.id));
  const { clientId: googleId, clientSecret: googleSecret, ...googleEndpoints } = google.config;
  const { clientId: graphId, clientSecret: graphSecret, ...graphEndpoints } = graph.config;
  const settings = withOAuthClients(
    calendars,
    { 'calendar-google': googleEndpoints, 'calendar-microsoft': graphEndpoints },
    {
      MEETFLOW_GOOGLE_CLIENT_ID: googleId!,
      MEETFLOW_GOOGLE_CLIENT_SECRET: googleSecret!,
      MEETFLOW_MICROSOFT_CLIENT_ID: graphId!,
      MEETFLOW_MICROSOFT_CLIENT_SECRET: graphSecret!,
    },
  );
  stack = await startTestPipelineWorker('calendar-notifications', [meetingBookingPlugin, ...calendars], { settings });
  meetingDeps = {
    host: stack.host,
    connection: stack.database,
    temporal: stack.runner.temporal,
    taskQueue: stack.runner.taskQueue,
    secrets: box,
    httpAllowHosts: [],
  };
  deps = {
    db: stack.db,
    host: stack.host,
    secrets: box,
    allowHosts: [],
    workflows: { client: stack.runner.temporal, taskQueue: idleQueue },
    publicUrl: PUBLIC_URL,
    logger: { warn: (refusal) => refusals.push(refusal as NotificationRefusal) },
  };
  registerCalendarOAuth(stack.database, deps);
  server = await serveRouters(calendarsRouter(deps), meetingsRouter(meetingDeps));
  await createProspect(stack.db, G, { firstName: 'Pat', lastName: 'Lee', company: 'Northwind', email: 'pat@northwind.example' });
}, 120_000);

afterAll(async () => {
  for (const workspace of [G, M])
    await stack?.runner.temporal.workflow
      .getHandle(calendarSyncWorkflowId(workspace))
      .terminate('test over')
      .catch(() => undefined);
  await server?.close();
  await stack?.stop();
  await google?.close();
  await graph?.close();
});

describe('Google Calendar (push channels)', () => {
  it('opens a channel when connected: the route under MEETFLOW_PUBLIC_URL, a random token kept only as its hash', async () => {
    const account = await connect(G, 'calendar-google', google);
    expect(account.push).toMatchObject({ address: `${PUBLIC_URL}/api/calendars/notifications/calendar-google`, error: null });
    const channel = google.channels.get(account.push!.channelId)!;
    expect(channel).toMatchObject({ address: account.push!.address, stopped: false });
    expect(channel.token).toMatch(/^[\w-]{43}$/);
    expect(account.push!.tokenHash).toBe(sha256(channel.token!));
    expect(JSON.stringify(account)).not.toContain(channel.token);
    expect(account.push!.expiresAt.getTime()).toBe(channel.expiration);
  });

  it('a notification with the channel’s token signals the read-back, which reads the meeting cancelled in the calendar', async () => {
    const { slots } = (await (await fetch(`${server.url}/api/meetings/slots?workspace=${G}&count=1`)).json()) as {
      slots: Array<{ start: string }>;
    };
    const booked = await fetch(`${server.url}/api/meetings?workspace=${G}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prospectId: 1, prospect: { name: 'Pat Lee', email: 'pat@northwind.example' }, scheduledAt: slots[0]!.start }),
    });
    expect(booked.status).toBe(201);
    const { meeting } = (await booked.json()) as { meeting: { id: string } };
    expect(await readBack(G)).toMatchObject({ connected: true, cancelled: 0 });
    const link = await stack.db.calendarEvents.findOne({ workspaceId: G, meetingId: meeting.id }).lean();
    expect(link).toMatchObject({ state: 'created' });

    google.deleteEvent(link!.eventId!);
    const before = await changeSignals(G);
    expect(await google.notify()).toEqual([{ channelId: (await accountIn(G))!.push!.channelId, status: 202 }]);
    expect(await changeSignals(G)).toBe(before + 1);

    // The signalled read-back (run here as the workflow runs it) finds the event gone.
    expect(await readBack(G)).toMatchObject({ connected: true, cancelled: 1 });
    const meetings = (await (await fetch(`${server.url}/api/meetings?workspace=${G}`)).json()) as Array<{ id: string; status: string }>;
    expect(meetings.find((one) => one.id === meeting.id)?.status).toBe('cancelled');
  });

  it('a wrong token, no token, an unknown channel or a request that is not Google’s changes nothing, and is logged without the token', async () => {
    const { channelId } = (await accountIn(G))!.push!;
    const before = await changeSignals(G);
    refusals.length = 0;
    const asGoogle = (id: string, token?: string) => ({
      headers: { 'x-goog-channel-id': id, 'x-goog-resource-state': 'exists', ...(token ? { 'x-goog-channel-token': token } : {}) },
    });
    const wrong = await notifyRoute('calendar-google', asGoogle(channelId, 'not-the-token-at-all-0123456789abcdefghijk'));
    expect([wrong.status, await wrong.text()]).toEqual([401, "The notification's token is not its channel's."]);
    expect((await notifyRoute('calendar-google', asGoogle(channelId))).status).toBe(401);
    const unknown = await notifyRoute('calendar-google', asGoogle('no-such-channel', 'whatever-token'));
    expect([unknown.status, await unknown.text()]).toEqual([404, 'No calendar holds this notification channel.']);
    expect((await notifyRoute('calendar-google', {})).status).toBe(400);
    // Microsoft's reader for Google's channel: no subscription of Graph's holds it.
    expect((await notifyRoute('calendar-microsoft', { body: { value: [{ subscriptionId: channelId, clientState: 'x' }] } })).status).toBe(
      404,
    );
    expect((await notifyRoute('calendar-caldav', asGoogle(channelId, 'x'))).status).toBe(404);

    expect(await changeSignals(G)).toBe(before);
    expect(refusals.map((refusal) => refusal.reason)).toEqual([
      'wrong-token',
      'wrong-token',
      'unknown-channel',
      'unreadable',
      'unknown-channel',
      'no-notifications',
    ]);
    expect(JSON.stringify(refusals)).not.toContain('not-the-token');
  });

  it('renews a channel due on the workflow’s clock (a new channel, the old one stopped), and not one far from expiry', async () => {
    const before = (await accountIn(G))!.push!;
    expect(await readBack(G, new Date(before.expiresAt.getTime() - RENEW_BEFORE_MS - 60_000))).toMatchObject({ connected: true });
    expect((await accountIn(G))!.push).toEqual(before);

    const at = new Date(before.expiresAt.getTime() - RENEW_BEFORE_MS / 2);
    aheadMs = at.getTime() - Date.now();
    await readBack(G, at);
    const after = (await accountIn(G))!.push!;
    expect(after.channelId).not.toBe(before.channelId);
    expect(after.tokenHash).not.toBe(before.tokenHash);
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
    expect(google.channels.get(before.channelId)!.stopped).toBe(true);
    expect(after.tokenHash).toBe(sha256(google.channels.get(after.channelId)!.token!));
    // Only the new channel is told of changes, and its token is taken.
    expect(await google.notify()).toEqual([{ channelId: after.channelId, status: 202 }]);
    aheadMs = 0;
  });

  it('stops the channel on disconnect; a notification for it then finds nothing', async () => {
    const account = (await accountIn(G))!;
    const removed = await fetch(`${server.url}/api/calendars/${account.publicId}?workspace=${G}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const channel = google.channels.get(account.push!.channelId)!;
    expect(channel.stopped).toBe(true);
    const late = await notifyRoute('calendar-google', {
      headers: { 'x-goog-channel-id': channel.id, 'x-goog-channel-token': channel.token!, 'x-goog-resource-state': 'exists' },
    });
    expect(late.status).toBe(404);
  });
});

describe('Microsoft 365 (Graph subscriptions)', () => {
  it('answers the validation handshake as text/plain, as it came', async () => {
    const token = 'Validation: Testing client application reachability for subscription Request-Id: 1';
    const answer = await notifyRoute('calendar-microsoft', {
      query: `?validationToken=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect([answer.status, answer.headers.get('content-type'), await answer.text()]).toEqual([200, 'text/plain; charset=utf-8', token]);
  });

  it('subscribes when connected (Graph validated the route), signals on a notification with its clientState, refuses another', async () => {
    const account = await connect(M, 'calendar-microsoft', graph);
    const subscription = graph.subscriptions.get(account.push!.channelId)!;
    expect(subscription).toMatchObject({ notificationUrl: `${PUBLIC_URL}/api/calendars/notifications/calendar-microsoft` });
    expect(account.push!.tokenHash).toBe(sha256(subscription.clientState!));

    const before = await changeSignals(M);
    expect(await graph.notify('AAMkAD-1')).toEqual([{ subscriptionId: subscription.id, status: 202 }]);
    expect(await changeSignals(M)).toBe(before + 1);
    const forged = await notifyRoute('calendar-microsoft', {
      body: { value: [{ subscriptionId: subscription.id, clientState: 'forged' }] },
    });
    expect(forged.status).toBe(401);
    expect(await changeSignals(M)).toBe(before + 1);
  });

  it('renews in place (PATCH: same subscription and token, later expiry) when due, and deletes it on disconnect', async () => {
    const before = (await accountIn(M))!.push!;
    const at = new Date(before.expiresAt.getTime() - RENEW_BEFORE_MS / 2);
    aheadMs = at.getTime() - Date.now();
    await readBack(M, at);
    aheadMs = 0;
    const after = (await accountIn(M))!.push!;
    expect(after).toMatchObject({ channelId: before.channelId, tokenHash: before.tokenHash, error: null });
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
    expect(Date.parse(graph.subscriptions.get(before.channelId)!.expirationDateTime)).toBe(after.expiresAt.getTime());

    const account = (await accountIn(M))!;
    expect((await fetch(`${server.url}/api/calendars/${account.publicId}?workspace=${M}`, { method: 'DELETE' })).status).toBe(200);
    expect(graph.subscriptions.has(before.channelId)).toBe(false);
  });

  it('opens no channel where the public URL is not https (the providers call https only): polling alone', async () => {
    const account = await connect(M, 'calendar-microsoft', graph);
    await stack.db.calendarAccounts.updateOne({ workspaceId: M }, { $set: { push: null } });
    const count = graph.subscriptions.size;
    expect(await startWatching(deps, account, 'http://localhost:3000')).toEqual({ watching: false, error: null });
    expect(graph.subscriptions.size).toBe(count);
    expect((await accountIn(M))!.push).toBeNull();
  });
});
