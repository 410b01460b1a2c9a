import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { fixedClock, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetingBookingPlugin, type MeetingStatus } from './index.ts';
import { openMeetingsDatabase, type MeetingsDatabase } from './test-database.ts';

// British Summer Time ends on Sunday 25 October 2026: Friday the 23rd is UTC+1, Monday the 26th UTC+0.
const THURSDAY_BEFORE_DST_END = '2026-10-22T09:00:00Z';
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

type Config = NonNullable<Parameters<typeof testDeps<typeof meetingBookingPlugin>>[1]>['config'];
const deps = (now: string, config: Config = {}) =>
  testDeps(meetingBookingPlugin, { db: { meetings: db.meetings } as never, clock: fixedClock(now), config }) as never;
const propose = (
  input: { workspaceId?: string; count?: number; after?: string; busy?: Array<{ start: string; end: string }>; labelTimeZone?: string },
  now = THURSDAY_BEFORE_DST_END,
  config: Config = {},
) => runActivity(meetingBookingPlugin, 'proposeSlots', { workspaceId: 'ws-a', ...input }, deps(now, config));
const london = (iso: string) => DateTime.fromISO(iso).setZone('Europe/London');
const meeting = (workspaceId: string, scheduledAt: string, status: MeetingStatus = 'scheduled') => ({
  workspaceId,
  prospectId: 7,
  prospectEmail: 'jo@acme.com',
  prospectName: 'Jo Diaz',
  scheduledAt: new Date(scheduledAt),
  durationMinutes: 30,
  status,
  meetingUrl: 'https://meet.jit.si/meetflow-x',
  icsUid: `${workspaceId}-${scheduledAt}-${status}`,
});

describe('proposeSlots', () => {
  it('offers working-hour slots in London time across the end of summer time, one per half-day', async () => {
    const { slots, timeZone } = await propose({});
    expect(timeZone).toBe('Europe/London');
    // 24 h notice from Thursday 10:00 BST: Friday 10:00 BST; the afternoon half starts at 13:15; then Monday 09:00 GMT.
    expect(slots.map((slot) => slot.start)).toEqual(['2026-10-23T09:00:00.000Z', '2026-10-23T12:15:00.000Z', '2026-10-26T09:00:00.000Z']);
    expect(slots.map((slot) => slot.end)).toEqual(['2026-10-23T09:30:00.000Z', '2026-10-23T12:45:00.000Z', '2026-10-26T09:30:00.000Z']);
    expect(slots[0]?.label).toBe('Friday 23 October 2026, 10:00–10:30 BST');
    expect(slots[2]?.label).toBe('Monday 26 October 2026, 09:00–09:30 GMT');
  });

  it('keeps every slot on a working day inside working hours, clear of the other slots', async () => {
    const { slots } = await propose({ count: 20 }, THURSDAY_BEFORE_DST_END, { slotsPerHalfDay: 16 });
    expect(slots).toHaveLength(20);
    for (const slot of slots) {
      const [start, end] = [london(slot.start), london(slot.end)];
      expect(start.weekday).toBeLessThanOrEqual(5);
      expect(start.toFormat('HH:mm') >= '09:00' && end.toFormat('HH:mm') <= '17:30').toBe(true);
    }
    const gaps = slots.slice(1).map((slot, index) => Date.parse(slot.start) - Date.parse(slots[index]?.end ?? ''));
    expect(gaps.filter((gap) => gap > 0).every((gap) => gap >= 15 * 60_000)).toBe(true);
  });

  it('skips the weekend and honours the notice period', async () => {
    const { slots } = await propose({ count: 1 }, '2026-10-23T15:00:00Z');
    expect(slots[0]?.start).toBe('2026-10-26T09:00:00.000Z');
    const { slots: noNotice } = await propose({ count: 1 }, '2026-10-22T09:05:00Z', { minNoticeHours: 0 });
    expect(noNotice[0]?.start).toBe('2026-10-22T09:15:00.000Z');
  });

  it('steers clear of scheduled meetings of the workspace plus buffers, not of cancelled or foreign ones', async () => {
    await db.meetings.create([
      meeting('ws-a', '2026-10-26T09:00:00Z'),
      meeting('ws-a', '2026-10-26T11:00:00Z', 'cancelled'),
      meeting('ws-b', '2026-10-26T09:45:00Z'),
    ]);
    const { slots } = await propose({ count: 1, after: '2026-10-26T00:00:00Z' });
    // 09:00–09:30 plus a 15-minute buffer blocks until 09:45.
    expect(slots[0]?.start).toBe('2026-10-26T09:45:00.000Z');
    const { slots: wideBuffer } = await propose({ count: 1, after: '2026-10-26T00:00:00Z' }, THURSDAY_BEFORE_DST_END, {
      bufferMinutes: 60,
    });
    expect(wideBuffer[0]?.start).toBe('2026-10-26T10:30:00.000Z');
  });

  it('stays within the horizon', async () => {
    const { slots } = await propose({ count: 5 }, THURSDAY_BEFORE_DST_END, { horizonDays: 2 });
    expect(slots.map((slot) => slot.start)).toEqual(['2026-10-23T09:00:00.000Z', '2026-10-23T12:15:00.000Z']);
    const { slots: none } = await propose({ count: 3, after: '2026-12-01T00:00:00Z' });
    expect(none).toEqual([]);
  });

  it('follows a configured time zone and working week', async () => {
    const config: Config = { timeZone: 'America/New_York', workingDays: [6], workingHours: { start: '10:00', end: '12:00' } };
    const { slots, timeZone } = await propose({ count: 2 }, THURSDAY_BEFORE_DST_END, config);
    expect(timeZone).toBe('America/New_York');
    // Saturday 24 October at 10:00 EDT (UTC−4), then 11:00, where the second half of 10:00–12:00 begins.
    expect(slots.map((slot) => slot.start)).toEqual(['2026-10-24T14:00:00.000Z', '2026-10-24T15:00:00.000Z']);
  });

  it("steers clear of the rep's calendar's busy times plus buffers, and labels in the prospect's zone", async () => {
    const busy = [{ start: '2026-10-26T08:30:00Z', end: '2026-10-26T10:00:00Z' }];
    const { slots, timeZone } = await propose({ count: 1, after: '2026-10-26T00:00:00Z', busy, labelTimeZone: 'America/New_York' });
    // Busy until 10:00 GMT, plus a 15-minute buffer: 10:15 GMT, which is 06:15 in New York (EDT until 1 November).
    expect(slots[0]?.start).toBe('2026-10-26T10:15:00.000Z');
    expect([timeZone, slots[0]?.label]).toEqual(['America/New_York', 'Monday 26 October 2026, 06:15–06:45 GMT-4']);
    const { timeZone: unknown } = await propose({ count: 1, labelTimeZone: 'Mars/Olympus' });
    expect(unknown).toBe('Europe/London');
  });
});
