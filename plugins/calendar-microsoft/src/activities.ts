import {
  busyWithin,
  CALENDAR_FAILURES,
  calendarFailure,
  newEventSchema,
  oauthCalendarClient,
  readAnswer,
  type CalendarChanges,
  type CalendarEvent,
  type EventChanges,
  type FreeBusy,
  type PluginDeps,
  type SavedEvent,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { MICROSOFT, type MicrosoftAccount, type MicrosoftConfig } from './manifest.ts';

type Deps = PluginDeps<MicrosoftConfig>;
export type WithTokens<T> = T & { refreshedTokens?: MicrosoftAccount['tokens'] };

/**
 * The single-value extended property holding the uid Meetflow gave an event (a string property in a
 * property set of Meetflow's own GUID): how a second create of one uid finds the first.
 */
export const UID_PROPERTY = 'String {7d4e0f3a-5c1b-4a8e-9f26-3b8c1d0e6a57} Name meetflowUid';

/** Graph's own readings of an error, before the status's: a cancel by an attendee is refused, not "not found". */
function graphFailure(status: number, body: unknown, doing: string): ReturnType<typeof calendarFailure> | null {
  const code = (body as { error?: { code?: string } } | null)?.error?.code;
  if (status === 412 || code === 'ErrorIrresolvableConflict')
    return calendarFailure(CALENDAR_FAILURES.conflict, `${doing}: the event changed since`, status);
  // A delta token Graph no longer knows: 410 Gone for Outlook, SyncStateNotFound / resyncRequired by code elsewhere.
  if (code === 'SyncStateNotFound' || code === 'syncStateNotFound' || code === 'resyncRequired')
    return calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the sync token is no longer known`, 410);
  if (code === 'ErrorAccessDenied' && status === 400)
    return calendarFailure(CALENDAR_FAILURES.refused, `${doing}: only the organizer can cancel the meeting`, status);
  return null;
}

/** Graph for one account: its calls, and the URLs Meetflow uses. */
export function api(deps: Deps, account: MicrosoftAccount) {
  const client = oauthCalendarClient({
    oauth: {
      authorizationEndpoint: MICROSOFT.authorizationEndpoint,
      tokenEndpoint: deps.config.tokenEndpoint,
      clientId: deps.config.clientId,
      clientSecret: deps.config.clientSecret,
      scopes: MICROSOFT.scopes,
    },
    tokens: account.tokens,
    clock: deps.clock,
    timeoutMs: deps.config.timeoutSeconds * 1000,
    maxRetries: deps.config.maxRetries,
    maxWaitSeconds: deps.config.maxRetryWaitSeconds,
    failureFor: graphFailure,
  });
  const base = deps.config.apiBaseUrl.replace(/\/$/, '');
  return { ...client, base, event: (id: string) => `${base}/me/events/${encodeURIComponent(id)}` };
}

export function answer<T extends object>(value: T, client: { refreshedTokens(): MicrosoftAccount['tokens'] | undefined }): WithTokens<T> {
  const refreshed = client.refreshedTokens();
  return refreshed ? { ...value, refreshedTokens: refreshed } : value;
}

/** Every time in UTC: Graph then answers dateTime without an offset, meaning UTC. */
const UTC = { prefer: 'outlook.timezone="UTC"' };
const graphTime = z.object({ dateTime: z.string(), timeZone: z.string() });
/** A dateTimeTimeZone Graph answered (in UTC, as asked) as an ISO instant; null when it is not one. */
function instant(time: z.output<typeof graphTime> | undefined): number | null {
  if (!time) return null;
  const text = /[zZ]|[+-]\d\d:\d\d$/.test(time.dateTime) ? time.dateTime : `${time.dateTime.replace(/(\.\d{3})\d+$/, '$1')}Z`;
  const millis = Date.parse(text);
  return time.timeZone.toUpperCase() === 'UTC' && Number.isFinite(millis) ? millis : null;
}
const toGraph = (iso: string) => ({ dateTime: new Date(iso).toISOString().replace('Z', ''), timeZone: 'UTC' });

const graphEvent = z.object({
  '@odata.etag': z.string().min(1),
  id: z.string().min(1),
  iCalUId: z.string().optional(),
  transactionId: z.string().nullable().optional(),
  subject: z.string().nullable().optional(),
  body: z.object({ contentType: z.string(), content: z.string() }).optional(),
  location: z.object({ displayName: z.string().nullable().optional() }).optional(),
  start: graphTime.optional(),
  end: graphTime.optional(),
  isCancelled: z.boolean().optional(),
  showAs: z.string().optional(),
  type: z.string().optional(),
  attendees: z.array(z.object({ emailAddress: z.object({ address: z.string() }) })).optional(),
});
type GraphEventRead = z.output<typeof graphEvent>;
const saved = (event: GraphEventRead): SavedEvent => ({ eventId: event.id, etag: event['@odata.etag'] });

const people = (attendees: ReadonlyArray<{ email: string; name?: string | undefined }>) =>
  attendees.map((person) => ({ type: 'required', emailAddress: { address: person.email, ...(person.name ? { name: person.name } : {}) } }));
const textWith = (description: string, link: string | null) =>
  link ? `${description}${description ? '\n\n' : ''}Join: ${link}` : description;

/** Pages of a Graph collection, following @odata.nextLink (only to the API's own origin). */
async function* pages(client: ReturnType<typeof api>, doing: string, first: string, headers: Record<string, string>) {
  const page = z.object({
    value: z.array(z.unknown()).default([]),
    '@odata.nextLink': z.string().optional(),
    '@odata.deltaLink': z.string().optional(),
  });
  let url: string | undefined = first;
  while (url) {
    if (new URL(url).origin !== new URL(client.base).origin)
      throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
    const { body } = await client.call(doing, 'GET', url, { headers });
    const read: z.output<typeof page> = readAnswer(page, body, doing);
    yield read;
    url = read['@odata.nextLink'];
  }
}

/**
 * `freeBusy`: the calendarView of the range (Exchange expands recurrences into occurrences), in
 * UTC; every event not cancelled and not shown as free or working elsewhere is busy (tentative
 * and out of office are: a meeting must not land on them).
 */
export function createFreeBusy(deps: Deps) {
  return async function freeBusy(input: { account: MicrosoftAccount; range: { from: string; to: string } }): Promise<WithTokens<FreeBusy>> {
    const doing = 'reading free/busy';
    const client = api(deps, input.account);
    const params = new URLSearchParams({
      startDateTime: input.range.from,
      endDateTime: input.range.to,
      $select: 'start,end,showAs,isCancelled',
      $top: '100',
    });
    const intervals: Array<[number, number]> = [];
    for await (const page of pages(client, doing, `${client.base}/me/calendar/calendarView?${params}`, UTC)) {
      for (const raw of page.value) {
        const event = graphEvent.partial({ '@odata.etag': true, id: true }).safeParse(raw);
        if (!event.success) throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
        const { isCancelled, showAs } = event.data;
        if (isCancelled || showAs === 'free' || showAs === 'workingElsewhere') continue;
        const start = instant(event.data.start);
        const end = instant(event.data.end);
        if (start === null || end === null)
          throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
        intervals.push([start, end]);
      }
    }
    return answer(
      { busy: busyWithin(intervals, new Date(input.range.from), new Date(input.range.to)), method: 'graph-calendar-view' as const },
      client,
    );
  };
}

/**
 * `createEvent`: Graph has no create-if-absent, so the uid is kept on the event (a single-value
 * extended property, looked up first: found → CalendarConflict) and as its transactionId (which
 * Exchange uses to drop a retried POST). The invitations are Exchange's, sent on create.
 */
export function createCreateEvent(deps: Deps) {
  return async function createEvent(input: {
    account: MicrosoftAccount;
    event: z.output<typeof newEventSchema>;
  }): Promise<WithTokens<SavedEvent>> {
    const doing = 'creating the event';
    const client = api(deps, input.account);
    const event = input.event;
    const filter = `singleValueExtendedProperties/Any(ep: ep/id eq '${UID_PROPERTY}' and ep/value eq '${event.uid.replace(/'/g, "''")}')`;
    const found = await client.call(
      doing,
      'GET',
      `${client.base}/me/calendar/events?${new URLSearchParams({ $filter: filter, $select: 'id' })}`,
    );
    if (readAnswer(z.object({ value: z.array(z.unknown()) }), found.body, doing).value.length > 0)
      throw calendarFailure(CALENDAR_FAILURES.conflict, `${doing}: the event exists already`);
    const { body } = await client.call(doing, 'POST', `${client.base}/me/calendar/events`, {
      headers: UTC,
      body: {
        subject: event.summary,
        body: { contentType: 'text', content: textWith(event.description, event.conferencingUrl) },
        start: toGraph(event.start),
        end: toGraph(event.end),
        location: { displayName: event.location ?? event.conferencingUrl ?? '' },
        attendees: people(event.attendees),
        showAs: 'busy',
        transactionId: event.uid,
        singleValueExtendedProperties: [{ id: UID_PROPERTY, value: event.uid }],
      },
    });
    return answer(saved(readAnswer(graphEvent, body, doing)), client);
  };
}

/** `updateEvent`: PATCH of what changed (Exchange tells the attendees); If-Match the caller's etag. */
export function createUpdateEvent(deps: Deps) {
  return async function updateEvent(input: {
    account: MicrosoftAccount;
    eventId: string;
    changes: EventChanges;
    etag?: string | undefined;
  }): Promise<WithTokens<SavedEvent>> {
    const doing = 'updating the event';
    const client = api(deps, input.account);
    const url = client.event(input.eventId);
    const { changes } = input;
    const patch: Record<string, unknown> = {};
    if (changes.start !== undefined) patch.start = toGraph(changes.start);
    if (changes.end !== undefined) patch.end = toGraph(changes.end);
    if (changes.summary !== undefined) patch.subject = changes.summary;
    if (changes.attendees !== undefined) patch.attendees = people(changes.attendees);
    if (changes.location !== undefined) patch.location = { displayName: changes.location ?? '' };
    if (changes.description !== undefined || changes.conferencingUrl !== undefined) {
      // The link lives in the text and the location: a change to either rewrites both from what is stored.
      const { body } = await client.call(doing, 'GET', `${url}?$select=body,location`, {
        headers: { prefer: 'outlook.body-content-type="text"' },
      });
      const current = readAnswer(graphEvent, body, doing);
      const content = current.body?.content ?? '';
      const oldLink = /(?:^|\n\n)Join: (\S+)\s*$/.exec(content)?.[1] ?? null;
      const text = content.replace(/(?:^|\n\n)Join: \S+\s*$/, '');
      const link = changes.conferencingUrl === undefined ? oldLink : changes.conferencingUrl;
      patch.body = { contentType: 'text', content: textWith(changes.description ?? text, link) };
      if (changes.location === undefined && (current.location?.displayName ?? null) === oldLink)
        patch.location = { displayName: link ?? '' };
    }
    const { body } = await client.call(doing, 'PATCH', url, {
      headers: { ...UTC, ...(input.etag ? { 'if-match': input.etag } : {}) },
      body: patch,
    });
    return answer(saved(readAnswer(graphEvent, body, doing)), client);
  };
}

/**
 * `cancelEvent`: Graph's cancel action (organizer only: the attendees are sent the cancellation,
 * and Exchange moves the event to Deleted Items). The cancel action takes no If-Match, so the
 * event is read first: a caller's etag that is not the current one is CalendarConflict. The answer
 * is the etag of the version cancelled (Exchange keeps none in the calendar after).
 */
export function createCancelEvent(deps: Deps) {
  return async function cancelEvent(input: {
    account: MicrosoftAccount;
    eventId: string;
    etag?: string | undefined;
  }): Promise<WithTokens<SavedEvent>> {
    const doing = 'cancelling the event';
    const client = api(deps, input.account);
    const url = client.event(input.eventId);
    const { body } = await client.call(doing, 'GET', `${url}?$select=id`);
    const current = saved(readAnswer(graphEvent, body, doing));
    if (input.etag && input.etag !== current.etag)
      throw calendarFailure(CALENDAR_FAILURES.conflict, `${doing}: the event changed since`, 412);
    await client.call(doing, 'POST', `${url}/cancel`, { body: { comment: 'This meeting was cancelled.' } });
    return answer(current, client);
  };
}

/** The contract's reading of one event; null for one without times it can read. */
function eventOf(event: GraphEventRead): CalendarEvent | null {
  const start = instant(event.start);
  const end = instant(event.end);
  if (start === null || end === null) return null;
  return {
    eventId: event.id,
    etag: event['@odata.etag'],
    uid: event.transactionId || event.iCalUId || event.id,
    summary: event.subject ?? '',
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    status: event.isCancelled ? 'cancelled' : event.showAs === 'tentative' ? 'tentative' : 'confirmed',
    transparent: event.showAs === 'free',
    recurring: event.type === 'occurrence' || event.type === 'exception' || event.type === 'seriesMaster',
    attendees: (event.attendees ?? []).map((attendee) => attendee.emailAddress.address),
  };
}

/**
 * `changesSince`: a delta query on the calendarView (a window of syncPastDays before the first
 * sync to syncFutureDays after it), page by page to the deltaLink, which is the next token. A row
 * marked "@removed" (deleted, cancelled, or moved out of the window) is listed in `removed`. A
 * token Graph no longer knows (410 Gone, or SyncStateNotFound) starts over (`full`).
 */
export function createChangesSince(deps: Deps) {
  return async function changesSince(input: { account: MicrosoftAccount; syncToken: string | null }): Promise<WithTokens<CalendarChanges>> {
    const doing = 'reading the changes';
    const client = api(deps, input.account);
    const headers = { ...UTC, prefer: `${UTC.prefer}, odata.maxpagesize=50` };
    const start = (token: string | null): string => {
      // The token is a deltaLink: followed only to the API's own origin (it is stored data; the access token goes where it points).
      if (token && URL.canParse(token) && new URL(token).origin === new URL(client.base).origin) return token;
      const now = deps.clock.now().getTime();
      const day = 86_400_000;
      const params = new URLSearchParams({
        startDateTime: new Date(now - deps.config.syncPastDays * day).toISOString(),
        endDateTime: new Date(now + deps.config.syncFutureDays * day).toISOString(),
      });
      return `${client.base}/me/calendarView/delta?${params}`;
    };
    const read = async (token: string | null): Promise<CalendarChanges | null> => {
      const first = start(token);
      const incremental = first === token;
      const changed: CalendarEvent[] = [];
      const removed: string[] = [];
      const row = z.object({ id: z.string(), '@removed': z.object({ reason: z.string() }).optional() }).loose();
      try {
        for await (const page of pages(client, doing, first, headers)) {
          for (const raw of page.value) {
            const entry = readAnswer(row, raw, doing);
            if (entry['@removed']) {
              removed.push(entry.id);
              continue;
            }
            const event = eventOf(readAnswer(graphEvent, raw, doing));
            if (event) changed.push(event);
          }
          const deltaLink = page['@odata.deltaLink'];
          if (deltaLink) return { changed, removed: incremental ? removed : [], syncToken: deltaLink, full: !incremental };
        }
      } catch (error) {
        const status = (error as { details?: Array<{ status?: number }> }).details?.[0]?.status;
        if (incremental && status === 410) return null;
        throw error;
      }
      throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
    };
    const changes = (await read(input.syncToken)) ?? (await read(null))!;
    return answer(changes, client);
  };
}
