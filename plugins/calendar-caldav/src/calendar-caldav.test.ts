import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestCalDavServer, unusedLocalUrl, type TestCalDavServer } from '@meetflow/platform/dev/testing/radicale';
import { bindActivities, CALENDAR_FAILURES, isCalendarFailure, validatePlugins, type ActivityContext } from '@meetflow/plugin-sdk';
import { testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calDavCalendar, type CalDavAccount } from './index.ts';
import type { CalDavConfig } from './manifest.ts';

// Every test runs against a real Radicale 3.9 (started for this file by the platform's test
// helper): if it cannot start, beforeAll throws and every test fails saying why.

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});
const activities = (config: Partial<CalDavConfig> = {}) => {
  const bound = bindActivities(calDavCalendar, testDeps(calDavCalendar, { config: { timeoutSeconds: 5, ...config } }), context);
  const call = <T>(name: string) => bound[`calendar-caldav.${name}`]! as (input: unknown) => Promise<T>;
  return {
    freeBusy: call<{ busy: Array<{ start: string; end: string }>; method: string }>('freeBusy'),
    createEvent: call<{ eventId: string; etag: string }>('createEvent'),
    updateEvent: call<{ eventId: string; etag: string }>('updateEvent'),
    cancelEvent: call<{ eventId: string; etag: string }>('cancelEvent'),
    changesSince: call<{
      changed: Array<{ eventId: string; uid: string; status: string }>;
      removed: string[];
      syncToken: string;
      full: boolean;
    }>('changesSince'),
  };
};

const rep = { username: 'rep@acme.test', password: 'correct horse' };
const other = { username: 'other@acme.test', password: 'battery staple' };
let radicale: TestCalDavServer;
let calendarUrl: string;
let account: CalDavAccount;

/** The object's text with folded lines joined (RFC 5545 §3.1). */
async function objectText(url: string, as = rep): Promise<string> {
  const response = await radicale.request(as, url, { method: 'GET' });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/\r?\n[ \t]/g, '');
}

/** PUTs an iCalendar object as another CalDAV client would, answering its URL. */
async function putRaw(name: string, vevents: string, user = rep, calendar = calendarUrl): Promise<string> {
  const url = `${calendar}${name}.ics`;
  const body = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Another client//EN', vevents.trim(), 'END:VCALENDAR', ''].join('\r\n');
  const response = await radicale.request(user, url, {
    method: 'PUT',
    body: body.replace(/\r?\n/g, '\r\n'),
    headers: { 'content-type': 'text/calendar' },
  });
  expect(response.status).toBe(201);
  return url;
}

const NEW_YORK = `BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:STANDARD
DTSTART:20071104T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:20070311T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
END:DAYLIGHT
END:VTIMEZONE`;

const vevent = (uid: string, lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

beforeAll(async () => {
  radicale = await startTestCalDavServer([rep, other]);
  calendarUrl = await radicale.calendar(rep, 'work');
  await radicale.calendar(other, 'work');
  // The account names the server only: the calendar is found by discovery.
  account = { serverUrl: radicale.url, username: rep.username, password: rep.password };
}, 120_000);

afterAll(async () => {
  await radicale?.close();
});

describe('the calendar-caldav plugin', () => {
  it('has a manifest the platform accepts', () => {
    expect(() => validatePlugins([calDavCalendar])).not.toThrow();
  });

  it('creates an event with its organizer, attendees and conferencing link, and reads it back', async () => {
    const created = await activities().createEvent({
      account,
      event: {
        uid: 'meetflow-booking-1@acme.test',
        start: '2026-12-07T15:00:00Z',
        end: '2026-12-07T16:00:00+00:00',
        summary: 'Acme × Globex: intro call',
        description: 'Booked by Meetflow.\nAgenda: onboarding.',
        conferencingUrl: 'https://meet.acme.test/abc-defg',
        organizer: { email: 'rep@acme.test', name: 'Ada Rep' },
        attendees: [{ email: 'lin@globex.test', name: 'Lin Prospect' }, { email: 'sam@globex.test' }],
      },
    });
    expect(created.eventId).toBe(`${calendarUrl}meetflow-booking-1%40acme.test.ics`);
    expect(created.etag).not.toBe('');
    const text = await objectText(created.eventId);
    expect(text).toContain('UID:meetflow-booking-1@acme.test');
    expect(text).toContain('DTSTART:20261207T150000Z');
    expect(text).toContain('DTEND:20261207T160000Z');
    expect(text).toContain('SUMMARY:Acme × Globex: intro call');
    expect(text).toContain('DESCRIPTION:Booked by Meetflow.\\nAgenda: onboarding.');
    expect(text).toContain('ORGANIZER;CN=Ada Rep:mailto:rep@acme.test');
    // (Radicale stores parameters in alphabetical order.)
    expect(text).toContain('ATTENDEE;CN=Lin Prospect;PARTSTAT=NEEDS-ACTION;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:lin@globex.test');
    expect(text).toContain('ATTENDEE;PARTSTAT=NEEDS-ACTION;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:sam@globex.test');
    expect(text).toContain('LOCATION:https://meet.acme.test/abc-defg');
    expect(text).toContain('URL:https://meet.acme.test/abc-defg');
    expect(text).toContain('CONFERENCE;FEATURE=VIDEO;LABEL=Join the meeting;VALUE=URI:https://meet.acme.test/abc-defg');
    expect(text).toContain('STATUS:CONFIRMED');
    expect(text).toContain('SEQUENCE:0');

    // The same uid again is a conflict, never a second event.
    const again = await activities()
      .createEvent({
        account,
        event: {
          uid: 'meetflow-booking-1@acme.test',
          start: '2026-12-08T15:00:00Z',
          end: '2026-12-08T16:00:00Z',
          summary: 'Twice',
          organizer: { email: 'rep@acme.test' },
        },
      })
      .catch((error: unknown) => error);
    expect(again).toSatisfy(isCalendarFailure);
    expect(again).toMatchObject({ type: CALENDAR_FAILURES.conflict, nonRetryable: true });
  });

  describe('free/busy over a range', () => {
    const range = { from: '2026-12-07T00:00:00Z', to: '2026-12-28T00:00:00Z' };
    const expected = [
      // the event created above
      { start: '2026-12-07T15:00:00.000Z', end: '2026-12-07T16:00:00.000Z' },
      // weekly on Wednesdays at 13:00 UTC, the 16th excluded (EXDATE)
      { start: '2026-12-09T13:00:00.000Z', end: '2026-12-09T13:30:00.000Z' },
      // 09:00-10:00 in New York (EST, UTC-5)
      { start: '2026-12-11T14:00:00.000Z', end: '2026-12-11T15:00:00.000Z' },
      { start: '2026-12-23T13:00:00.000Z', end: '2026-12-23T13:30:00.000Z' },
    ];

    beforeAll(async () => {
      await putRaw(
        'weekly',
        vevent('weekly-standup', [
          'DTSTART:20261202T130000Z',
          'DTEND:20261202T133000Z',
          'SUMMARY:Stand-up',
          'RRULE:FREQ=WEEKLY;COUNT=10',
          'EXDATE:20261216T130000Z',
        ]),
      );
      await putRaw(
        'transparent',
        vevent('focus-time', ['DTSTART:20261210T100000Z', 'DTEND:20261210T110000Z', 'SUMMARY:Focus', 'TRANSP:TRANSPARENT']),
      );
      await putRaw(
        'cancelled',
        vevent('called-off', ['DTSTART:20261210T120000Z', 'DTEND:20261210T130000Z', 'SUMMARY:Off', 'STATUS:CANCELLED']),
      );
      await putRaw(
        'new-york',
        `${NEW_YORK}\r\n${vevent('ny-lunch', ['DTSTART;TZID=America/New_York:20261211T090000', 'DTEND;TZID=America/New_York:20261211T100000', 'SUMMARY:Breakfast'])}`,
      );
      // Outside the range, and another user's calendar: neither counts.
      await putRaw('later', vevent('next-year', ['DTSTART:20270301T100000Z', 'DTEND:20270301T110000Z', 'SUMMARY:Later']));
      await putRaw(
        'theirs',
        vevent('not-yours', ['DTSTART:20261208T100000Z', 'DTEND:20261208T110000Z', 'SUMMARY:Other']),
        other,
        `${radicale.url}other%40acme.test/work/`,
      );
    });

    it("answers the server's free-busy-query (Radicale has it)", async () => {
      expect(await activities().freeBusy({ account, range })).toEqual({ busy: expected, method: 'free-busy-query' });
    });

    it('answers the same from a calendar-query expanded here, with ical.js', async () => {
      expect(await activities({ freeBusyMethod: 'calendar-query' }).freeBusy({ account, range })).toEqual({
        busy: expected,
        method: 'calendar-query',
      });
    });

    it('clips intervals to the range and merges those that touch', async () => {
      const narrow = { from: '2026-12-07T15:30:00Z', to: '2026-12-09T13:15:00+00:00' };
      const clipped = [
        { start: '2026-12-07T15:30:00.000Z', end: '2026-12-07T16:00:00.000Z' },
        { start: '2026-12-09T13:00:00.000Z', end: '2026-12-09T13:15:00.000Z' },
      ];
      expect((await activities().freeBusy({ account, range: narrow })).busy).toEqual(clipped);
      expect((await activities({ freeBusyMethod: 'calendar-query' }).freeBusy({ account, range: narrow })).busy).toEqual(clipped);
    });

    it('refuses a range that ends before it starts', async () => {
      const backwards = await activities()
        .freeBusy({ account, range: { from: '2026-12-08T00:00:00Z', to: '2026-12-07T00:00:00Z' } })
        .catch((error: unknown) => error);
      expect(String(backwards)).toContain('from must be before to');
    });
  });

  it('updates an event (SEQUENCE raised, If-Match kept) and cancels it (STATUS:CANCELLED, kept, no longer busy)', async () => {
    const plugin = activities();
    const created = await plugin.createEvent({
      account,
      event: {
        uid: 'to-move',
        start: '2027-01-04T09:00:00Z',
        end: '2027-01-04T09:30:00Z',
        summary: 'Call',
        organizer: { email: 'rep@acme.test' },
        attendees: [{ email: 'lin@globex.test' }],
      },
    });
    const moved = await plugin.updateEvent({
      account,
      eventId: created.eventId,
      etag: created.etag,
      changes: {
        start: '2027-01-05T10:00:00Z',
        end: '2027-01-05T11:00:00Z',
        summary: 'Call (moved)',
        conferencingUrl: 'https://meet.acme.test/new',
      },
    });
    expect(moved.eventId).toBe(created.eventId);
    expect(moved.etag).not.toBe(created.etag);
    let text = await objectText(created.eventId);
    expect(text).toContain('DTSTART:20270105T100000Z');
    expect(text).toContain('DTEND:20270105T110000Z');
    expect(text).toContain('SUMMARY:Call (moved)');
    expect(text).toContain('URL:https://meet.acme.test/new');
    expect(text).toContain('mailto:lin@globex.test');
    expect(text).toContain('SEQUENCE:1');
    const january = { from: '2027-01-04T00:00:00Z', to: '2027-01-06T00:00:00Z' };
    expect((await plugin.freeBusy({ account, range: january })).busy).toEqual([
      { start: '2027-01-05T10:00:00.000Z', end: '2027-01-05T11:00:00.000Z' },
    ]);

    // The etag it was created with is stale now: the change is refused, not written over.
    const stale = await plugin
      .updateEvent({ account, eventId: created.eventId, etag: created.etag, changes: { summary: 'Lost' } })
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ type: CALENDAR_FAILURES.conflict, nonRetryable: true });

    const cancelled = await plugin.cancelEvent({ account, eventId: created.eventId, etag: moved.etag });
    text = await objectText(created.eventId);
    expect(text).toContain('STATUS:CANCELLED');
    expect(text).toContain('SEQUENCE:2');
    expect(cancelled.etag).not.toBe(moved.etag);
    expect((await plugin.freeBusy({ account, range: january })).busy).toEqual([]);
    expect((await activities({ freeBusyMethod: 'calendar-query' }).freeBusy({ account, range: january })).busy).toEqual([]);

    const missing = await plugin.cancelEvent({ account, eventId: `${calendarUrl}no-such-event.ics` }).catch((error: unknown) => error);
    expect(missing).toSatisfy(isCalendarFailure);
    expect(missing).toMatchObject({ type: CALENDAR_FAILURES.refused, message: 'cancelling the event: not found', nonRetryable: true });
  });

  for (const syncMethod of ['auto', 'etag'] as const) {
    it(`picks up an event another client created and one it deleted (${syncMethod === 'auto' ? 'RFC 6578 sync-collection' : 'etags compared'})`, async () => {
      const plugin = activities({ syncMethod });
      const doomed = await putRaw(
        `doomed-${syncMethod}`,
        vevent(`doomed-${syncMethod}`, ['DTSTART:20270201T100000Z', 'DTEND:20270201T110000Z', 'SUMMARY:Doomed']),
      );
      const first = await plugin.changesSince({ account, syncToken: null });
      expect(first.full).toBe(true);
      // Radicale's own sync token, or one carrying the etags.
      expect(first.syncToken.startsWith('etags:')).toBe(syncMethod === 'etag');
      expect(first.changed.map((event) => event.uid)).toEqual(expect.arrayContaining(['weekly-standup', `doomed-${syncMethod}`]));
      expect(first.removed).toEqual([]);

      const nothing = await plugin.changesSince({ account, syncToken: first.syncToken });
      expect(nothing).toMatchObject({ changed: [], removed: [], full: false });

      const added = await putRaw(
        `added-${syncMethod}`,
        vevent(`added-${syncMethod}`, [
          'DTSTART:20270202T100000Z',
          'DTEND:20270202T110000Z',
          'SUMMARY:Added',
          'ATTENDEE:mailto:lin@globex.test',
        ]),
      );
      const deleted = await radicale.request(rep, doomed, { method: 'DELETE' });
      expect(deleted.status).toBe(200);
      const next = await plugin.changesSince({ account, syncToken: nothing.syncToken });
      expect(next.full).toBe(false);
      expect(next.changed).toEqual([
        expect.objectContaining({
          eventId: added,
          uid: `added-${syncMethod}`,
          summary: 'Added',
          start: '2027-02-02T10:00:00.000Z',
          end: '2027-02-02T11:00:00.000Z',
          status: 'confirmed',
          transparent: false,
          recurring: false,
          attendees: ['lin@globex.test'],
        }),
      ]);
      expect(next.removed).toEqual([doomed]);
      expect(next.syncToken).not.toBe(nothing.syncToken);
    });
  }

  it('starts over with every event when the server no longer knows the sync token', async () => {
    const changes = await activities().changesSince({ account, syncToken: 'http://radicale.org/ns/sync/unknown' });
    expect(changes.full).toBe(true);
    expect(changes.syncToken).toMatch(/^http:\/\/radicale\.org\/ns\/sync\//);
    expect(changes.changed.map((event) => event.uid)).toContain('weekly-standup');
  });

  it('uses a calendar URL as it is', async () => {
    const direct = { ...account, serverUrl: calendarUrl };
    const busy = await activities().freeBusy({ account: direct, range: { from: '2026-12-07T00:00:00Z', to: '2026-12-08T00:00:00Z' } });
    expect(busy.busy).toEqual([{ start: '2026-12-07T15:00:00.000Z', end: '2026-12-07T16:00:00.000Z' }]);
  });

  describe('failures', () => {
    const range = { from: '2026-12-07T00:00:00Z', to: '2026-12-08T00:00:00Z' };
    const failureOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );

    it('a wrong password is the typed auth failure, not retried', async () => {
      for (const serverUrl of [radicale.url, calendarUrl]) {
        const failure = await failureOf(activities().freeBusy({ account: { ...account, serverUrl, password: 'wrong' }, range }));
        expect(failure).toSatisfy(isCalendarFailure);
        expect(failure).toMatchObject({ type: CALENDAR_FAILURES.authRefused, message: 'authentication failed', nonRetryable: true });
      }
    });

    it("another user's calendar is refused as access, not read", async () => {
      const failure = await failureOf(
        activities().freeBusy({ account: { ...account, serverUrl: `${radicale.url}other%40acme.test/work/` }, range }),
      );
      expect(failure).toMatchObject({ type: CALENDAR_FAILURES.authRefused, nonRetryable: true });
    });

    it('a server that is down is retryable', async () => {
      const down = await unusedLocalUrl();
      const failure = await failureOf(
        activities().createEvent({
          account: { ...account, serverUrl: down },
          event: { uid: 'x', start: range.from, end: range.to, summary: 'x', organizer: { email: 'rep@acme.test' } },
        }),
      );
      expect(failure).toSatisfy(isCalendarFailure);
      expect(failure).toMatchObject({
        type: CALENDAR_FAILURES.unavailable,
        message: 'finding the calendar: connection refused',
        nonRetryable: false,
      });
    });

    it('a 5xx is retryable; an unexpected 4xx is not', async () => {
      let status = 503;
      const server: Server = createServer((_request, response) => response.writeHead(status).end('oops'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cal/`;
        const unavailable = await failureOf(activities().freeBusy({ account: { ...account, serverUrl: url }, range }));
        expect(unavailable).toMatchObject({ type: CALENDAR_FAILURES.unavailable, nonRetryable: false });
        expect((unavailable as Error).message).not.toContain('oops');
        status = 400;
        const refused = await failureOf(activities().freeBusy({ account: { ...account, serverUrl: url }, range }));
        expect(refused).toMatchObject({ type: CALENDAR_FAILURES.refused, nonRetryable: true });
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});
