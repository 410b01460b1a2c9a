import { bindActivities, CALENDAR_FAILURES, manifestProblems, validatePlugins, type ActivityContext } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCode, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization } from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { microsoftCalendar, microsoftCalendarManifest, UID_PROPERTY } from './index.ts';
import { startFakeMicrosoft, type FakeMicrosoft } from './testing.ts';

// Every test runs against the local fake of the Microsoft identity platform and Graph v1.0
// (testing.ts), whose tokens expire on the same stepping clock the plugin sleeps on.

const clock = steppingClock('2026-11-30T08:00:00Z');
let graph: FakeMicrosoft;
let tokens: OAuthTokens;

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});
type Saved = { eventId: string; etag: string; refreshedTokens?: OAuthTokens };
function activities(config: Record<string, unknown> = {}) {
  const bound = bindActivities(
    microsoftCalendar,
    testDeps(microsoftCalendar, { clock, config: { ...graph.config, timeoutSeconds: 5, ...config } }),
    context,
  );
  const call = <T>(name: string) => bound[`calendar-microsoft.${name}`]! as (input: unknown) => Promise<T>;
  return {
    freeBusy: call<{ busy: Array<{ start: string; end: string }>; method: string; refreshedTokens?: OAuthTokens }>('freeBusy'),
    createEvent: call<Saved>('createEvent'),
    updateEvent: call<Saved>('updateEvent'),
    cancelEvent: call<Saved>('cancelEvent'),
    changesSince: call<{
      changed: Array<{ eventId: string; uid: string; summary: string; start: string; end: string; status: string; attendees: string[] }>;
      removed: string[];
      syncToken: string;
      full: boolean;
    }>('changesSince'),
  };
}
const account = () => ({ tokens });
const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { type?: string; nonRetryable?: boolean; message: string };
  }
  throw new Error('expected the call to fail');
};
const range = { from: '2026-12-01T00:00:00Z', to: '2026-12-02T00:00:00Z' };
const graphCalls = () => graph.requests.filter((request) => request.url.pathname.startsWith('/v1.0')).length;
const at = (dateTime: string) => ({ dateTime, timeZone: 'UTC' });

async function connect(): Promise<OAuthTokens> {
  const redirectUri = 'http://localhost:3000/api/calendars/oauth/callback';
  const request = authorizationRequest(graph.oauth, { redirectUri, state: 'st-1' });
  expect(new URL(request.url).searchParams.get('scope')).toBe('offline_access https://graph.microsoft.com/Calendars.ReadWrite');
  const { code } = await followAuthorization(request.url);
  return exchangeCode(graph.oauth, { code, redirectUri, codeVerifier: request.codeVerifier }, { now: () => clock.now() });
}

beforeAll(async () => {
  graph = await startFakeMicrosoft({ now: () => clock.now() });
});
afterAll(() => graph.close());
beforeEach(async () => {
  tokens = await connect();
  clock.waits.length = 0;
});

describe('the manifest', () => {
  it('validates: Microsoft endpoints, no revocation endpoint (Microsoft has none), the env vars of the client, the tokens field', () => {
    expect(() => validatePlugins([microsoftCalendar])).not.toThrow();
    expect(microsoftCalendarManifest.calendar!.oauth).toEqual({
      authorizationEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      tokenEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      scopes: ['offline_access', 'https://graph.microsoft.com/Calendars.ReadWrite'],
      clientIdEnv: 'MEETFLOW_MICROSOFT_CLIENT_ID',
      clientSecretEnv: 'MEETFLOW_MICROSOFT_CLIENT_SECRET',
      tokensField: 'tokens',
    });
  });

  it('is refused when the tokens field is not a credential, or the config has no server-only client secret', () => {
    const m = microsoftCalendarManifest;
    const broken = {
      ...microsoftCalendar,
      manifest: {
        ...m,
        calendar: { ...m.calendar!, oauth: { ...m.calendar!.oauth!, tokensField: 'token', scopes: [] } },
        config: m.config.omit({ clientSecret: true }),
      },
    } as unknown as Parameters<typeof manifestProblems>[0];
    expect(manifestProblems(broken)).toEqual([
      'calendar.oauth.scopes must be a non-empty list of scope names',
      `an OAuth calendar's config has a server-only string field "clientSecret" (from calendar.oauth.clientSecretEnv)`,
      'calendar.oauth.tokensField "token" is not one of calendar.credentials',
      ...['freeBusy', 'createEvent', 'updateEvent', 'cancelEvent', 'changesSince'].map(
        (name) => `a calendar's ${name} takes the OAuth tokens as its account's "token"`,
      ),
    ]);
  });
});

describe('OAuth', () => {
  it('refreshes tokens that are due, once, and answers the new refresh token Microsoft gives for the platform to store', async () => {
    await clock.sleep(3600_000);
    const before = graph.auth.tokenRequests.length;
    const answer = await activities().freeBusy({ account: account(), range });
    expect(graph.auth.tokenRequests.slice(before)).toEqual([
      expect.objectContaining({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
    ]);
    expect(answer.refreshedTokens?.refreshToken).toEqual(expect.any(String));
    expect(answer.refreshedTokens!.refreshToken).not.toBe(tokens.refreshToken);
    // The answered one refreshes in turn; Microsoft does not revoke the old one, so a call that failed after a refresh loses nothing.
    await clock.sleep(3600_000);
    const again = await activities().freeBusy({ account: { tokens: answer.refreshedTokens! }, range });
    expect(again.refreshedTokens!.refreshToken).not.toBe(answer.refreshedTokens!.refreshToken);
    expect((await activities().freeBusy({ account: account(), range })).refreshedTokens).toBeDefined();
  });

  it('when Graph answers 401 InvalidAuthenticationToken for a token the account still thinks valid, refreshes once and retries', async () => {
    await clock.sleep(3600_000);
    const before = graph.auth.tokenRequests.length;
    const calls = graphCalls();
    const answer = await activities().freeBusy({ account: { tokens: { ...tokens, expiresAt: '2027-01-01T00:00:00.000Z' } }, range });
    expect(graph.auth.tokenRequests.length).toBe(before + 1);
    expect(graphCalls()).toBe(calls + 2);
    expect(answer.refreshedTokens).toBeDefined();
  });

  it('invalid_grant (consent withdrawn) fails with CalendarAuthRefused, not retried', async () => {
    graph.auth.revokeGrants();
    await clock.sleep(3600_000);
    const failure = await failureOf(
      activities().createEvent({
        account: account(),
        event: { uid: 'x-1', start: range.from, end: range.to, summary: 'x', organizer: { email: 'rep@acme.test' } },
      }),
    );
    expect(failure).toMatchObject({
      type: CALENDAR_FAILURES.authRefused,
      nonRetryable: true,
      message: 'the account must be connected again (invalid_grant)',
    });
  });
});

describe('429', () => {
  it('waits out Retry-After on the clock and retries; throttled throughout, CalendarUnavailable after the retries', async () => {
    graph.throttle(2, 5);
    const calls = graphCalls();
    await activities().freeBusy({ account: account(), range });
    expect(clock.waits).toEqual([5000, 5000]);
    expect(graphCalls()).toBe(calls + 3);

    clock.waits.length = 0;
    graph.throttle(10, 1);
    const failure = await failureOf(activities({ maxRetries: 1 }).freeBusy({ account: account(), range }));
    expect(failure).toMatchObject({ type: CALENDAR_FAILURES.unavailable, nonRetryable: false });
    expect(clock.waits).toEqual([1000]);
    graph.throttle(0, 0);
  });
});

describe('the calendar', () => {
  it('free/busy: every event not cancelled and not free or working elsewhere, merged and clipped, across pages', async () => {
    graph.events.clear();
    graph.putEvent({ id: 'ev-busy', subject: 'Standup', start: at('2026-12-01T09:00:00.0000000'), end: at('2026-12-01T09:30:00.0000000') });
    graph.putEvent({
      id: 'ev-tent',
      subject: 'Maybe',
      showAs: 'tentative',
      start: at('2026-12-01T09:15:00.0000000'),
      end: at('2026-12-01T10:00:00.0000000'),
    });
    graph.putEvent({
      id: 'ev-oof',
      subject: 'Dentist',
      showAs: 'oof',
      start: at('2026-12-01T16:00:00.0000000'),
      end: at('2026-12-01T17:00:00.0000000'),
    });
    graph.putEvent({
      id: 'ev-free',
      subject: 'Focus',
      showAs: 'free',
      start: at('2026-12-01T12:00:00.0000000'),
      end: at('2026-12-01T13:00:00.0000000'),
    });
    graph.putEvent({
      id: 'ev-else',
      subject: 'Home',
      showAs: 'workingElsewhere',
      start: at('2026-12-01T13:00:00.0000000'),
      end: at('2026-12-01T14:00:00.0000000'),
    });
    graph.putEvent({ id: 'ev-late', subject: 'Late', start: at('2026-11-30T23:00:00.0000000'), end: at('2026-12-01T01:00:00.0000000') });
    for (let index = 0; index < 120; index += 1)
      graph.putEvent({
        id: `ev-n${index}`,
        subject: 'n',
        start: at('2026-12-01T20:00:00.0000000'),
        end: at('2026-12-01T20:30:00.0000000'),
      });
    const answer = await activities().freeBusy({ account: account(), range });
    expect(answer).toEqual({
      method: 'graph-calendar-view',
      busy: [
        { start: '2026-12-01T00:00:00.000Z', end: '2026-12-01T01:00:00.000Z' },
        { start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z' },
        { start: '2026-12-01T16:00:00.000Z', end: '2026-12-01T17:00:00.000Z' },
        { start: '2026-12-01T20:00:00.000Z', end: '2026-12-01T20:30:00.000Z' },
      ],
    });
    const views = graph.requests.filter((request) => request.url.pathname === '/v1.0/me/calendar/calendarView');
    expect(views.at(-1)!.headers.prefer).toBe('outlook.timezone="UTC"');
    expect(views.at(-1)!.url.searchParams.get('$skip')).toBe('100');
  });

  it('creates an event with the attendee and the link; a second create of one uid is CalendarConflict, not a second event', async () => {
    graph.events.clear();
    const event = {
      uid: 'meeting-42@meetflow',
      start: '2026-12-03T15:00:00Z',
      end: '2026-12-03T15:30:00Z',
      summary: 'Intro: Acme × Ledgerly',
      description: 'Agenda: a first look.',
      conferencingUrl: 'https://meet.example.com/abc-defg-hij',
      organizer: { email: 'rep@acme.test' },
      attendees: [{ email: 'maya@ledgerly.io', name: 'Maya Okafor' }],
    };
    const saved = await activities().createEvent({ account: account(), event });
    expect(graph.events.get(saved.eventId)).toMatchObject({
      '@odata.etag': saved.etag,
      subject: 'Intro: Acme × Ledgerly',
      body: { contentType: 'text', content: 'Agenda: a first look.\n\nJoin: https://meet.example.com/abc-defg-hij' },
      location: { displayName: 'https://meet.example.com/abc-defg-hij' },
      start: at('2026-12-03T15:00:00.0000000'),
      end: at('2026-12-03T15:30:00.0000000'),
      attendees: [{ type: 'required', emailAddress: { address: 'maya@ledgerly.io', name: 'Maya Okafor' } }],
      transactionId: 'meeting-42@meetflow',
      singleValueExtendedProperties: [{ id: UID_PROPERTY, value: 'meeting-42@meetflow' }],
    });
    expect(graph.notifications.at(-1)).toEqual({ eventId: saved.eventId, kind: 'invitation', to: ['maya@ledgerly.io'] });
    const again = await failureOf(activities().createEvent({ account: account(), event }));
    expect(again).toMatchObject({ type: CALENDAR_FAILURES.conflict, nonRetryable: true });
    expect(graph.events.size).toBe(1);
  });

  it('updates the time and the link (attendees told); a stale etag is CalendarConflict; an unknown event CalendarRefused', async () => {
    const created = await activities().createEvent({
      account: account(),
      event: {
        uid: 'meeting-43',
        start: '2026-12-04T10:00:00Z',
        end: '2026-12-04T10:30:00Z',
        summary: 'Demo',
        conferencingUrl: 'https://meet.example.com/old',
        organizer: { email: 'rep@acme.test' },
        attendees: [{ email: 'tom@harborline.com' }],
      },
    });
    const updated = await activities().updateEvent({
      account: account(),
      eventId: created.eventId,
      etag: created.etag,
      changes: { start: '2026-12-04T11:00:00Z', end: '2026-12-04T11:45:00Z', conferencingUrl: 'https://meet.example.com/new' },
    });
    expect(updated.etag).not.toBe(created.etag);
    expect(graph.events.get(created.eventId)).toMatchObject({
      start: at('2026-12-04T11:00:00.0000000'),
      end: at('2026-12-04T11:45:00.0000000'),
      location: { displayName: 'https://meet.example.com/new' },
      body: { content: 'Join: https://meet.example.com/new' },
    });
    expect(graph.notifications.at(-1)).toEqual({ eventId: created.eventId, kind: 'update', to: ['tom@harborline.com'] });
    const stale = await failureOf(
      activities().updateEvent({ account: account(), eventId: created.eventId, etag: created.etag, changes: { summary: 'x' } }),
    );
    expect(stale).toMatchObject({ type: CALENDAR_FAILURES.conflict });
    const missing = await failureOf(
      activities().updateEvent({ account: account(), eventId: 'AAMkNoSuchEvent=', changes: { summary: 'x' } }),
    );
    expect(missing).toMatchObject({ type: CALENDAR_FAILURES.refused, message: 'updating the event: not found' });
  });

  it("cancels an event with Graph's cancel action (attendees told, moved to Deleted Items); a stale etag, and an attendee's copy, are refused", async () => {
    const created = await activities().createEvent({
      account: account(),
      event: {
        uid: 'meeting-44',
        start: '2026-12-05T10:00:00Z',
        end: '2026-12-05T10:30:00Z',
        summary: 'Call',
        organizer: { email: 'rep@acme.test' },
        attendees: [{ email: 'lena@brightforge.com' }],
      },
    });
    const stale = await failureOf(activities().cancelEvent({ account: account(), eventId: created.eventId, etag: 'W/"older"' }));
    expect(stale).toMatchObject({ type: CALENDAR_FAILURES.conflict });
    const cancelled = await activities().cancelEvent({ account: account(), eventId: created.eventId, etag: created.etag });
    expect(cancelled).toEqual({ eventId: created.eventId, etag: created.etag });
    expect(graph.events.has(created.eventId)).toBe(false);
    expect(graph.deletedItems.get(created.eventId)).toMatchObject({ isCancelled: true });
    expect(graph.notifications.at(-1)).toMatchObject({ eventId: created.eventId, kind: 'cancellation', to: ['lena@brightforge.com'] });

    graph.putEvent({
      id: 'ev-invited',
      subject: 'Their meeting',
      isOrganizer: false,
      start: at('2026-12-06T10:00:00.0000000'),
      end: at('2026-12-06T11:00:00.0000000'),
    });
    const notOrganizer = await failureOf(activities().cancelEvent({ account: account(), eventId: 'ev-invited' }));
    expect(notOrganizer).toMatchObject({
      type: CALENDAR_FAILURES.refused,
      message: 'cancelling the event: only the organizer can cancel the meeting',
    });
  });
});

describe('changesSince', () => {
  it('lists the window first, then picks up a change made out of band, a deletion and a cancellation; an expired token starts over', async () => {
    graph.events.clear();
    graph.putEvent({ id: 'ev-keep', subject: 'Keep', start: at('2026-12-07T09:00:00.0000000'), end: at('2026-12-07T10:00:00.0000000') });
    graph.putEvent({ id: 'ev-gone', subject: 'Gone', start: at('2026-12-07T11:00:00.0000000'), end: at('2026-12-07T12:00:00.0000000') });
    const booked = await activities().createEvent({
      account: account(),
      event: {
        uid: 'meeting-45',
        start: '2026-12-08T10:00:00Z',
        end: '2026-12-08T10:30:00Z',
        summary: 'Booked',
        organizer: { email: 'rep@acme.test' },
      },
    });
    const first = await activities().changesSince({ account: account(), syncToken: null });
    expect(first.full).toBe(true);
    expect(first.changed.map((event) => event.eventId).sort()).toEqual([booked.eventId, 'ev-gone', 'ev-keep'].sort());
    expect(first.changed.find((event) => event.eventId === booked.eventId)?.uid).toBe('meeting-45');
    const window = graph.requests.filter((request) => request.url.pathname === '/v1.0/me/calendarView/delta').at(-1)!.url.searchParams;
    expect([window.get('startDateTime'), window.get('endDateTime')]).toEqual([
      new Date(clock.now().getTime() - 30 * 86_400_000).toISOString(),
      new Date(clock.now().getTime() + 365 * 86_400_000).toISOString(),
    ]);

    graph.putEvent({
      id: 'ev-keep',
      subject: 'Keep (moved)',
      start: at('2026-12-07T13:00:00.0000000'),
      end: at('2026-12-07T14:00:00.0000000'),
    });
    graph.deleteEvent('ev-gone');
    await activities().cancelEvent({ account: account(), eventId: booked.eventId });
    const second = await activities().changesSince({ account: account(), syncToken: first.syncToken });
    expect(second.full).toBe(false);
    expect(second.changed).toMatchObject([
      { eventId: 'ev-keep', summary: 'Keep (moved)', start: '2026-12-07T13:00:00.000Z', end: '2026-12-07T14:00:00.000Z' },
    ]);
    expect(second.removed.sort()).toEqual([booked.eventId, 'ev-gone'].sort());

    graph.expireDeltaTokens();
    const restarted = await activities().changesSince({ account: account(), syncToken: second.syncToken });
    expect(restarted.full).toBe(true);
    expect(restarted.changed.map((event) => event.eventId)).toEqual(['ev-keep']);
  });

  it('follows nextLink pages to the deltaLink, and never sends the token to another origin than the API', async () => {
    graph.events.clear();
    for (let index = 0; index < 120; index += 1)
      graph.putEvent({
        id: `ev-p${index}`,
        subject: `E${index}`,
        start: at('2026-12-09T09:00:00.0000000'),
        end: at('2026-12-09T09:15:00.0000000'),
      });
    const all = await activities().changesSince({ account: account(), syncToken: null });
    expect(new Set(all.changed.map((event) => event.eventId)).size).toBe(120);
    const elsewhere = await activities().changesSince({
      account: account(),
      syncToken: 'https://attacker.example/v1.0/me/calendarView/delta?$deltatoken=x',
    });
    expect(elsewhere.full).toBe(true);
  });
});
