import { DateTime } from 'luxon';
import type { MeetingConfig } from './config.ts';
import type { Slot } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import { earliestStart, workingWindow } from './working-time.ts';

/** A time already taken, in epoch milliseconds: [start, end). */
export interface BusyInterval {
  start: number;
  end: number;
}

/** Candidate starts lie on this grid from the start of working hours: quarter past, half past … */
export const SLOT_STEP_MINUTES = 15;

/** True when [start, end) comes within `bufferMinutes` of any busy interval. */
export function clashes(start: number, end: number, busy: readonly BusyInterval[], bufferMinutes: number): boolean {
  const buffer = bufferMinutes * 60_000;
  return busy.some((taken) => start < taken.end + buffer && end > taken.start - buffer);
}

/** A slot as activities return it: UTC instants plus a label in the configured zone (or `labelZone`, the prospect's). */
export function toSlot(start: DateTime, config: MeetingConfig, labelZone: string = config.timeZone): Slot {
  const local = start.setZone(labelZone).setLocale('en-GB');
  const end = local.plus({ minutes: config.meetingMinutes });
  return {
    start: local.toUTC().toISO() ?? '',
    end: end.toUTC().toISO() ?? '',
    label: `${local.toFormat('cccc d LLLL yyyy, HH:mm')}–${end.toFormat('HH:mm ZZZZ')}`,
  };
}

/** Busy intervals as the contract carries them (ISO instants), as epoch milliseconds. */
export function busyOfInstants(intervals: ReadonlyArray<{ start: string; end: string }>): BusyInterval[] {
  return intervals.map((interval) => ({ start: Date.parse(interval.start), end: Date.parse(interval.end) }));
}

/** What freeSlots needs to know. */
export interface SlotSearch {
  now: DateTime;
  after?: DateTime;
  busy: readonly BusyInterval[];
  count: number;
  config: MeetingConfig;
  /** The zone labels are written in (default the configured one). */
  labelZone?: string;
}

/**
 * The first `count` free slots, earliest first: on working days, inside working hours in the
 * configured zone, at least minNoticeHours from now (and not before `after`), within
 * horizonDays, clear of busy meetings by bufferMinutes on both sides, and spread: at most
 * slotsPerHalfDay in each half of a working day (halves split at the midpoint of the hours),
 * and clear of each other by the same buffer.
 */
export function freeSlots({ now, after, busy, count, config, labelZone }: SlotSearch): Slot[] {
  const notBefore = DateTime.max(earliestStart(now, config), after ?? now);
  const horizon = now.setZone(config.timeZone).plus({ days: config.horizonDays });
  const slots: Slot[] = [];
  // Slots offered together must not collide either: the prospect may pick any of them.
  const taken = [...busy];
  for (let day = notBefore.setZone(config.timeZone).startOf('day'); day < horizon && slots.length < count; day = day.plus({ days: 1 })) {
    const window = workingWindow(day, config);
    if (!window) continue;
    const perHalf = { morning: 0, afternoon: 0 };
    for (let start = window.start; slots.length < count; start = start.plus({ minutes: SLOT_STEP_MINUTES })) {
      const end = start.plus({ minutes: config.meetingMinutes });
      if (end > window.end || end > horizon) break;
      const half = start < window.midpoint ? 'morning' : 'afternoon';
      if (start < notBefore || perHalf[half] >= config.slotsPerHalfDay) continue;
      if (clashes(start.toMillis(), end.toMillis(), taken, config.bufferMinutes)) continue;
      perHalf[half] += 1;
      taken.push({ start: start.toMillis(), end: end.toMillis() });
      slots.push(toSlot(start, config, labelZone));
    }
  }
  return slots;
}
