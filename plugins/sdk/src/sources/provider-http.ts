// The provider call every API source plugin makes: spaced to the provider's documented rate,
// answers mapped to the source error vocabulary. Every wait goes through the plugin's clock, so a
// test clock sees each one (and no test waits for real).
import { setTimeout as realSleep } from 'node:timers/promises';
import { ApplicationFailure } from '@temporalio/common';
import type { Clock, HttpClient, HttpRequest, HttpResponse } from '../deps.ts';
import { retryAfterSeconds } from '../http/retry-after.ts';

/** How one provider is called. */
export interface ProviderSettings {
  /** The provider's name as errors show it, e.g. "Apollo". */
  provider: string;
  requestsPerMinute: number;
  /** Longest wait on a 429 before the retryable failure is thrown (seconds). */
  maxRetryAfterSeconds: number;
}

/** A provider call: JSON in, parsed JSON out, or a failure of the source vocabulary. */
export type ProviderCall = (url: string, init: HttpRequest, signal?: AbortSignal) => Promise<unknown>;

// A 429 without Retry-After (Crunchbase sends none) waits for the provider's one-minute window.
const DEFAULT_RETRY_AFTER_SECONDS = 60;
// Guarded-client failures that are configuration mistakes, not transient faults.
const PERMANENT_HTTP_CODES = new Set(['BLOCKED_ADDRESS', 'INVALID_URL', 'UNSUPPORTED_CONTENT']);

/** Milliseconds between two requests to a provider: 60 000 / requestsPerMinute, rounded up. */
export function requestInterval(requestsPerMinute: number): number {
  return Math.ceil(60_000 / requestsPerMinute);
}

/** Waits on the clock: its own sleep (a test clock's), else really. */
export const sleepOn =
  (clock: Clock) =>
  (ms: number, signal?: AbortSignal): Promise<void> =>
    clock.sleep ? clock.sleep(ms, signal) : realSleep(ms, undefined, { signal });

/**
 * Runs calls one at a time, each starting at least `interval` ms after the one before (by the
 * clock): evenly spaced, so no minute ever holds more than the provider allows and there are no bursts.
 */
export function spaced(interval: number, clock: Clock) {
  const sleep = sleepOn(clock);
  let next = -Infinity;
  let turn: Promise<unknown> = Promise.resolve();
  return <T>(call: () => Promise<T>): Promise<T> => {
    const mine = turn.then(async () => {
      const wait = next - clock.now().getTime();
      if (wait > 0) await sleep(wait);
      next = clock.now().getTime() + interval;
      return call();
    });
    turn = mine.catch(() => undefined);
    return mine;
  };
}

export { retryAfterSeconds };

/** The provider's own error text from an error body (JSON `message`/`error` or the start of the text). */
export function providerMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    if (first && typeof first === 'object') {
      const record = first as Record<string, unknown>;
      for (const key of ['message', 'error_message', 'error']) {
        if (typeof record[key] === 'string' && record[key]) return record[key];
      }
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, 200);
}

async function rateLimited(response: HttpResponse, settings: ProviderSettings, clock: Clock, signal?: AbortSignal): Promise<never> {
  const asked = retryAfterSeconds(response.headers['retry-after'], clock.now()) ?? DEFAULT_RETRY_AFTER_SECONDS;
  const waited = Math.min(asked, settings.maxRetryAfterSeconds);
  if (waited > 0) await sleepOn(clock)(waited * 1000, signal);
  const remaining = asked - waited;
  throw ApplicationFailure.create({
    type: 'SourceRateLimited',
    nonRetryable: false,
    message: `${settings.provider} rate limit reached (HTTP 429, Retry-After ${asked}s); waited ${waited}s, will retry`,
    ...(remaining > 0 ? { nextRetryDelay: remaining * 1000 } : {}),
  });
}

function failureFor(response: HttpResponse, provider: string): Error {
  const detail = providerMessage(response.body);
  if (response.status === 401 || response.status === 403) {
    return ApplicationFailure.create({
      type: 'SourceAuthFailed',
      nonRetryable: true,
      message: `${provider} refused the credentials (HTTP ${response.status}): ${detail || 'no detail'}. Check the API key in the plugin settings.`,
    });
  }
  if (response.status >= 500) {
    return ApplicationFailure.create({
      type: 'SourceUnavailable',
      nonRetryable: false,
      message: `${provider} is unavailable (HTTP ${response.status}); will retry`,
    });
  }
  return ApplicationFailure.create({
    type: 'SourceRequestRejected',
    nonRetryable: true,
    message: `${provider} rejected the search (HTTP ${response.status}): ${detail || 'no detail'}`,
  });
}

/** Builds the spaced, error-mapped call to one provider over the guarded HTTP client. */
export function providerCall(http: HttpClient, clock: Clock, settings: ProviderSettings): ProviderCall {
  const inTurn = spaced(requestInterval(settings.requestsPerMinute), clock);
  const send = (url: string, init: HttpRequest) => inTurn(() => http.request(url, init));
  return async (url, init, signal) => {
    let response: HttpResponse;
    try {
      response = await send(url, { accept: 'json', ...init });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && PERMANENT_HTTP_CODES.has(code)) {
        throw ApplicationFailure.create({
          type: 'SourceRequestRejected',
          nonRetryable: true,
          message: `${settings.provider} cannot be called at ${url}: ${(error as Error).message}`,
        });
      }
      throw error; // timeouts and network faults: Temporal retries
    }
    if (response.status === 429) return rateLimited(response, settings, clock, signal);
    if (response.status < 200 || response.status >= 300) throw failureFor(response, settings.provider);
    try {
      return JSON.parse(response.body) as unknown;
    } catch {
      throw new Error(`${settings.provider} answered HTTP ${response.status} with a body that is not JSON; will retry`);
    }
  };
}
