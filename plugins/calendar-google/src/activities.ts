import {
  busyWithin,
  CALENDAR_FAILURES,
  calendarFailure,
  oauthCalendarClient,
  readAnswer,
  type CalendarChanges,
  type CalendarEvent,
  type EventChanges,
  type FreeBusy,
  newEventSchema,
  type PluginDeps,
  type SavedEvent,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { GOOGLE, type GoogleAccount, type GoogleConfig } from './manifest.ts';

type Deps = PluginDeps<GoogleConfig>;
export type WithTokens<T> = T & { refreshedTokens?: GoogleAccount['tokens'] };

/** Where a Google error body says why (its first error's reason). */
const reasonOf = (body: unknown): string | undefined =>
  (body as { error?: { errors?: Array<{ reason?: string }> } } | null)?.error?.errors?.[0]?.reason;

/** Google's own readings of an error, before the status's: a rate limit sent as 403, a duplicate id. */
function googleFailure(status: number, body: unknown, doing: string): ReturnType<typeof calendarFailure> | null {
  const reason = reasonOf(body);
  if (status === 403 && (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded' || reason === 'quotaExceeded'))
    return calendarFailure(CALENDAR_FAILURES.unavailable, `${doing}: Google's rate limit, try again later`, status);
  if (status === 409 && reason === 'duplicate')
    return calendarFailure(CALENDAR_FAILURES.conflict, `${doing}: the event exists already`, status);
  return null;
}

/** The Calendar API for one account. */
export function api(deps: Deps, account: GoogleAccount) {
  const client = oauthCalendarClient({
    oauth: {
      authorizationEndpoint: GOOGLE.authorizationEndpoint,
      tokenEndpoint: deps.config.tokenEndpoint,
      revocationEndpoint: deps.config.revocationEndpoint,
      clientId: deps.config.clientId,
      clientSecret: deps.config.clientSecret,
      scopes: GOOGLE.scopes,
    },
    tokens: account.tokens,
    clock: deps.clock,
    timeoutMs: deps.config.timeoutSeconds * 1000,
    maxRetries: deps.config.maxRetries,
    maxWaitSeconds: deps.config.maxRetryWaitSeconds,
    failureFor: googleFailure,
  });
  const calendar = `${deps.config.apiBaseUrl.replace(/\/$/, '')}/calendars/${encodeURIComponent(account.calendarId)}`;
  return { ...client, base: deps.config.apiBaseUrl.replace(/\/$/, ''), events: `${calendar}/events` };
}

/** The answer with the tokens refreshed on the way, when there were. */
export function answer<T extends object>(value: T, client: { refreshedTokens(): GoogleAccount['tokens'] | undefined }): WithTokens<T> {
  const refreshed = client.refreshedTokens();
  return refreshed ? { ...value, refreshedTokens: refreshed } : value;
}

const googleTime = z.object({ dateTime: z.string().optional(), date: z.string().optional(), timeZone: z.string().optional() });
/** An event as the Calendar API answers it (a deleted one in a sync carries its id and status only). */
const googleEvent = z.object({
  id: z.string().min(1),
  etag: z.string().min(1),
  status: z.enum(['confirmed', 'tentative', 'cancelled']).default('confirmed'),
  summary: z.string().optional(),
  iCalUID: z.string().optional(),
  start: googleTime.optional(),
  end: googleTime.optional(),
  transparency: z.enum(['opaque', 'transparent']).optional(),
  recurrence: z.array(z.string()).optional(),
  attendees: z.array(z.object({ email: z.string(), self: z.boolean().optional() })).optional(),
  extendedProperties: z.object({ private: z.record(z.string(), z.string()).optional() }).optional(),
});
type GoogleEventRead = z.output<typeof googleEvent>;

/** An instant of the Calendar API as UTC: a dateTime with its offset; an all-day date read as UTC midnight. */
function instant(time: z.output<typeof googleTime> | undefined): string | null {
  const millis = time?.dateTime ? Date.parse(time.dateTime) : time?.date ? Date.parse(`${time.date}T00:00:00Z`) : NaN;
  return Number.isFinite(millis) ? new Date(millis).toISOString() : null;
}

/** The uid Meetflow gave an event (kept in a private extended property), else Google's iCalUID. */
export const UID_PROPERTY = 'meetflowUid';

/**
 * The event id a uid becomes: Google lets a client choose an event's id ("base32hex": a–v, 0–9,
 * 5–1024 characters) and answers 409 duplicate for one it has, so a second create of one booking
 * fails instead of making a second event. "meetf" + the uid's bytes in base32hex.
 */
export function eventIdOf(uid: string): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of Buffer.from(uid, 'utf8')) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return `meetf${out}`;
}

/** The text of the event: the description, and the video link on a line of its own. */
const descriptionWith = (description: string, link: string | null) =>
  link ? `${description}${description ? '\n\n' : ''}Join: ${link}` : description;

/** `freeBusy`: Google's freeBusy.query for the account's calendar, merged and clipped. */
export function createFreeBusy(deps: Deps) {
  const answerSchema = z.object({
    calendars: z.record(
      z.string(),
      z.object({
        busy: z.array(z.object({ start: z.string(), end: z.string() })).default([]),
        errors: z.array(z.object({ reason: z.string() })).optional(),
      }),
    ),
  });
  return async function freeBusy(input: { account: GoogleAccount; range: { from: string; to: string } }): Promise<WithTokens<FreeBusy>> {
    const doing = 'reading free/busy';
    const client = api(deps, input.account);
    const { body } = await client.call(doing, 'POST', `${client.base}/freeBusy`, {
      body: { timeMin: input.range.from, timeMax: input.range.to, timeZone: 'UTC', items: [{ id: input.account.calendarId }] },
    });
    const calendar = readAnswer(answerSchema, body, doing).calendars[input.account.calendarId];
    if (!calendar) throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
    if (calendar.errors?.length)
      throw calendarFailure(
        CALENDAR_FAILURES.refused,
        `${doing}: ${calendar.errors[0]!.reason === 'notFound' ? 'not found' : 'the calendar cannot be read'}`,
      );
    const intervals = calendar.busy.map((busy) => [Date.parse(busy.start), Date.parse(busy.end)] as const);
    return answer(
      { busy: busyWithin(intervals, new Date(input.range.from), new Date(input.range.to)), method: 'google-freebusy' as const },
      client,
    );
  };
}

const saved = (event: GoogleEventRead): SavedEvent => ({ eventId: event.id, etag: event.etag });
const people = (attendees: ReadonlyArray<{ email: string; name?: string | undefined }>) =>
  attendees.map((person) => ({ email: person.email, ...(person.name ? { displayName: person.name } : {}) }));

/** `createEvent`: events.insert with the id the uid makes, invitations sent to the attendees. */
export function createCreateEvent(deps: Deps) {
  return async function createEvent(input: {
    account: GoogleAccount;
    event: z.output<typeof newEventSchema>;
  }): Promise<WithTokens<SavedEvent>> {
    const doing = 'creating the event';
    const client = api(deps, input.account);
    const event = input.event;
    const { body } = await client.call(doing, 'POST', `${client.events}?sendUpdates=all`, {
      body: {
        id: eventIdOf(event.uid),
        summary: event.summary,
        description: descriptionWith(event.description, event.conferencingUrl),
        location: event.location ?? event.conferencingUrl ?? undefined,
        start: { dateTime: event.start, timeZone: 'UTC' },
        end: { dateTime: event.end, timeZone: 'UTC' },
        attendees: people(event.attendees),
        extendedProperties: { private: { [UID_PROPERTY]: event.uid } },
      },
    });
    return answer(saved(readAnswer(googleEvent, body, doing)), client);
  };
}
/** `updateEvent`: events.patch of what changed (attendees told); If-Match the caller's etag. */
export function createUpdateEvent(deps: Deps) {
  return async function updateEvent(input: {
    account: GoogleAccount;
    eventId: string;
    changes: EventChanges;
    etag?: string | undefined;
  }): Promise<WithTokens<SavedEvent>> {
    const doing = 'updating the event';
    const client = api(deps, input.account);
    const url = `${client.events}/${encodeURIComponent(input.eventId)}`;
    const { changes } = input;
    const patch: Record<string, unknown> = {};
    if (changes.start !== undefined) patch.start = { dateTime: changes.start, timeZone: 'UTC' };
    if (changes.end !== undefined) patch.end = { dateTime: changes.end, timeZone: 'UTC' };
    if (changes.summary !== undefined) patch.summary = changes.summary;
    if (changes.attendees !== undefined) patch.attendees = people(changes.attendees);
    if (changes.location !== undefined) patch.location = changes.location ?? '';
    if (changes.description !== undefined || changes.conferencingUrl !== undefined) {
      // The link lives in the text and the location: a change to either rewrites both from what is stored.
      const { body } = await client.call(doing, 'GET', url);
      const current = readAnswer(googleEvent.extend({ description: z.string().optional(), location: z.string().optional() }), body, doing);
      const oldLink = /(?:^|\n\n)Join: (\S+)$/.exec(current.description ?? '')?.[1] ?? null;
      const text = (current.description ?? '').replace(/(?:^|\n\n)Join: \S+$/, '');
      const link = changes.conferencingUrl === undefined ? oldLink : changes.conferencingUrl;
      patch.description = descriptionWith(changes.description ?? text, link);
      if (changes.location === undefined && (current.location ?? null) === oldLink) patch.location = link ?? '';
    }
    const { body } = await client.call(doing, 'PATCH', `${url}?sendUpdates=all`, {
      body: patch,
      ...(input.etag ? { headers: { 'if-match': input.etag } } : {}),
    });
    return answer(saved(readAnswer(googleEvent, body, doing)), client);
  };
}

/**
 * `cancelEvent`: events.delete with sendUpdates=all. Google has no separate "cancel": a deleted
 * event is kept as status "cancelled" (events.get still answers it, and the next incremental sync
 * lists it), and the attendees are sent the cancellation. The answer is the cancelled event's etag.
 */
export function createCancelEvent(deps: Deps) {
  return async function cancelEvent(input: {
    account: GoogleAccount;
    eventId: string;
    etag?: string | undefined;
  }): Promise<WithTokens<SavedEvent>> {
    const doing = 'cancelling the event';
    const client = api(deps, input.account);
    const url = `${client.events}/${encodeURIComponent(input.eventId)}`;
    await client.call(doing, 'DELETE', `${url}?sendUpdates=all`, input.etag ? { headers: { 'if-match': input.etag } } : {});
    const { body } = await client.call(doing, 'GET', url);
    return answer(saved(readAnswer(googleEvent, body, doing)), client);
  };
}

/** The contract's reading of one event; null for one that cannot be placed in time. */
function eventOf(event: GoogleEventRead): CalendarEvent | null {
  const start = instant(event.start);
  const end = instant(event.end);
  if (!start || !end) return null;
  return {
    eventId: event.id,
    etag: event.etag,
    uid: event.extendedProperties?.private?.[UID_PROPERTY] ?? event.iCalUID ?? event.id,
    summary: event.summary ?? '',
    start,
    end,
    status: event.status,
    transparent: event.transparency === 'transparent',
    recurring: (event.recurrence?.length ?? 0) > 0,
    attendees: (event.attendees ?? []).filter((attendee) => !attendee.self).map((attendee) => attendee.email),
  };
}

/**
 * `changesSince`: events.list with the sync token, page by page, until the last page's
 * nextSyncToken. A deleted (or cancelled) event comes back as its id and status "cancelled": it is
 * listed in `removed`. A token Google no longer knows answers 410: the list starts over (`full`).
 */
export function createChangesSince(deps: Deps) {
  const page = z.object({
    items: z.array(googleEvent).default([]),
    nextPageToken: z.string().optional(),
    nextSyncToken: z.string().optional(),
  });
  return async function changesSince(input: { account: GoogleAccount; syncToken: string | null }): Promise<WithTokens<CalendarChanges>> {
    const doing = 'reading the changes';
    const client = api(deps, input.account);
    const read = async (token: string | null): Promise<CalendarChanges | null> => {
      const changed: CalendarEvent[] = [];
      const removed: string[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const params = new URLSearchParams({ maxResults: '250' });
        if (token) params.set('syncToken', token);
        if (pageToken) params.set('pageToken', pageToken);
        const { status, body } = await client.call(doing, 'GET', `${client.events}?${params}`, { allow: token ? [410] : [] });
        if (status === 410) return null;
        const { items, nextPageToken, nextSyncToken } = readAnswer(page, body, doing);
        for (const item of items) {
          if (item.status === 'cancelled') removed.push(item.id);
          else {
            const event = eventOf(item);
            if (event) changed.push(event);
          }
        }
        if (nextPageToken) pageToken = nextPageToken;
        else if (nextSyncToken) return { changed, removed: token ? removed : [], syncToken: nextSyncToken, full: token === null };
        else throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
      }
    };
    const changes = (await read(input.syncToken)) ?? (await read(null))!;
    return answer(changes, client);
  };
}
