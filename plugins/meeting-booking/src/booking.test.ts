import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { fixedClock, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingUid } from './booking.ts';
import { meetingBookingPlugin } from './index.ts';
import { openMeetingsDatabase, type MeetingsDatabase } from './test-database.ts';

// Thursday 22 October 2026; summer time ends on Sunday the 25th.
const NOW = '2026-10-22T09:00:00Z';
let db: MeetingsDatabase;

beforeAll(async () => {
  db = await openMeetingsDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await db.meetings.deleteMany({}, ACROSS_WORKSPACES);
});

const deps = () => testDeps(meetingBookingPlugin, { db: { meetings: db.meetings } as never, clock: fixedClock(NOW) }) as never;
const book = (start: string, idempotencyKey = `key-${start}`, workspaceId = 'ws-a', busy: Array<{ start: string; end: string }> = []) =>
  runActivity(
    meetingBookingPlugin,
    'bookMeeting',
    {
      workspaceId,
      prospectId: 42,
      prospect: { name: 'Laura Gomez', email: 'Laura@Northwind.com' },
      start,
      idempotencyKey,
      busy,
    },
    deps(),
  );
// iCalendar folds long lines with CRLF + space; unfold before reading properties.
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('bookMeeting', () => {
  it('books a free slot with a video link and an iCalendar invitation in UTC', async () => {
    const { meeting, ics } = await book('2026-10-26T09:00:00Z', 'run-1');
    expect(meeting).toMatchObject({ scheduledAt: '2026-10-26T09:00:00.000Z', status: 'scheduled', prospectId: 42, durationMinutes: 30 });
    expect(meeting.meetingUrl).toBe(`https://meet.jit.si/meetflow-${meeting.id}`);
    const lines = icsLines(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain(`UID:${bookingUid('ws-a', 'run-1', 'meetings@meetflow.local')}`);
    expect(lines).toContain('DTSTART:20261026T090000Z');
    expect(lines).toContain('DURATION:PT30M');
    expect(lines).toContain(`URL:${meeting.meetingUrl}`);
    expect(lines).toContain(`LOCATION:${meeting.meetingUrl}`);
    expect(lines.find((line) => line.startsWith('ORGANIZER'))).toMatch(/CN="?Meetflow"?:mailto:meetings@meetflow\.local$/i);
    expect(lines.find((line) => line.startsWith('ATTENDEE'))).toMatch(/CN="?Laura Gomez"?:mailto:laura@northwind\.com$/i);
    expect(lines).toContain('END:VCALENDAR');
  });

  it('returns the same meeting for the same key and stores one document, also when retried concurrently', async () => {
    const first = await book('2026-10-26T10:00:00Z', 'run-2');
    const again = await book('2026-10-26T10:00:00Z', 'run-2');
    expect(again).toEqual(first);
    const racing = await Promise.all([book('2026-10-27T10:00:00Z', 'run-3'), book('2026-10-27T10:00:00Z', 'run-3')]);
    expect(racing[0].meeting.id).toBe(racing[1].meeting.id);
    expect(await db.meetings.countDocuments({ workspaceId: 'ws-a' })).toBe(2);
  });

  it('refuses to reuse a key for a different time', async () => {
    await book('2026-10-26T10:00:00Z', 'run-4');
    await expect(book('2026-10-26T14:00:00Z', 'run-4')).rejects.toMatchObject({ type: 'IdempotencyKeyReused', nonRetryable: true });
  });

  it('rejects an overlap with another meeting or its buffer, and accepts the first time after the buffer', async () => {
    await book('2026-10-26T10:00:00Z');
    for (const clash of ['2026-10-26T10:15:00Z', '2026-10-26T09:30:00Z', '2026-10-26T10:30:00Z', '2026-10-26T10:40:00Z']) {
      await expect(book(clash), clash).rejects.toMatchObject({ type: 'SlotUnavailable', nonRetryable: true });
    }
    await expect(book('2026-10-26T10:45:00Z')).resolves.toMatchObject({ meeting: { status: 'scheduled' } });
    await expect(book('2026-10-26T10:00:00Z', 'other-key', 'ws-b')).resolves.toMatchObject({ meeting: { status: 'scheduled' } });
  });

  it('books a slot that different keys race for exactly once', async () => {
    const starts = ['2026-10-26T09:00:00Z', '2026-10-26T11:00:00Z', '2026-10-26T14:00:00Z', '2026-10-27T09:00:00Z', '2026-10-27T11:00:00Z'];
    for (const start of starts) {
      const outcomes = await Promise.allSettled([book(start, `a-${start}`), book(start, `b-${start}`), book(start, `c-${start}`)]);
      // Exactly one: the first written keeps the slot, the others withdraw.
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ type: 'SlotUnavailable' });
      expect(await db.meetings.countDocuments({ scheduledAt: new Date(start) }, ACROSS_WORKSPACES)).toBe(1);
    }
  });

  it.each([
    ['before working hours', '2026-10-26T08:45:00Z'],
    ['ending after 17:30', '2026-10-26T17:15:00Z'],
    ['on a Saturday', '2026-10-24T10:00:00Z'],
    ['inside the 24-hour notice', '2026-10-22T14:00:00Z'],
    ['in the past', '2026-10-21T10:00:00Z'],
    ['08:30 GMT on Monday, after the clocks went back', '2026-10-26T08:30:00Z'],
  ])('rejects a start %s', async (_reason, start) => {
    await expect(book(start)).rejects.toMatchObject({ type: 'SlotUnavailable', nonRetryable: true });
    expect(await db.meetings.countDocuments({}, ACROSS_WORKSPACES)).toBe(0);
  });

  it('reads working hours in local time on either side of the clock change', async () => {
    // 16:45 UTC is 17:45 BST on Friday 23 October (too late) but 16:45 GMT on Monday 26 October.
    await expect(book('2026-10-23T16:45:00Z')).rejects.toMatchObject({ type: 'SlotUnavailable' });
    await expect(book('2026-10-23T16:00:00Z')).resolves.toMatchObject({ meeting: { scheduledAt: '2026-10-23T16:00:00.000Z' } });
    await expect(book('2026-10-26T16:45:00+00:00')).resolves.toMatchObject({ meeting: { scheduledAt: '2026-10-26T16:45:00.000Z' } });
  });

  it("refuses a time taken in the rep's calendar, yet replays a key booked before the calendar filled", async () => {
    const taken = [{ start: '2026-10-26T10:00:00Z', end: '2026-10-26T11:00:00Z' }];
    const booked = await book('2026-10-27T10:00:00Z', 'cal-1');
    expect(booked.uid).toBe(bookingUid('ws-a', 'cal-1', 'meetings@meetflow.local'));
    await expect(book('2026-10-26T11:00:00Z', 'cal-2', 'ws-a', taken)).rejects.toMatchObject({
      type: 'SlotUnavailable',
      message: 'cannot book 2026-10-26T11:00:00.000Z: it is taken in the calendar (or within its 15-minute buffer)',
    });
    await expect(book('2026-10-26T11:15:00Z', 'cal-3', 'ws-a', taken)).resolves.toMatchObject({ meeting: { status: 'scheduled' } });
    // Its own event is busy in the calendar now: a retry of the same key still answers the meeting.
    const again = await book('2026-10-27T10:00:00Z', 'cal-1', 'ws-a', [{ start: '2026-10-27T10:00:00Z', end: '2026-10-27T10:30:00Z' }]);
    expect(again).toEqual(booked);
  });

  it('moves a scheduled meeting to the time the rep chose, and refuses to move a cancelled one', async () => {
    const { meeting } = await book('2026-10-26T10:00:00Z', 'move-1');
    const move = (meetingId: string, start: string) =>
      runActivity(meetingBookingPlugin, 'moveMeeting', { workspaceId: 'ws-a', meetingId, start }, deps());
    // Saturday at 07:00: outside working time, yet the rep put it there.
    await expect(move(meeting.id, '2026-10-24T07:00:00Z')).resolves.toMatchObject({ meeting: { scheduledAt: '2026-10-24T07:00:00.000Z' } });
    await runActivity(meetingBookingPlugin, 'markOutcome', { workspaceId: 'ws-a', meetingId: meeting.id, outcome: 'cancelled' }, deps());
    await expect(move(meeting.id, '2026-10-26T10:00:00Z')).rejects.toMatchObject({ type: 'InvalidTransition' });
    await expect(move('0123456789abcdef01234567', '2026-10-26T10:00:00Z')).rejects.toMatchObject({ type: 'MeetingNotFound' });
  });
});

describe('invitation', () => {
  const invitation = (
    input: { meetingId: string; method?: 'REQUEST' | 'CANCEL'; continues?: string; sequence?: number },
    workspaceId = 'ws-a',
  ) => runActivity(meetingBookingPlugin, 'invitation', { workspaceId, ...input }, deps()).then(({ ics }) => ics);
  /** The calendar's METHOD and its one VEVENT's properties (parameters dropped), from unfolded lines. */
  const read = (ics: string) => {
    const lines = icsLines(ics);
    const start = lines.indexOf('BEGIN:VEVENT');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    // These properties carry no parameters: the value is what follows the first colon.
    const property = (from: string[], name: string) => {
      const line = from.find((each) => each.split(/[;:]/)[0] === name);
      return line?.slice(line.indexOf(':') + 1);
    };
    const event = lines.slice(start, lines.indexOf('END:VEVENT'));
    return {
      method: property(lines.slice(0, start), 'METHOD'),
      uid: property(event, 'UID'),
      sequence: property(event, 'SEQUENCE'),
      status: property(event, 'STATUS'),
      start: property(event, 'DTSTART'),
    };
  };

  it('gives the booking its own invitation by default, byte for byte', async () => {
    const booked = await book('2026-10-26T09:00:00Z', 'inv-1');
    expect(await invitation({ meetingId: booked.meeting.id })).toBe(booked.ics);
  });

  it("continues another meeting's event (its UID, a raised SEQUENCE), and cancels one only once it is cancelled", async () => {
    const first = await book('2026-10-26T09:00:00Z', 'inv-2');
    const moved = await book('2026-10-27T09:00:00Z', 'inv-3');
    const update = read(await invitation({ meetingId: moved.meeting.id, continues: first.meeting.id, sequence: 1 }));
    expect(update).toEqual({ method: 'REQUEST', uid: first.uid, sequence: '1', status: 'CONFIRMED', start: '20261027T090000Z' });
    await expect(
      invitation({ meetingId: moved.meeting.id, method: 'CANCEL', continues: first.meeting.id, sequence: 2 }),
    ).rejects.toMatchObject({ type: 'InvalidTransition' });
    await runActivity(
      meetingBookingPlugin,
      'markOutcome',
      { workspaceId: 'ws-a', meetingId: moved.meeting.id, outcome: 'cancelled' },
      deps(),
    );
    const cancel = await invitation({ meetingId: moved.meeting.id, method: 'CANCEL', continues: first.meeting.id, sequence: 2 });
    expect(read(cancel)).toEqual({ method: 'CANCEL', uid: first.uid, sequence: '2', status: 'CANCELLED', start: '20261027T090000Z' });
    // Stamped when it was called off: asked again, the same bytes.
    expect(await invitation({ meetingId: moved.meeting.id, method: 'CANCEL', continues: first.meeting.id, sequence: 2 })).toBe(cancel);
    await expect(invitation({ meetingId: moved.meeting.id })).rejects.toMatchObject({ type: 'MeetingCancelled' });
  });

  it('never continues a meeting of another workspace', async () => {
    const theirs = await book('2026-10-26T09:00:00Z', 'inv-4', 'ws-b');
    const mine = await book('2026-10-26T09:00:00Z', 'inv-5');
    await expect(invitation({ meetingId: mine.meeting.id, continues: theirs.meeting.id, sequence: 1 })).rejects.toMatchObject({
      type: 'MeetingNotFound',
    });
  });
});
