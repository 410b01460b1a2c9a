import { DateTime } from 'luxon';
import type { MeetingConfig } from './config.ts';

/** One working day's bookable window in the configured zone, split at its midpoint into halves. */
export interface WorkingWindow {
  start: DateTime;
  end: DateTime;
  /** Where the morning half ends and the afternoon half begins. */
  midpoint: DateTime;
}

function atClockTime(day: DateTime, clock: string): DateTime {
  const [hour, minute] = clock.split(':').map(Number);
  // Set on the local calendar day, so 09:00 stays 09:00 across a daylight-saving change.
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

/** The working window of the local day that contains `instant`, or null on a non-working day. */
export function workingWindow(instant: DateTime, config: MeetingConfig): WorkingWindow | null {
  const day = instant.setZone(config.timeZone).startOf('day');
  if (!config.workingDays.includes(day.weekday)) return null;
  const start = atClockTime(day, config.workingHours.start);
  const end = atClockTime(day, config.workingHours.end);
  return { start, end, midpoint: start.plus({ milliseconds: end.diff(start).as('milliseconds') / 2 }) };
}

/** The earliest instant a meeting may start: minNoticeHours after now. */
export function earliestStart(now: DateTime, config: MeetingConfig): DateTime {
  return now.plus({ minutes: Math.round(config.minNoticeHours * 60) });
}

/**
 * Why a meeting starting at `start` breaks the time rules (working day, working hours,
 * notice), as a sentence for the failure message; null when it keeps them all.
 */
export function timeRuleProblem(start: DateTime, now: DateTime, config: MeetingConfig): string | null {
  const local = start.setZone(config.timeZone);
  const shown = local.toFormat('cccc d LLLL yyyy HH:mm ZZZZ', { locale: 'en-GB' });
  const window = workingWindow(local, config);
  if (!window) return `${shown} is not a working day (${config.workingDays.join(', ')} in ISO weekdays)`;
  const end = local.plus({ minutes: config.meetingMinutes });
  if (local < window.start || end > window.end) {
    return `${shown} is outside working hours ${config.workingHours.start}–${config.workingHours.end} ${config.timeZone} for a ${config.meetingMinutes}-minute meeting`;
  }
  if (local < earliestStart(now, config)) return `${shown} is in the past or within the ${config.minNoticeHours}-hour notice period`;
  return null;
}
