import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityByDay, finishOf, sendsPerWindow, anotherMailbox, type ForecastMailbox } from './forecast.ts';

const settings = {
  timeZone: 'UTC',
  window: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' },
  gapMinutes: { min: 8, max: 15 },
};
/** Monday 30 November 2026, 07:00 UTC: before the window opens. */
const monday = new Date('2026-11-30T07:00:00Z');
const newToday: ForecastMailbox = { createdAt: monday, dailyCap: 30, sentToday: 0 };

describe('the sending forecast', () => {
  it("counts a new mailbox's warm-up on the window's days only: 5, 7, 9… and nothing at the weekend", () => {
    const days = capacityByDay([newToday], settings, monday, 9);
    expect(days).toEqual([
      { day: '2026-11-30', capacity: 5 },
      { day: '2026-12-01', capacity: 7 },
      { day: '2026-12-02', capacity: 9 },
      { day: '2026-12-03', capacity: 11 },
      { day: '2026-12-04', capacity: 13 },
      { day: '2026-12-05', capacity: 0 },
      { day: '2026-12-06', capacity: 0 },
      { day: '2026-12-07', capacity: 19 }, // warm-up counts calendar days: 5 + 2 × 7
      { day: '2026-12-08', capacity: 21 },
    ]);
  });

  it('lets a mailbox send no more than its window and gap allow, and only what is left of today', () => {
    // 9 hours at a mean gap of 11.5 minutes: one send at the opening and 46 after it.
    expect(sendsPerWindow(settings)).toBe(47);
    const old: ForecastMailbox = { createdAt: new Date('2026-01-05T00:00:00Z'), dailyCap: 200, sentToday: 0 };
    expect(capacityByDay([old], settings, monday, 1)[0]!.capacity).toBe(47);
    // At 16:00 one hour is left: 60 / 11.5 → 5 gaps, 6 sends; 2 already sent today.
    expect(capacityByDay([{ ...old, sentToday: 2 }], settings, new Date('2026-11-30T16:00:00Z'), 1)[0]!.capacity).toBe(4);
    // After 17:00 nothing more goes out today.
    expect(capacityByDay([old], settings, new Date('2026-11-30T17:30:00Z'), 1)[0]!.capacity).toBe(0);
  });

  it('names the day the last of a backlog goes out, or none without a mailbox', () => {
    const days = capacityByDay([newToday], settings, monday);
    expect(finishOf(days, 20)).toEqual({ lastDay: '2026-12-02', days: 2 }); // 5 + 7 + 9 ≥ 20
    expect(finishOf(days, 0)).toEqual({ lastDay: '2026-11-30', days: 0 });
    expect(finishOf(capacityByDay([], settings, monday), 1)).toEqual({ lastDay: null, days: null });
    expect(finishOf(capacityByDay([newToday], settings, monday, 3), 1_000)).toEqual({ lastDay: null, days: null });
  });

  it('never finishes later with one more mailbox', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 60 }),
        (count, backlog, age) => {
          const mailboxes = Array.from({ length: count }, () => ({
            createdAt: new Date(monday.getTime() - age * 86_400_000),
            dailyCap: 30,
            sentToday: 0,
          }));
          const alone = finishOf(capacityByDay(mailboxes, settings, monday, 120), backlog);
          const more = finishOf(capacityByDay([...mailboxes, anotherMailbox(monday)], settings, monday, 120), backlog);
          if (alone.days !== null) expect(more.days).not.toBeNull();
          if (alone.days !== null && more.days !== null) expect(more.days).toBeLessThanOrEqual(alone.days);
        },
      ),
    );
  });
});
