import {
  CALENDAR_FAILURES,
  calendarFailure,
  type CalendarChanges,
  type CalendarEvent,
  type EventChanges,
  type FreeBusy,
  type PluginDeps,
  type SavedEvent,
} from '@meetflow/plugin-sdk';
import { createCalendarObject, fetchCalendarObjects, propfind, syncCollection, updateCalendarObject } from 'tsdav';
import { absolute, accountFetch, calendarOf } from './dav.ts';
import { applyChanges, buildEvent, busyFromFreeBusy, busyFromObjects, cancelEvent, readEvent, type EventToWrite } from './ical.ts';
import type { CalDavAccount, CalDavConfig } from './manifest.ts';

type Deps = PluginDeps<CalDavConfig>;

// Statuses a server answers a REPORT it does not support with: then the next method is tried.
const UNSUPPORTED_REPORT = [400, 403, 404, 405, 409, 415, 422, 501];

const davTime = (iso: string) =>
  `${new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
const textOf = (data: unknown): string =>
  typeof data === 'string' ? data : typeof (data as { _cdata?: unknown })?._cdata === 'string' ? (data as { _cdata: string })._cdata : '';
const unquoted = (etag: string | null | undefined) => etag ?? '';

/** `freeBusy`: the busy intervals within a range, from the server's free-busy-query when it answers one, else expanded here. */
export function createFreeBusy(deps: Deps) {
  return async function freeBusy(input: { account: CalDavAccount; range: { from: string; to: string } }): Promise<FreeBusy> {
    const timeout = deps.config.timeoutSeconds * 1000;
    const calendarUrl = await calendarOf(input.account, timeout);
    const from = new Date(input.range.from);
    const to = new Date(input.range.to);
    if (deps.config.freeBusyMethod === 'auto') {
      // A REPORT of our own: tsdav's freeBusyQuery keeps only the first 4 KB of an answer that is not XML (a VFREEBUSY is text/calendar).
      const request = accountFetch(input.account, timeout, 'reading free/busy', UNSUPPORTED_REPORT);
      const response = await request(calendarUrl, {
        method: 'REPORT',
        headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
        body:
          '<?xml version="1.0" encoding="utf-8"?><C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav">' +
          `<C:time-range start="${davTime(input.range.from)}" end="${davTime(input.range.to)}"/></C:free-busy-query>`,
      });
      const text = await response.text();
      if (response.ok && /text\/calendar/i.test(response.headers.get('content-type') ?? '') && text.includes('BEGIN:VFREEBUSY'))
        return { busy: busyFromFreeBusy(text, from, to), method: 'free-busy-query' };
    }
    const objects = await fetchCalendarObjects({
      calendar: { url: calendarUrl },
      timeRange: { start: from.toISOString(), end: to.toISOString() },
      fetch: accountFetch(input.account, timeout, 'reading the events'),
    });
    return { busy: busyFromObjects(objects.map((object) => textOf(object.data)).filter(Boolean), from, to), method: 'calendar-query' };
  };
}

/** The object's current text and etag (calendar-multiget). */
async function readObject(deps: Deps, account: CalDavAccount, eventId: string): Promise<{ text: string; etag: string }> {
  const timeout = deps.config.timeoutSeconds * 1000;
  const calendarUrl = await calendarOf(account, timeout);
  const [object] = await fetchCalendarObjects({
    calendar: { url: calendarUrl },
    objectUrls: [absolute(eventId, calendarUrl)],
    urlFilter: () => true,
    fetch: accountFetch(account, timeout, 'reading the event'),
  });
  const text = textOf(object?.data);
  if (!object || !text) throw calendarFailure(CALENDAR_FAILURES.refused, 'reading the event: not found', 404);
  return { text, etag: unquoted(object.etag) };
}

/** PUTs a changed object with If-Match: the caller's etag when given, else the one just read (no change of someone else's is lost). */
async function writeObject(
  deps: Deps,
  account: CalDavAccount,
  eventId: string,
  text: string,
  etag: string,
  doing: string,
): Promise<SavedEvent> {
  const response = await updateCalendarObject({
    calendarObject: { url: eventId, data: text, etag },
    fetch: accountFetch(account, deps.config.timeoutSeconds * 1000, doing),
  });
  const saved = response.headers.get('etag');
  return { eventId, etag: saved ?? (await readObject(deps, account, eventId)).etag };
}

/** `createEvent`: PUT with If-None-Match: * at `<uid>.ics`, so a second create of one uid is a conflict, never a second event. */
export function createCreateEvent(deps: Deps) {
  return async function createEvent(input: { account: CalDavAccount; event: EventToWrite }): Promise<SavedEvent> {
    const timeout = deps.config.timeoutSeconds * 1000;
    const calendarUrl = await calendarOf(input.account, timeout);
    const filename = `${encodeURIComponent(input.event.uid)}.ics`;
    const response = await createCalendarObject({
      calendar: { url: calendarUrl },
      filename,
      iCalString: buildEvent(input.event, deps.clock.now()),
      fetch: accountFetch(input.account, timeout, 'creating the event'),
    });
    const eventId = absolute(filename, calendarUrl);
    const etag = response.headers.get('etag');
    return { eventId, etag: etag ?? (await readObject(deps, input.account, eventId)).etag };
  };
}

/** `updateEvent`: the changes applied to the stored event, SEQUENCE raised. */
export function createUpdateEvent(deps: Deps) {
  return async function updateEvent(input: {
    account: CalDavAccount;
    eventId: string;
    changes: EventChanges;
    etag?: string;
  }): Promise<SavedEvent> {
    const current = await readObject(deps, input.account, input.eventId);
    let text: string;
    try {
      text = applyChanges(current.text, input.changes, deps.clock.now());
    } catch (error) {
      throw calendarFailure(CALENDAR_FAILURES.refused, `updating the event: ${(error as Error).message}`);
    }
    return writeObject(deps, input.account, input.eventId, text, input.etag ?? current.etag, 'updating the event');
  };
}

/**
 * `cancelEvent`: STATUS:CANCELLED with SEQUENCE raised, not a DELETE: the event stays in the
 * calendar marked cancelled, so the rep's clients show it cancelled (not silently gone), other
 * clients syncing see a change they can act on, and the attendees' copy can be told (RFC 5546 CANCEL).
 */
export function createCancelEvent(deps: Deps) {
  return async function cancel(input: { account: CalDavAccount; eventId: string; etag?: string }): Promise<SavedEvent> {
    const current = await readObject(deps, input.account, input.eventId);
    const text = cancelEvent(current.text, deps.clock.now());
    return writeObject(deps, input.account, input.eventId, text, input.etag ?? current.etag, 'cancelling the event');
  };
}

const ETAG_TOKEN = 'etags:';

/**
 * `changesSince`: RFC 6578 sync-collection (the server keeps the token); a token it no longer
 * knows starts over with every event (`full`). Where the server has no sync-collection (or
 * config syncMethod is etag), the token carries the etag of every object, and the next call
 * compares them (the ctag/etag way of older clients).
 */
export function createChangesSince(deps: Deps) {
  const timeout = deps.config.timeoutSeconds * 1000;

  const eventsAt = async (account: CalDavAccount, calendarUrl: string, urls: string[]): Promise<CalendarEvent[]> => {
    if (urls.length === 0) return [];
    const objects = await fetchCalendarObjects({
      calendar: { url: calendarUrl },
      objectUrls: urls,
      urlFilter: () => true,
      fetch: accountFetch(account, timeout, 'reading the changed events'),
    });
    return objects.flatMap((object) => {
      const text = textOf(object.data);
      return text ? [readEvent(text, absolute(object.url, calendarUrl), unquoted(object.etag))] : [];
    });
  };

  async function byEtags(account: CalDavAccount, calendarUrl: string, token: string | null): Promise<CalendarChanges> {
    const listed = await propfind({
      url: calendarUrl,
      props: { 'd:getetag': {} },
      depth: '1',
      fetch: accountFetch(account, timeout, 'listing the events'),
    });
    const now = new Map<string, string>();
    for (const entry of listed) {
      const url = entry.href ? absolute(entry.href, calendarUrl) : '';
      if (url && !url.endsWith('/') && entry.props?.getetag) now.set(url, String(entry.props.getetag));
    }
    let before: Record<string, string> | null = null;
    if (token) {
      try {
        before = JSON.parse(Buffer.from(token.slice(ETAG_TOKEN.length), 'base64url').toString('utf8')) as Record<string, string>;
      } catch {
        before = null;
      }
    }
    const changedUrls = [...now].filter(([url, etag]) => before?.[url] !== etag).map(([url]) => url);
    const removed = before ? Object.keys(before).filter((url) => !now.has(url)) : [];
    return {
      changed: await eventsAt(account, calendarUrl, changedUrls),
      removed,
      syncToken: ETAG_TOKEN + Buffer.from(JSON.stringify(Object.fromEntries(now))).toString('base64url'),
      full: before === null,
    };
  }

  async function bySyncCollection(account: CalDavAccount, calendarUrl: string, token: string | null): Promise<CalendarChanges | null> {
    const results = await syncCollection({
      url: calendarUrl,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: token ?? '',
      fetch: accountFetch(account, timeout, 'reading the changes', UNSUPPORTED_REPORT),
    });
    const first = results[0];
    const raw = first?.raw as { multistatus?: { syncToken?: unknown } } | string | undefined;
    const syncToken = typeof raw === 'object' ? raw?.multistatus?.syncToken : undefined;
    if (typeof syncToken !== 'string' || !syncToken) {
      // A token the server no longer knows (RFC 6578 §3.2: DAV:valid-sync-token): start over.
      if (token && typeof raw === 'string' && raw.includes('valid-sync-token')) return bySyncCollection(account, calendarUrl, null);
      return null; // no sync-collection here
    }
    const entries = results.filter((entry) => entry.href && !absolute(entry.href, calendarUrl).endsWith('/'));
    const removed = entries.filter((entry) => entry.status === 404).map((entry) => absolute(entry.href!, calendarUrl));
    const changedUrls = entries.filter((entry) => entry.status !== 404).map((entry) => absolute(entry.href!, calendarUrl));
    return { changed: await eventsAt(account, calendarUrl, changedUrls), removed, syncToken, full: token === null };
  }

  return async function changesSince(input: { account: CalDavAccount; syncToken: string | null }): Promise<CalendarChanges> {
    const calendarUrl = await calendarOf(input.account, timeout);
    const token = input.syncToken;
    if (deps.config.syncMethod === 'etag' || token?.startsWith(ETAG_TOKEN)) return byEtags(input.account, calendarUrl, token);
    const synced = await bySyncCollection(input.account, calendarUrl, token);
    return synced ?? byEtags(input.account, calendarUrl, null);
  };
}
