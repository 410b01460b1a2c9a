import { describe, expect, it } from 'vitest';
import { slotsByDay, timeZones, whenText } from './slots.ts';

describe('the booking page times', () => {
  const slots = [{ start: '2026-12-01T23:30:00.000Z' }, { start: '2026-12-01T09:00:00.000Z' }, { start: '2026-12-02T08:00:00.000Z' }];

  it('groups the free times by the day they fall on in the chosen zone, earliest first', () => {
    expect(slotsByDay(slots, 'UTC')).toEqual([
      {
        key: '2026-12-01',
        label: 'Tuesday 1 December',
        slots: [
          { start: '2026-12-01T09:00:00.000Z', time: '09:00' },
          { start: '2026-12-01T23:30:00.000Z', time: '23:30' },
        ],
      },
      { key: '2026-12-02', label: 'Wednesday 2 December', slots: [{ start: '2026-12-02T08:00:00.000Z', time: '08:00' }] },
    ]);
    // In Berlin the late one is past midnight: it moves to the next day.
    expect(slotsByDay(slots, 'Europe/Berlin').map((day) => [day.key, day.slots.map((slot) => slot.time)])).toEqual([
      ['2026-12-01', ['10:00']],
      ['2026-12-02', ['00:30', '09:00']],
    ]);
  });

  it('says a time with its zone, and offers every zone with the ones it must', () => {
    expect(whenText('2026-12-01T09:00:00.000Z', 'America/New_York')).toBe('Tuesday, 1 December 2026 at 04:00 (America/New York)');
    expect(timeZones('Mars/Olympus', null)).toContain('Mars/Olympus');
  });
});
