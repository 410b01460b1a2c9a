// When emails go out: the workspace's sending capacity day by day (its active mailboxes' caps, which
// warm up from WARMUP_START by WARMUP_STEP a day, the sending window's days and hours, and the gap
// each mailbox leaves between two sends), and the day the last of a backlog goes out. What a
// campaign's launch, the Review Queue and the dashboard say about sending comes from here.
import { DateTime } from 'luxon';
import { capOn, type SendingSettings } from './guardrails.ts';

/** A mailbox as the forecast counts it. */
export interface ForecastMailbox {
  createdAt: Date;
  dailyCap: number;
  /** Sent today (in the sending time zone). */
  sentToday: number;
}

/** One day of capacity. */
export interface ForecastDay {
  /** YYYY-MM-DD in the sending time zone. */
  day: string;
  /** Sends the active mailboxes may still make that day (0 outside the window's days). */
  capacity: number;
}

/** When a backlog goes out at a capacity. */
export interface Finish {
  /** The day its last email goes out (YYYY-MM-DD); null when it never would (no mailbox) or not within FORECAST_DAYS. */
  lastDay: string | null;
  /** Days from today to that day (0: today). */
  days: number | null;
}

/** How far ahead the forecast looks. */
export const FORECAST_DAYS = 366;
/** A new mailbox's daily cap unless its owner sets another (the mailbox model's default). */
export const NEW_MAILBOX_CAP = 30;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/**
 * The most sends one mailbox makes in a day's window: one at its opening, then one per mean gap
 * (the guardrail waits a random min–max minutes between two sends of a mailbox).
 */
export function sendsPerWindow(settings: Pick<SendingSettings, 'window' | 'gapMinutes'>, openMinutes?: number): number {
  const minutes = openMinutes ?? minutesOf(settings.window.end) - minutesOf(settings.window.start);
  if (minutes <= 0) return 0;
  const gap = Math.max(1, (settings.gapMinutes.min + settings.gapMinutes.max) / 2);
  return Math.floor(minutes / gap) + 1;
}

/**
 * The capacity of each of the next `days` days from `now`: per mailbox, the lower of its cap that
 * day (warming up) and what its window and gap allow, less what it sent today; today counts only
 * the part of the window still open.
 */
export function capacityByDay(
  mailboxes: readonly ForecastMailbox[],
  settings: Pick<SendingSettings, 'timeZone' | 'window' | 'gapMinutes'>,
  now: Date,
  days = FORECAST_DAYS,
): ForecastDay[] {
  const zone = settings.timeZone;
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const start = minutesOf(settings.window.start);
  const end = minutesOf(settings.window.end);
  const nowMinute = DateTime.fromJSDate(now, { zone }).hour * 60 + DateTime.fromJSDate(now, { zone }).minute;
  return Array.from({ length: days }, (_, offset) => {
    const day = today.plus({ days: offset });
    const key = day.toISODate()!;
    if (!settings.window.days.includes(day.weekday)) return { day: key, capacity: 0 };
    const open = offset === 0 ? Math.max(0, end - Math.max(start, nowMinute)) : end - start;
    const byWindow = offset === 0 && nowMinute >= end ? 0 : sendsPerWindow(settings, open);
    const at = day.plus({ hours: 12 }).toJSDate();
    const capacity = mailboxes.reduce((sum, mailbox) => {
      const cap = Math.min(capOn(at, mailbox, zone), byWindow);
      return sum + Math.max(0, cap - (offset === 0 ? mailbox.sentToday : 0));
    }, 0);
    return { day: key, capacity };
  });
}

/** The day the last of `backlog` emails goes out at this capacity (first come, first served). */
export function finishOf(capacity: readonly ForecastDay[], backlog: number): Finish {
  if (backlog <= 0) return { lastDay: capacity[0]?.day ?? null, days: 0 };
  let left = backlog;
  for (const [index, day] of capacity.entries()) {
    left -= day.capacity;
    if (left <= 0) return { lastDay: day.day, days: index };
  }
  return { lastDay: null, days: null };
}

/** A mailbox connected now, at the default cap: what adding one changes. */
export const anotherMailbox = (now: Date): ForecastMailbox => ({ createdAt: now, dailyCap: NEW_MAILBOX_CAP, sentToday: 0 });
