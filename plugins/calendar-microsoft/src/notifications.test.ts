import { bindActivities, CALENDAR_FAILURES, type ActivityContext, type NotificationChannel } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCode, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import {
  followAuthorization,
  startLoopbackServer,
  type LoopbackAnswer,
  type LoopbackRequest,
  type LoopbackServer,
} from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microsoftCalendar, readGraphNotification } from './index.ts';
import { startFakeMicrosoft, type FakeMicrosoft } from './testing.ts';

// Graph subscriptions (create with its validation handshake, renew, delete) against the fake, whose
// requests to the notification URL go to a local receiver standing for the platform's https address.

const clock = steppingClock('2026-11-30T08:00:00Z');
const ADDRESS = 'https://meetflow.example/api/calendars/notifications/calendar-microsoft';
const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCD';
let graph: FakeMicrosoft;
let receiver: LoopbackServer;
let tokens: OAuthTokens;
const received: LoopbackRequest[] = [];
/** How the receiver answers: as the platform does (the handshake echoed), unless a test says otherwise. */
let answer: (request: LoopbackRequest) => LoopbackAnswer;
const echo = (request: LoopbackRequest): LoopbackAnswer => {
  const read = readGraphNotification({
    headers: {},
    query: Object.fromEntries(request.url.searchParams),
    body: request.body ? (JSON.parse(request.body) as unknown) : null,
  });
  return read.kind === 'handshake' ? { status: 200, headers: { 'content-type': 'text/plain' }, body: read.answer } : { status: 202 };
};

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});
function activity<T>(name: string) {
  const bound = bindActivities(
    microsoftCalendar,
    testDeps(microsoftCalendar, { clock, config: { ...graph.config, timeoutSeconds: 15 } }),
    context,
  );
  return bound[`calendar-microsoft.${name}`]! as (input: unknown) => Promise<T>;
}
const watchChanges = (watch: Record<string, unknown>) =>
  activity<{ channel: NotificationChannel }>('watchChanges')({ account: { tokens }, watch });
const stopWatching = (channel: NotificationChannel) => activity<{ stopped: true }>('stopWatching')({ account: { tokens }, channel });
const inDays = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString();

beforeAll(async () => {
  receiver = await startLoopbackServer((request) => {
    received.push(request);
    return answer(request);
  });
  graph = await startFakeMicrosoft({
    now: () => clock.now(),
    deliverTo: (url) => url.replace('https://meetflow.example', receiver.origin),
  });
  const redirectUri = 'http://localhost:3000/api/oauth/callback';
  const request = authorizationRequest(graph.oauth, { redirectUri, state: 'st' });
  const { code } = await followAuthorization(request.url);
  tokens = await exchangeCode(graph.oauth, { code, redirectUri, codeVerifier: request.codeVerifier }, { now: () => clock.now() });
});
afterAll(async () => {
  await graph.close();
  await receiver.close();
});

describe('subscriptions', () => {
  it('subscribes to me/events with the token as clientState once the address answers the validation handshake; notifications carry it', async () => {
    answer = echo;
    const { channel } = await watchChanges({ channelId: 'ignored-by-graph', token: TOKEN, address: ADDRESS, expiresAt: inDays(6) });
    expect(channel).toEqual({ id: expect.any(String), resourceId: null, expiresAt: inDays(6) });
    expect(graph.subscriptions.get(channel.id)).toMatchObject({
      resource: 'me/events',
      changeType: 'created,updated,deleted',
      notificationUrl: ADDRESS,
      clientState: TOKEN,
    });
    const handshake = received.at(-1)!;
    expect(handshake.url.searchParams.get('validationToken')).toMatch(/^Validation: /);

    expect(await graph.notify('AAMkAD-event-1')).toEqual([{ subscriptionId: channel.id, status: 202 }]);
    const notification = received.at(-1)!;
    expect(readGraphNotification({ headers: {}, query: {}, body: JSON.parse(notification.body) as unknown })).toEqual({
      kind: 'changes',
      channels: [{ channelId: channel.id, token: TOKEN, state: 'updated' }],
    });
    await stopWatching(channel);
  });

  it('is refused (CalendarRefused) when the address does not echo the handshake: no subscription is made', async () => {
    answer = () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'something else' });
    const before = graph.subscriptions.size;
    await expect(watchChanges({ channelId: 'x-handshake-1', token: TOKEN, address: ADDRESS, expiresAt: inDays(6) })).rejects.toMatchObject({
      type: CALENDAR_FAILURES.refused,
    });
    expect(graph.subscriptions.size).toBe(before);
  });

  it('renews with PATCH (same subscription, new expiration), refuses more than 10080 minutes, and deletes', async () => {
    answer = echo;
    const { channel } = await watchChanges({ channelId: 'renewed-00001', token: TOKEN, address: ADDRESS, expiresAt: inDays(1) });
    const { channel: renewed } = await watchChanges({
      channelId: 'renewed-00001',
      token: TOKEN,
      address: ADDRESS,
      expiresAt: inDays(6),
      renew: channel,
    });
    expect(renewed).toEqual({ id: channel.id, resourceId: null, expiresAt: inDays(6) });
    expect(graph.subscriptions.get(channel.id)!.expirationDateTime).toBe(inDays(6));
    await expect(
      watchChanges({ channelId: 'renewed-00001', token: TOKEN, address: ADDRESS, expiresAt: inDays(8), renew: channel }),
    ).rejects.toMatchObject({ type: CALENDAR_FAILURES.refused });

    expect(await stopWatching(renewed)).toEqual({ stopped: true });
    expect(graph.subscriptions.has(channel.id)).toBe(false);
    expect(await stopWatching(renewed)).toEqual({ stopped: true }); // gone already: no failure
  });
});

describe('readGraphNotification', () => {
  it('answers the handshake with the token as it came, and reads a body that is not a notification as unreadable', () => {
    expect(readGraphNotification({ headers: {}, query: { validationToken: 'a b<c>' }, body: null })).toEqual({
      kind: 'handshake',
      answer: 'a b<c>',
    });
    expect(readGraphNotification({ headers: {}, query: {}, body: { value: [] } })).toMatchObject({ kind: 'unreadable' });
    expect(readGraphNotification({ headers: {}, query: {}, body: 'text' })).toMatchObject({ kind: 'unreadable' });
    expect(readGraphNotification({ headers: {}, query: {}, body: { value: [{ subscriptionId: 's' }] } })).toEqual({
      kind: 'changes',
      channels: [{ channelId: 's', token: null, state: 'updated' }],
    });
  });
});
