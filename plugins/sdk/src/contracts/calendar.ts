import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import { oauthFetch, OAuthRefused, oauthTokensSchema, OAuthUnavailable, type OAuthClientConfig } from '../oauth/index.ts';

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
  /**
   * How the server was asked: its free-busy-query REPORT (RFC 4791 §7.10), or a calendar-query read and
   * expanded here (CalDAV); Google's freeBusy.query; Microsoft Graph's calendarView, read for each event's showAs.
   */
  method: z.enum(['free-busy-query', 'calendar-query', 'google-freebusy', 'graph-calendar-view']),
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

// A calendar connected with OAuth 2.0 (Google, Microsoft): the account holds the tokens in one field
// (the manifest's calendar.oauth.tokensField, marked secret), and an activity that had to refresh
// them answers the new ones as `refreshedTokens`, for the platform to seal in their place.

/** OAuth tokens as an account carries them: `@meetflow/plugin-sdk/oauth`'s OAuthTokens. */
export const calendarTokensSchema = oauthTokensSchema;
export type CalendarTokens = z.output<typeof calendarTokensSchema>;

/** The output field an OAuth calendar's activity answers refreshed tokens in (absent when none was needed). */
export const REFRESHED_TOKENS_FIELD = 'refreshedTokens';

/** An activity's output schema, with the tokens it refreshed on the way (absent when none was needed). */
export function withRefreshedTokens<T extends z.ZodObject>(output: T) {
  return output.extend({ [REFRESHED_TOKENS_FIELD]: calendarTokensSchema.optional() } as {
    refreshedTokens: z.ZodOptional<typeof calendarTokensSchema>;
  });
}

/**
 * The calendar failure a failed token refresh means: the grant is gone (OAuthRefused:
 * invalid_grant, the user revoked access) → CalendarAuthRefused, reconnect; anything else
 * (OAuthUnavailable: the token endpoint down, a timeout) → CalendarUnavailable, retryable.
 */
export function calendarFailureForOAuth(error: unknown): ApplicationFailure {
  if (error instanceof OAuthRefused)
    return calendarFailure(CALENDAR_FAILURES.authRefused, `the account must be connected again (${error.error})`, error.status);
  return calendarFailure(CALENDAR_FAILURES.unavailable, 'the sign-in server did not answer, try again later');
}

/** Busy intervals (ms pairs) merged, sorted and clipped to [from, to): what `freeBusy` answers. */
export function busyWithin(intervals: ReadonlyArray<readonly [number, number]>, from: Date, to: Date): BusyInterval[] {
  const clipped = intervals
    .map(([start, end]) => [Math.max(start, from.getTime()), Math.min(end, to.getTime())] as [number, number])
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of clipped) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() }));
}

/** What an OAuth calendar's API client is given. */
export interface OAuthCalendarClientOptions {
  oauth: OAuthClientConfig;
  tokens: CalendarTokens;
  clock: { now(): Date; sleep?(ms: number): Promise<void> };
  timeoutMs: number;
  /** Retries of a 429 or 503 after its Retry-After, then CalendarUnavailable. */
  maxRetries: number;
  maxWaitSeconds: number;
  fetch?: typeof fetch;
  /** The provider's reading of an error answer, before the status's (e.g. Google's 403 rateLimitExceeded → unavailable). */
  failureFor?: (status: number, body: unknown, doing: string) => ApplicationFailure | null;
}

/** One answer of a provider's JSON API. */
export interface CalendarApiAnswer {
  status: number;
  headers: Headers;
  /** The JSON body, or null when it had none. */
  body: unknown;
}

/**
 * A provider's JSON API for one OAuth account (oauthFetch underneath: refresh when due or on a
 * 401, Retry-After waited out on the plugin's clock), every failure typed: a refresh the provider
 * refuses → CalendarAuthRefused, no answer → CalendarUnavailable, an error status as
 * calendarFailureForStatus says (after `failureFor`), unless the caller `allow`s it.
 */
export function oauthCalendarClient(options: OAuthCalendarClientOptions) {
  const sleep = options.clock.sleep?.bind(options.clock) ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const request = oauthFetch({
    config: options.oauth,
    tokens: options.tokens,
    now: () => options.clock.now(),
    sleep,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    maxWaitSeconds: options.maxWaitSeconds,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    async call(
      doing: string,
      method: string,
      url: string,
      init: { body?: unknown; headers?: Record<string, string>; allow?: readonly number[] } = {},
    ): Promise<CalendarApiAnswer> {
      let response: Response;
      try {
        response = await request(url, {
          method,
          headers: {
            accept: 'application/json',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...init.headers,
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        });
      } catch (error) {
        if (error instanceof OAuthRefused || error instanceof OAuthUnavailable) throw calendarFailureForOAuth(error);
        const timedOut = (error as { name?: string } | null)?.name === 'TimeoutError';
        throw calendarFailure(CALENDAR_FAILURES.unavailable, `${doing}: ${timedOut ? 'timed out' : 'the server could not be reached'}`);
      }
      const text = await response.text();
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      }
      if (response.status >= 400 && !init.allow?.includes(response.status)) {
        throw options.failureFor?.(response.status, body, doing) ?? calendarFailureForStatus(response.status, doing)!;
      }
      return { status: response.status, headers: response.headers, body };
    },
    /** The tokens refreshed by this client's calls (undefined when none was needed): answer them as refreshedTokens. */
    refreshedTokens: (): CalendarTokens | undefined => request.refreshedTokens(),
  };
}
export type OAuthCalendarClient = ReturnType<typeof oauthCalendarClient>;

/** A provider's answer read with its zod schema; one that does not fit is CalendarRefused ("answered something unreadable"). */
export function readAnswer<T extends z.ZodType>(schema: T, body: unknown, doing: string): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
  return parsed.data;
}

// Change notifications (optional: a calendar whose provider has them). The platform opens a channel
// at the provider that calls its public address when the calendar changes, and a notification only
// tells it to read the changes now (changesSince): it carries nothing the platform trusts but the
// channel's id and the token the platform chose, compared with the one it keeps.

/** The optional activities of a calendar with change notifications, each inProcess and taking the account (Google, Microsoft). */
export const CALENDAR_NOTIFICATION_ACTIVITIES = ['watchChanges', 'stopWatching', 'readNotification'] as const;

/** A channel as the provider keeps it: Google's channel (the id the platform chose, its resourceId) or Graph's subscription (its id). */
export const notificationChannelSchema = z.object({
  id: z.string().min(1),
  /** Google's resourceId (channels.stop needs it); null for Graph. */
  resourceId: z.string().min(1).nullable(),
  /** When the provider stops calling it (it may be sooner than asked). */
  expiresAt: instant,
});
export type NotificationChannel = z.output<typeof notificationChannelSchema>;

/** What `watchChanges` is asked: open a channel, or renew one (`renew`: Graph PATCHes it, Google opens a new one and stops the old). */
export const watchRequestSchema = z.object({
  /** The id the platform chose (Google's channel id); Graph names its subscription itself. */
  channelId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, _ and - only (8 to 64)'),
  /** The secret the provider sends back with each notification (Google's X-Goog-Channel-Token, Graph's clientState). */
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'letters, digits, _ and - only (32 to 128)'),
  /** Where the provider calls: https only (Google and Graph refuse anything else). */
  address: z.url({ protocol: /^https$/ }),
  expiresAt: instant,
  renew: notificationChannelSchema.nullable().default(null),
});
export type WatchRequest = z.input<typeof watchRequestSchema>;

/** A notification as the platform received it (header names in lower case). */
export const notificationRequestSchema = z.object({
  headers: z.record(z.string(), z.string()),
  query: z.record(z.string(), z.string()),
  /** The body parsed as JSON, or null. */
  body: z.unknown(),
});
export type NotificationRequest = z.output<typeof notificationRequestSchema>;

/**
 * What a notification says: a handshake to answer (Graph's `validationToken`, echoed as text/plain
 * within 10 s), or which channels say "read now" and with which token (null when it carried none),
 * or why it cannot be read.
 */
export const notificationReadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('handshake'), answer: z.string() }),
  z.object({
    kind: z.literal('changes'),
    channels: z.array(z.object({ channelId: z.string().min(1), token: z.string().nullable(), state: z.string() })),
  }),
  z.object({ kind: z.literal('unreadable'), problem: z.string() }),
]);
export type NotificationRead = z.output<typeof notificationReadSchema>;
