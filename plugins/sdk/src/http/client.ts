import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { HttpClient, HttpRequest, HttpResponse } from '../deps.ts';
import { allowHostSet, isAllowedHost } from './address-policy.ts';
import { checkAccepted, decodeBody, mediaTypeOf, sniffMediaType } from './content.ts';
import { GuardedHttpError } from './errors.ts';
import { resolveChecked } from './resolve.ts';
import { ACCEPT_ENCODING, readBody, sendHop, type Hop } from './transport.ts';

/** How the platform's outbound HTTP client is set up. */
export interface GuardedHttpOptions {
  /** Hosts ("host" or "host:port") exempt from the address check: test fixtures, local demos. */
  allowHosts?: readonly string[];
  /** Whole-request time limit (DNS, redirects and body included), in milliseconds. */
  timeoutMs?: number;
  /** Largest response body read, in bytes (after decompression). */
  maxBytes?: number;
  /** Redirects followed before failing with TOO_MANY_REDIRECTS. */
  maxRedirects?: number;
  /** The User-Agent header sent with every request. */
  userAgent?: string;
}

/** The User-Agent Meetflow announces, and whose product token robots.txt groups are matched against. */
export const DEFAULT_USER_AGENT = 'MeetflowBot/0.1 (+https://meetflow.dev/bot)';

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5, userAgent: DEFAULT_USER_AGENT };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Credentials meant for one origin must not follow a redirect to another.
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

type Settings = typeof DEFAULTS & { allowed: ReadonlySet<string> };

/** Parses a URL (relative to `base` for redirects); only http and https are accepted. */
function httpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new GuardedHttpError('INVALID_URL', `not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedHttpError('INVALID_URL', `only http and https URLs can be fetched, not ${url.protocol} (${raw})`);
  }
  return url;
}

function firstHop(init: HttpRequest, userAgent: string): Hop {
  const headers: OutgoingHttpHeaders = { 'user-agent': userAgent, 'accept-encoding': ACCEPT_ENCODING };
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  if (init.body === undefined) return { method: init.method ?? 'GET', headers };
  const isText = typeof init.body === 'string';
  headers['content-type'] ??= isText ? 'text/plain; charset=utf-8' : 'application/json';
  return { method: init.method ?? 'POST', headers, body: isText ? (init.body as string) : JSON.stringify(init.body) };
}

/** The hop after a redirect: 303 (and 301/302 after a POST) becomes a GET without a body. */
function nextHop(hop: Hop, status: number, from: URL, to: URL): Hop {
  const headers = { ...hop.headers };
  if (from.origin !== to.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
  if (status === 303 || ((status === 301 || status === 302) && hop.method === 'POST')) {
    delete headers['content-type'];
    return { method: 'GET', headers };
  }
  return { ...hop, headers };
}

function flattenHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    // Set-Cookie values contain commas (in Expires), so several are joined with newlines.
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join('\n') : value;
  }
  return headers;
}

async function finish(
  url: URL,
  response: IncomingMessage,
  redirects: string[],
  init: HttpRequest,
  settings: Settings,
): Promise<HttpResponse> {
  const status = response.statusCode ?? 0;
  const contentType = response.headers['content-type'] ?? '';
  const accept = init.accept ?? 'any';
  // Only a success is held to the accepted types: an error page is passed through as it is.
  const checked = status >= 200 && status < 300;
  if (checked && contentType) {
    try {
      checkAccepted(accept, mediaTypeOf(contentType), url.href);
    } catch (error) {
      response.destroy();
      throw error;
    }
  }
  const body = await readBody(response, init.maxBytes ?? settings.maxBytes, url.href);
  if (checked && !contentType) checkAccepted(accept, sniffMediaType(body), url.href);
  return { url: url.href, status, headers: flattenHeaders(response), contentType, body: decodeBody(body, contentType), redirects };
}

async function follow(raw: string, init: HttpRequest, settings: Settings, signal: AbortSignal): Promise<HttpResponse> {
  let url = httpUrl(raw);
  let hop = firstHop(init, settings.userAgent);
  const redirects: string[] = [];
  for (;;) {
    const pinned = await untilAborted(resolveChecked(url, isAllowedHost(url, settings.allowed)), signal);
    const response = await sendHop(url, pinned, hop, signal);
    const status = response.statusCode ?? 0;
    const location = REDIRECT_STATUSES.has(status) ? response.headers.location : undefined;
    if (!location) return await finish(url, response, redirects, init, settings);
    response.destroy();
    if (redirects.length >= settings.maxRedirects) {
      throw new GuardedHttpError('TOO_MANY_REDIRECTS', `${raw} redirected more than ${settings.maxRedirects} times`);
    }
    redirects.push(url.href);
    const next = httpUrl(location, url);
    hop = nextHop(hop, status, url, next);
    url = next;
  }
}

/** Settles like `promise`, or rejects as soon as `signal` aborts (for steps that take no signal, like DNS). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolveValue, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolveValue, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function asHttpError(error: unknown, timedOut: boolean, url: string, timeoutMs: number): GuardedHttpError {
  if (timedOut) return new GuardedHttpError('TIMEOUT', `${url} did not answer within ${timeoutMs} ms`);
  if (error instanceof GuardedHttpError) return error;
  const systemCode = (error as NodeJS.ErrnoException | null)?.code;
  const reason = error instanceof Error ? error.message : String(error);
  return new GuardedHttpError('NETWORK', `${url} could not be fetched: ${reason}`, systemCode);
}

/**
 * The platform's outbound HTTP client (see HttpClient): only http(s), no loopback, private,
 * link-local, metadata or other internal addresses (checked on the literal host, after DNS
 * and on every redirect, and the connection goes to the checked address), whole-request
 * timeout, size and redirect caps. A non-2xx status is returned, not thrown.
 */
export function createGuardedHttpClient(options: GuardedHttpOptions = {}): HttpClient {
  const settings: Settings = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
    userAgent: options.userAgent ?? DEFAULTS.userAgent,
    allowed: allowHostSet(options.allowHosts),
  };
  return {
    async request(url, init = {}) {
      const timeoutMs = init.timeoutMs ?? settings.timeoutMs;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
      try {
        return await follow(url, init, settings, controller.signal);
      } catch (error) {
        throw asHttpError(error, controller.signal.aborted, url, timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
