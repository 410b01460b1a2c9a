import { CALENDAR_FAILURES, calendarFailure, calendarFailureForStatus } from '@meetflow/plugin-sdk';
import { createAccount, fetchCalendars, propfind } from 'tsdav';
import type { CalDavAccount } from './manifest.ts';

/** What a request failed doing, for the failure's message (never the server's own words). */
export type Doing = string;

function unreachableReason(error: unknown): string {
  const failure = error as { name?: string; cause?: { code?: string; name?: string } } | null;
  if (failure?.name === 'TimeoutError' || failure?.cause?.name === 'TimeoutError') return 'timed out';
  const code = failure?.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timed out';
  return 'connection failed';
}

/**
 * The `fetch` every DAV request of one account goes through (tsdav takes it as `fetch`): it logs
 * in (Basic), gives up after the timeout, and turns every failure into the contract's typed one
 * (CALENDAR_FAILURES) before tsdav sees it: no answer, a timeout, 5xx or 429 → unavailable
 * (retryable); 401/403 → authRefused; 412 → conflict; any other 4xx → refused. Statuses in
 * `allow` are the caller's to read (a REPORT the server may not support).
 */
export function accountFetch(account: CalDavAccount, timeoutMs: number, doing: Doing, allow: readonly number[] = []): typeof fetch {
  const authorization = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', authorization);
    let response: Response;
    try {
      response = await fetch(input, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw calendarFailure(CALENDAR_FAILURES.unavailable, `${doing}: ${unreachableReason(error)}`);
    }
    if (allow.includes(response.status)) return response;
    const failure = calendarFailureForStatus(response.status, doing);
    if (!failure) return response;
    await response.body?.cancel().catch(() => undefined);
    throw failure;
  };
}

const resolved = new Map<string, string>();

/**
 * The URL of the account's calendar: `serverUrl` itself when it is a calendar collection, else
 * the first calendar of events found by discovery (RFC 6764 well-known, principal, calendar home).
 * Remembered per server and username.
 */
export async function calendarOf(account: CalDavAccount, timeoutMs: number): Promise<string> {
  const key = `${account.serverUrl}\n${account.username}`;
  const known = resolved.get(key);
  if (known) return known;
  const request = accountFetch(account, timeoutMs, 'finding the calendar');
  const [self] = await propfind({ url: account.serverUrl, props: { 'd:resourcetype': {} }, depth: '0', fetch: request });
  const types = Object.keys((self?.props?.resourcetype as Record<string, unknown> | undefined) ?? {});
  let url: string | undefined;
  if (types.includes('calendar')) url = account.serverUrl.endsWith('/') ? account.serverUrl : `${account.serverUrl}/`;
  else {
    const davAccount = await createAccount({ account: { serverUrl: account.serverUrl, accountType: 'caldav' }, fetch: request });
    const calendars = await fetchCalendars({ account: davAccount, fetch: request });
    url = calendars.find((calendar) => calendar.components?.includes('VEVENT'))?.url;
  }
  if (!url) throw calendarFailure(CALENDAR_FAILURES.refused, 'finding the calendar: the account has no calendar of events');
  resolved.set(key, url);
  return url;
}

/** An event's id is its object's URL; a relative href from the server is made absolute against the calendar. */
export const absolute = (href: string, calendarUrl: string) => new URL(href, calendarUrl).href;
