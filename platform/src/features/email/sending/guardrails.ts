import { DateTime } from 'luxon';
import type { WorkspaceConfig } from '../../insights/services.ts';

/** The sending settings a guardrail reads. */
export type SendingSettings = WorkspaceConfig['sending'];
export type SendingWindow = SendingSettings['window'];

/** A new mailbox sends this many emails on its first day… */
export const WARMUP_START = 5;
/** …and this many more each day after, until its daily cap. */
export const WARMUP_STEP = 2;

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The calendar day of `at` in `zone` (`2026-11-25`): the key of the per-day counters. */
export function dayKey(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toISODate()!;
}

/**
 * How many emails a mailbox may send on the day of `at`: its daily cap, or less while it warms up
 * (5 on the day it was added, 2 more each day after).
 */
export function capOn(at: Date, mailbox: { createdAt: Date; dailyCap: number }, zone: string): number {
  const first = DateTime.fromJSDate(mailbox.createdAt, { zone }).startOf('day');
  const today = DateTime.fromJSDate(at, { zone }).startOf('day');
  const days = Math.max(0, Math.round(today.diff(first, 'days').days));
  return Math.min(mailbox.dailyCap, WARMUP_START + WARMUP_STEP * days);
}

/**
 * The first moment at or after `from` inside the sending window in `zone`: `from` itself when it
 * is inside, else the start of the next open day. Local clock times, so daylight saving moves
 * nothing.
 */
export function windowOpening(from: Date, zone: string, window: SendingWindow): Date {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  let day = DateTime.fromJSDate(from, { zone });
  for (let i = 0; i < 8; i++) {
    if (window.days.includes(day.weekday)) {
      const minute = day.hour * 60 + day.minute;
      if (i === 0 && minute >= start && minute < end) return from;
      if (i > 0 || minute < start) return day.startOf('day').plus({ minutes: start }).toJSDate();
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  throw new Error(`The sending window has no open day: ${JSON.stringify(window)}`);
}

/** The window's opening on the first open day after the day of `at` (a cap reached waits for it). */
export function nextDayOpening(at: Date, zone: string, window: SendingWindow): Date {
  const tomorrow = DateTime.fromJSDate(at, { zone }).plus({ days: 1 }).startOf('day').toJSDate();
  return windowOpening(tomorrow, zone, window);
}

/** A random wait between two sends of one mailbox, in ms, within the configured minutes. */
export function sendGapMs(gap: SendingSettings['gapMinutes'], random: () => number = Math.random): number {
  return Math.round((gap.min + (gap.max - gap.min) * random()) * 60_000);
}

/** The company domain of an address (`ada@mail.acme.test` → `mail.acme.test`), lowercased. */
export function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}
