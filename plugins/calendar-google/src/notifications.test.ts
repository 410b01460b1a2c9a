import { bindActivities, CALENDAR_FAILURES, type ActivityContext, type NotificationChannel } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCode, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization, startLoopbackServer, type LoopbackRequest, type LoopbackServer } from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleCalendar, readGoogleNotification } from './index.ts';
import { startFakeGoogle, type FakeGoogle } from './testing.ts';

// Push channels (events.watch, channels.stop) against the fake, whose notifications go to a local
// receiver standing for the platform's https address; the clock is the test's.

const clock = steppingClock('2026-11-30T08:00:00Z');
const ADDRESS = 'https://meetflow.example/api/calendars/notifications/calendar-google';
const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCD';
let google: FakeGoogle;
let receiver: LoopbackServer;
let tokens: OAuthTokens;
const received: LoopbackRequest[] = [];

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});
function activity<T>(name: string) {
  const bound = bindActivities(
    googleCalendar,
    testDeps(googleCalendar, { clock, config: { ...google.config, timeoutSeconds: 5 } }),
    context,
  );
  return bound[`calendar-google.${name}`]! as (input: unknown) => Promise<T>;
}
const watchChanges = (watch: Record<string, unknown>) =>
  activity<{ channel: NotificationChannel }>('watchChanges')({ account: { tokens }, watch });
const stopWatching = (channel: NotificationChannel) => activity<{ stopped: true }>('stopWatching')({ account: { tokens }, channel });
const inDays = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString();
const asNotification = (request: LoopbackRequest) => ({
  headers: Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)])),
  query: Object.fromEntries(request.url.searchParams),
  body: null,
});

beforeAll(async () => {
  receiver = await startLoopbackServer((request) => {
    received.push(request);
    return { status: 200 };
  });
  google = await startFakeGoogle({
    now: () => clock.now(),
    deliverTo: (address) => address.replace('https://meetflow.example', receiver.origin),
  });
  const redirectUri = 'http://localhost:3000/api/oauth/callback';
  const request = authorizationRequest(google.oauth, { redirectUri, state: 'st' });
  const { code } = await followAuthorization(request.url);
  tokens = await exchangeCode(google.oauth, { code, redirectUri, codeVerifier: request.codeVerifier }, { now: () => clock.now() });
});
afterAll(async () => {
  await google.close();
  await receiver.close();
});

describe('push channels', () => {
  it('opens a channel with the id, token, address and expiration asked; its notifications carry them and read as a change', async () => {
    const { channel } = await watchChanges({ channelId: 'chan-one-0001', token: TOKEN, address: ADDRESS, expiresAt: inDays(6) });
    expect(channel).toEqual({ id: 'chan-one-0001', resourceId: expect.any(String), expiresAt: inDays(6) });
    expect(google.channels.get('chan-one-0001')).toMatchObject({ token: TOKEN, address: ADDRESS, stopped: false });

    expect(await google.notify()).toEqual([{ channelId: 'chan-one-0001', status: 200 }]);
    const notification = received.at(-1)!;
    expect(notification.url.pathname).toBe('/api/calendars/notifications/calendar-google');
    expect(notification.body).toBe('');
    expect(readGoogleNotification(asNotification(notification))).toEqual({
      kind: 'changes',
      channels: [{ channelId: 'chan-one-0001', token: TOKEN, state: 'exists' }],
    });
    await stopWatching(channel);
  });

  it('renews by opening a new channel and stopping the old one (Google channels cannot be extended)', async () => {
    const { channel: first } = await watchChanges({ channelId: 'chan-old-0002', token: TOKEN, address: ADDRESS, expiresAt: inDays(1) });
    const { channel: second } = await watchChanges({
      channelId: 'chan-new-0002',
      token: `${TOKEN}x`,
      address: ADDRESS,
      expiresAt: inDays(6),
      renew: first,
    });
    expect(second).toMatchObject({ id: 'chan-new-0002', expiresAt: inDays(6) });
    expect(google.channels.get('chan-old-0002')!.stopped).toBe(true);
    expect(google.channels.get('chan-new-0002')!.stopped).toBe(false);
    await stopWatching(second);
  });

  it('stops a channel (channels.stop); one stopped already is no failure; a stopped channel is not notified', async () => {
    const { channel } = await watchChanges({ channelId: 'chan-stop-003', token: TOKEN, address: ADDRESS, expiresAt: inDays(6) });
    expect(await stopWatching(channel)).toEqual({ stopped: true });
    expect(google.channels.get('chan-stop-003')!.stopped).toBe(true);
    expect(await stopWatching(channel)).toEqual({ stopped: true });
    expect((await google.notify()).map((sent) => sent.channelId)).not.toContain('chan-stop-003');
  });

  it('refuses an http address before calling Google (which refuses it too), and a token too short to be a secret', async () => {
    const before = google.requests.length;
    await expect(
      watchChanges({ channelId: 'chan-http-004', token: TOKEN, address: 'http://meetflow.example/x', expiresAt: inDays(6) }),
    ).rejects.toThrow(/address/);
    await expect(watchChanges({ channelId: 'chan-http-004', token: 'short', address: ADDRESS, expiresAt: inDays(6) })).rejects.toThrow(
      /token/,
    );
    expect(google.requests.length).toBe(before);
  });

  it('a channel id Google has already is CalendarRefused', async () => {
    const { channel } = await watchChanges({ channelId: 'chan-twice-05', token: TOKEN, address: ADDRESS, expiresAt: inDays(6) });
    await expect(watchChanges({ channelId: 'chan-twice-05', token: TOKEN, address: ADDRESS, expiresAt: inDays(6) })).rejects.toMatchObject({
      type: CALENDAR_FAILURES.refused,
    });
    await stopWatching(channel);
  });
});

describe('readGoogleNotification', () => {
  it('reads a request without the channel id or the resource state as not Google’s, and a missing token as null', () => {
    expect(readGoogleNotification({ headers: {}, query: {}, body: null })).toMatchObject({ kind: 'unreadable' });
    expect(readGoogleNotification({ headers: { 'x-goog-channel-id': 'c' }, query: {}, body: null })).toMatchObject({ kind: 'unreadable' });
    expect(
      readGoogleNotification({ headers: { 'x-goog-channel-id': 'c', 'x-goog-resource-state': 'sync' }, query: {}, body: null }),
    ).toEqual({
      kind: 'changes',
      channels: [{ channelId: 'c', token: null, state: 'sync' }],
    });
  });
});
