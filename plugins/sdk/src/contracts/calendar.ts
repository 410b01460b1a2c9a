import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';

// The contract of a calendar (a plugin of kind `calendar`): a rep's calendar read for free/busy
// and written with the meetings booked in it. Every activity takes one account's fields as
// `account` (the password among them), so all are `inProcess`: the platform calls them in its
// own process, never as a Temporal activity whose history would keep the secret.

const instant = z.iso.datetime({ offset: true }).describe('An instant, ISO 8601 (answers are always UTC, with Z)');

/** One busy interval, UTC, start before end. */
export const busyIntervalSchema = z.object({ start: instant, end: instant });
export type BusyInterval = z.output<typeof busyIntervalSchema>;

/** The range free/busy is asked for: [from, to). */
export const freeBusyRangeSchema = z
  .object({ from: instant, to: instant })
  .refine(({ from, to }) => Date.parse(from) < Date.parse(to), { message: 'from must be before to', path: ['to'] });

/** What `freeBusy` answers: the busy intervals within the range, merged, sorted, clipped to it. */
export const freeBusySchema = z.object({
  busy: z.array(busyIntervalSchema),
  /** How the server was asked: its free-busy-query REPORT (RFC 4791 §7.10), or a calendar-query read and expanded here. */
  method: z.enum(['free-busy-query', 'calendar-query']),
});
export type FreeBusy = z.output<typeof freeBusySchema>;

const person = z.object({ email: z.email(), name: z.string().min(1).optional() });

/** A meeting to put in the calendar. */
export const newEventSchema = z
  .object({
    /** The iCalendar UID, chosen by the platform: the key that makes a booking happen once (a second create with it fails). */
    uid: z.string().regex(/^[\w.@-]{1,200}$/, 'letters, digits and . _ @ - only'),
    start: instant,
    end: instant,
    summary: z.string().min(1),
    description: z.string().default(''),
    location: z.string().nullable().default(null),
    /** The video link: LOCATION when none is set, URL, and CONFERENCE (RFC 7986). */
    conferencingUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null),
    organizer: person,
    attendees: z.array(person).default([]),
  })
  .refine(({ start, end }) => Date.parse(start) < Date.parse(end), { message: 'start must be before end', path: ['end'] });
export type NewEvent = z.input<typeof newEventSchema>;

/** What may change in an event; fields left out stay as they are. */
export const eventChangesSchema = z
  .object({
    start: instant,
    end: instant,
    summary: z.string().min(1),
    description: z.string(),
    location: z.string().nullable(),
    conferencingUrl: z.url({ protocol: /^https?$/ }).nullable(),
    attendees: z.array(person),
  })
  .partial();
export type EventChanges = z.input<typeof eventChangesSchema>;

/** An event as the calendar holds it: `eventId` addresses it, `etag` is its version (If-Match). */
export const savedEventSchema = z.object({ eventId: z.string().min(1), etag: z.string().min(1) });
export type SavedEvent = z.output<typeof savedEventSchema>;

/** An event as `changesSince` reads it (its first occurrence, when it recurs). */
export const calendarEventSchema = savedEventSchema.extend({
  uid: z.string(),
  summary: z.string(),
  start: instant,
  end: instant,
  status: z.enum(['confirmed', 'tentative', 'cancelled']),
  /** TRANSP:TRANSPARENT: shown but not busy. */
  transparent: z.boolean(),
  recurring: z.boolean(),
  attendees: z.array(z.email()),
});
export type CalendarEvent = z.output<typeof calendarEventSchema>;

/** What `changesSince` answers: what changed since the token, and the token to ask with next time. */
export const calendarChangesSchema = z.object({
  changed: z.array(calendarEventSchema),
  removed: z.array(z.string()),
  syncToken: z.string().min(1),
  /** True when every event is listed (no token, or the server no longer knew it): removals before it are not known. */
  full: z.boolean(),
});
export type CalendarChanges = z.output<typeof calendarChangesSchema>;

/**
 * How a calendar activity fails (the `type` of the ApplicationFailure it throws); never a raw
 * error. The message is a reason, never what the server said (which could echo the request).
 */
export const CALENDAR_FAILURES = {
  /** The server refused the account's login (401/403): nothing works until someone fixes its settings. Not retryable. */
  authRefused: 'CalendarAuthRefused',
  /** No answer, a timeout, a 5xx or a 429: retryable. */
  unavailable: 'CalendarUnavailable',
  /** The event changed since the etag the caller had (412), or a create's uid exists already. Not retryable. */
  conflict: 'CalendarConflict',
  /** Any other 4xx (the event is gone, the calendar is read-only, the request is not accepted). Not retryable. */
  refused: 'CalendarRefused',
} as const;
export type CalendarFailureType = (typeof CALENDAR_FAILURES)[keyof typeof CALENDAR_FAILURES];

/** The ApplicationFailure a calendar activity throws: retryable only for `unavailable`. */
export function calendarFailure(type: CalendarFailureType, message: string, status?: number): ApplicationFailure {
  return ApplicationFailure.create({
    type,
    message,
    nonRetryable: type !== CALENDAR_FAILURES.unavailable,
    details: status === undefined ? [] : [{ status }],
  });
}

/** True for a failure of this contract's (an ApplicationFailure whose type is one of CALENDAR_FAILURES). */
export function isCalendarFailure(error: unknown): error is ApplicationFailure {
  return (
    error instanceof ApplicationFailure && (Object.values(CALENDAR_FAILURES) as Array<string | undefined>).includes(error.type ?? undefined)
  );
}

/** The failure an HTTP status means (a 2xx or 3xx means none). */
export function calendarFailureForStatus(status: number, what: string): ApplicationFailure | null {
  if (status < 400) return null;
  if (status === 401) return calendarFailure(CALENDAR_FAILURES.authRefused, 'authentication failed', status);
  if (status === 403) return calendarFailure(CALENDAR_FAILURES.authRefused, 'access to the calendar refused', status);
  if (status >= 500 || status === 429 || status === 408)
    return calendarFailure(CALENDAR_FAILURES.unavailable, `${what}: the server answered ${status}, try again later`, status);
  if (status === 412) return calendarFailure(CALENDAR_FAILURES.conflict, `${what}: the event changed or exists already`, status);
  if (status === 404 || status === 410) return calendarFailure(CALENDAR_FAILURES.refused, `${what}: not found`, status);
  return calendarFailure(CALENDAR_FAILURES.refused, `${what}: the server refused it (${status})`, status);
}
