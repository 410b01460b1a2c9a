import { bindActivities, CALENDAR_FAILURES, manifestProblems, validatePlugins, type ActivityContext } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCode, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization } from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventIdOf, googleCalendar, googleCalendarManifest } from './index.ts';
import { startFakeGoogle, type FakeGoogle } from './testing.ts';

// Every test runs against the local fake of Google's OAuth server and Calendar API v3 (testing.ts),
// whose tokens expire on the same stepping clock the plugin sleeps on: no test waits real time.

const clock = steppingClock('2026-11-30T08:00:00Z');
let google: FakeGoogle;
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
    googleCalendar,
    testDeps(googleCalendar, { clock, config: { ...google.config, timeoutSeconds: 5, ...config } }),
    context,
  );
  const call = <T>(name: string) => bound[`calendar-google.${name}`]! as (input: unknown) => Promise<T>;
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
      refreshedTokens?: OAuthTokens;
    }>('changesSince'),
  };
}
const account = () => ({ tokens, calendarId: 'primary' });
const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { type?: string; nonRetryable?: boolean; message: string };
  }
  throw new Error('expected the call to fail');
};
const range = { from: '2026-12-01T00:00:00Z', to: '2026-12-02T00:00:00Z' };
const apiCalls = () => google.requests.filter((request) => request.url.pathname.startsWith('/calendar/v3')).length;

/** Connects the account as the platform will: the consent page (the fake grants at once), then the code for tokens. */
async function connect(): Promise<OAuthTokens> {
  const oauth = { ...google.oauth, authorizationParams: googleCalendarManifest.calendar!.oauth!.authorizationParams };
  const redirectUri = 'http://localhost:3000/api/calendars/oauth/callback';
  const request = authorizationRequest(oauth, { redirectUri, state: 'st-1' });
  expect(new URL(request.url).searchParams.get('access_type')).toBe('offline');
  const { code } = await followAuthorization(request.url);
  return exchangeCode(oauth, { code, redirectUri, codeVerifier: request.codeVerifier }, { now: () => clock.now() });
}

beforeAll(async () => {
  google = await startFakeGoogle({ now: () => clock.now() });
});
afterAll(() => google.close());
beforeEach(async () => {
  tokens = await connect();
  clock.waits.length = 0;
});

describe('the manifest', () => {
  it('validates: a calendar whose account is its OAuth tokens, with Google endpoints and the env vars of the client', () => {
    expect(() => validatePlugins([googleCalendar])).not.toThrow();
    expect(googleCalendarManifest.calendar!.oauth).toMatchObject({
      tokenEndpoint: 'https://oauth2.googleapis.com/token',
      clientIdEnv: 'MEETFLOW_GOOGLE_CLIENT_ID',
      clientSecretEnv: 'MEETFLOW_GOOGLE_CLIENT_SECRET',
      tokensField: 'tokens',
    });
  });

  it('is refused with an http token endpoint, a tokens field that is not secret, or an activity that does not answer refreshed tokens', () => {
    const m = googleCalendarManifest;
    const broken = {
      ...googleCalendar,
      manifest: {
        ...m,
        calendar: {
          ...m.calendar!,
          credentials: [{ key: 'tokens', label: 'Google account', secret: false }],
          oauth: { ...m.calendar!.oauth!, tokenEndpoint: 'http://oauth2.googleapis.com/token', clientIdEnv: 'google id' },
        },
        activities: {
          ...m.activities,
          freeBusy: { ...m.activities.freeBusy, output: m.activities.createEvent.output.omit({ refreshedTokens: true }) },
        },
      },
    } as unknown as Parameters<typeof manifestProblems>[0];
    expect(manifestProblems(broken)).toEqual([
      'calendar.oauth.tokenEndpoint must be an https URL',
      'calendar.oauth.clientIdEnv must name an environment variable (MEETFLOW_…)',
      'calendar credential "tokens" holds the OAuth tokens, so it is secret',
      `a calendar's freeBusy answers the tokens it refreshed as an optional "refreshedTokens" (withRefreshedTokens)`,
    ]);
  });
});

describe('OAuth', () => {
  it('connects with the code and PKCE verifier, and a call with fresh tokens refreshes nothing', async () => {
    expect(tokens).toMatchObject({ refreshToken: expect.any(String), expiresAt: '2026-11-30T08:59:59.000Z' });
    const before = google.auth.tokenRequests.length;
    const answer = await activities().freeBusy({ account: account(), range });
    expect(answer.refreshedTokens).toBeUndefined();
    expect(google.auth.tokenRequests.length).toBe(before);
  });

  it('refreshes tokens that are due before the call, once, and answers them as refreshedTokens', async () => {
    await clock.sleep(3600_000);
    const before = google.auth.tokenRequests.length;
    const calls = apiCalls();
    const answer = await activities().freeBusy({ account: account(), range });
    expect(google.auth.tokenRequests.slice(before)).toEqual([
      expect.objectContaining({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
    ]);
    expect(apiCalls()).toBe(calls + 1);
    expect(answer.refreshedTokens).toMatchObject({
      refreshToken: tokens.refreshToken,
      expiresAt: new Date(clock.now().getTime() + 3599_000).toISOString(),
    });
    expect(answer.refreshedTokens!.accessToken).not.toBe(tokens.accessToken);
  });

  it('when Google answers 401 for a token the account still thinks valid (expired on its clock), refreshes once and retries the call', async () => {
    await clock.sleep(3600_000);
    const stale = { ...tokens, expiresAt: '2027-01-01T00:00:00.000Z' };
    const before = google.auth.tokenRequests.length;
    const calls = apiCalls();
    const answer = await activities().freeBusy({ account: { tokens: stale, calendarId: 'primary' }, range });
    expect(google.auth.tokenRequests.length).toBe(before + 1);
    expect(apiCalls()).toBe(calls + 2);
    expect(answer.refreshedTokens).toBeDefined();
  });

  it('a refresh token Google refuses (invalid_grant) fails with CalendarAuthRefused, not retried: connect again', async () => {
    google.auth.revokeGrants();
    await clock.sleep(3600_000);
    const failure = await failureOf(activities().freeBusy({ account: account(), range }));
    expect(failure).toMatchObject({
      type: CALENDAR_FAILURES.authRefused,
      nonRetryable: true,
      message: 'the account must be connected again (invalid_grant)',
    });
  });

  it('the token endpoint down fails with CalendarUnavailable (retryable)', async () => {
    await clock.sleep(3600_000);
    google.auth.failTokenRequests(503);
    const failure = await failureOf(activities().freeBusy({ account: account(), range }));
    expect(failure).toMatchObject({ type: CALENDAR_FAILURES.unavailable, nonRetryable: false });
  });
});

describe('429', () => {
  it('waits out Retry-After on the clock and retries; still throttled after the retries, CalendarUnavailable', async () => {
    google.throttle(1, 7);
    const calls = apiCalls();
    await activities().freeBusy({ account: account(), range });
    expect(clock.waits).toEqual([7000]);
    expect(apiCalls()).toBe(calls + 2);

    clock.waits.length = 0;
    google.throttle(10, 3);
    const failure = await failureOf(activities({ maxRetries: 2 }).freeBusy({ account: account(), range }));
    expect(failure).toMatchObject({ type: CALENDAR_FAILURES.unavailable, nonRetryable: false });
    expect(clock.waits).toEqual([3000, 3000]);
    google.throttle(0, 0);
  });

  it('does not wait longer than maxRetryWaitSeconds: a longer Retry-After fails at once', async () => {
    google.throttle(1, 3600);
    const failure = await failureOf(activities().freeBusy({ account: account(), range }));
    expect(failure).toMatchObject({ type: CALENDAR_FAILURES.unavailable });
    expect(clock.waits).toEqual([]);
    google.throttle(0, 0);
  });
});

describe('the calendar', () => {
  it('free/busy: the busy intervals of opaque, not cancelled events, merged and clipped to the range', async () => {
    google.events.clear();
    google.putEvent({
      id: 'busy1aaaa',
      summary: 'Standup',
      start: { dateTime: '2026-12-01T09:00:00Z' },
      end: { dateTime: '2026-12-01T09:30:00Z' },
    });
    google.putEvent({
      id: 'busy2aaaa',
      summary: 'Overlap',
      start: { dateTime: '2026-12-01T10:15:00+01:00' },
      end: { dateTime: '2026-12-01T10:00:00Z' },
    });
    google.putEvent({
      id: 'freeaaaaa',
      summary: 'Focus',
      transparency: 'transparent',
      start: { dateTime: '2026-12-01T12:00:00Z' },
      end: { dateTime: '2026-12-01T13:00:00Z' },
    });
    google.putEvent({
      id: 'cancaaaaa',
      summary: 'Off',
      start: { dateTime: '2026-12-01T14:00:00Z' },
      end: { dateTime: '2026-12-01T15:00:00Z' },
    });
    google.deleteEvent('cancaaaaa');
    google.putEvent({
      id: 'edgeaaaaa',
      summary: 'Late',
      start: { dateTime: '2026-12-01T23:00:00Z' },
      end: { dateTime: '2026-12-02T01:00:00Z' },
    });
    const answer = await activities().freeBusy({ account: account(), range });
    expect(answer).toEqual({
      method: 'google-freebusy',
      busy: [
        { start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z' },
        { start: '2026-12-01T23:00:00.000Z', end: '2026-12-02T00:00:00.000Z' },
      ],
    });
  });

  it('creates an event with the attendee and the link, invitations sent; a second create of one uid is CalendarConflict', async () => {
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
    expect(saved.eventId).toBe(eventIdOf('meeting-42@meetflow'));
    expect(saved.eventId).toMatch(/^[a-v0-9]{5,1024}$/);
    const stored = google.events.get(saved.eventId)!;
    expect(stored).toMatchObject({
      etag: saved.etag,
      summary: 'Intro: Acme × Ledgerly',
      location: 'https://meet.example.com/abc-defg-hij',
      description: 'Agenda: a first look.\n\nJoin: https://meet.example.com/abc-defg-hij',
      start: { dateTime: '2026-12-03T15:00:00Z' },
      attendees: [{ email: 'maya@ledgerly.io', displayName: 'Maya Okafor', responseStatus: 'needsAction' }],
      extendedProperties: { private: { meetflowUid: 'meeting-42@meetflow' } },
    });
    expect(google.notifications.at(-1)).toEqual({ eventId: saved.eventId, kind: 'invitation', to: ['maya@ledgerly.io'] });
    const again = await failureOf(activities().createEvent({ account: account(), event }));
    expect(again).toMatchObject({ type: CALENDAR_FAILURES.conflict, nonRetryable: true });
  });

  it('updates the time and the link, attendees told; a stale etag is CalendarConflict; an unknown event CalendarRefused', async () => {
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
    expect(google.events.get(created.eventId)).toMatchObject({
      start: { dateTime: '2026-12-04T11:00:00Z' },
      end: { dateTime: '2026-12-04T11:45:00Z' },
      location: 'https://meet.example.com/new',
      description: 'Join: https://meet.example.com/new',
      sequence: 1,
    });
    expect(google.notifications.at(-1)).toEqual({ eventId: created.eventId, kind: 'update', to: ['tom@harborline.com'] });
    const stale = await failureOf(
      activities().updateEvent({ account: account(), eventId: created.eventId, etag: created.etag, changes: { summary: 'x' } }),
    );
    expect(stale).toMatchObject({ type: CALENDAR_FAILURES.conflict });
    const missing = await failureOf(activities().updateEvent({ account: account(), eventId: 'nosuchevent', changes: { summary: 'x' } }));
    expect(missing).toMatchObject({ type: CALENDAR_FAILURES.refused, message: 'updating the event: not found' });
  });

  it('cancels an event: deleted with the attendees told, kept by Google as cancelled', async () => {
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
    const cancelled = await activities().cancelEvent({ account: account(), eventId: created.eventId, etag: created.etag });
    expect(google.events.get(created.eventId)).toMatchObject({ status: 'cancelled', etag: cancelled.etag });
    expect(google.notifications.at(-1)).toEqual({ eventId: created.eventId, kind: 'cancellation', to: ['lena@brightforge.com'] });
  });
});

describe('changesSince', () => {
  it('lists every event first, then picks up a change made out of band and a deletion; an expired sync token starts over', async () => {
    google.events.clear();
    google.putEvent({
      id: 'keepaaaaa',
      summary: 'Keep',
      start: { dateTime: '2026-12-07T09:00:00Z' },
      end: { dateTime: '2026-12-07T10:00:00Z' },
    });
    google.putEvent({
      id: 'goneaaaaa',
      summary: 'Gone',
      start: { dateTime: '2026-12-07T11:00:00Z' },
      end: { dateTime: '2026-12-07T12:00:00Z' },
    });
    const first = await activities().changesSince({ account: account(), syncToken: null });
    expect(first.full).toBe(true);
    expect(first.changed.map((event) => event.eventId).sort()).toEqual(['goneaaaaa', 'keepaaaaa']);

    google.putEvent({
      id: 'keepaaaaa',
      summary: 'Keep (moved)',
      start: { dateTime: '2026-12-07T13:00:00Z' },
      end: { dateTime: '2026-12-07T14:00:00Z' },
    });
    google.deleteEvent('goneaaaaa');
    const second = await activities().changesSince({ account: account(), syncToken: first.syncToken });
    expect(second).toMatchObject({
      full: false,
      removed: ['goneaaaaa'],
      changed: [
        {
          eventId: 'keepaaaaa',
          summary: 'Keep (moved)',
          start: '2026-12-07T13:00:00.000Z',
          end: '2026-12-07T14:00:00.000Z',
          status: 'confirmed',
        },
      ],
    });

    const third = await activities().changesSince({ account: account(), syncToken: second.syncToken });
    expect(third).toMatchObject({ changed: [], removed: [], full: false });

    google.expireSyncTokens();
    const restarted = await activities().changesSince({ account: account(), syncToken: third.syncToken });
    expect(restarted.full).toBe(true);
    expect(restarted.changed.map((event) => event.eventId)).toEqual(['keepaaaaa']);
    expect(restarted.syncToken).not.toBe(third.syncToken);
  });

  it('follows pages to the last one, which carries the sync token', async () => {
    google.events.clear();
    for (let index = 0; index < 260; index += 1)
      google.putEvent({
        id: `page${String(index).padStart(4, '0')}`,
        summary: `E${index}`,
        start: { dateTime: '2026-12-08T09:00:00Z' },
        end: { dateTime: '2026-12-08T09:15:00Z' },
      });
    const all = await activities().changesSince({ account: account(), syncToken: null });
    expect(all.changed).toHaveLength(260);
    expect(new Set(all.changed.map((event) => event.eventId)).size).toBe(260);
  });
});
