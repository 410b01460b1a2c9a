// Requests to a provider's API for one connected account: the access token added, refreshed when
// it is due or refused (401, once), and a 429 or 503 waited out as its Retry-After says.
import { retryAfterSeconds } from '../http/retry-after.ts';
import { needsRefresh, refreshTokens, type OAuthClientConfig, type OAuthDeps, type OAuthTokens } from './index.ts';

/** What an account's fetch is given. */
export interface OAuthFetchOptions {
  config: OAuthClientConfig;
  tokens: OAuthTokens;
  /** The clock (expiry, a Retry-After date). */
  now: () => Date;
  /** Waits before a retry (the plugin's clock.sleep, so a test waits no real time). */
  sleep: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** Per request (API and token endpoint); default 20 s. */
  timeoutMs?: number;
  /** Retries of a 429 or 503 (default 2): then the last answer is the caller's. */
  maxRetries?: number;
  /** The longest Retry-After waited (default 60 s); a longer one is answered at once. Without Retry-After: 1 s, doubling. */
  maxWaitSeconds?: number;
  /** Seconds before expiry a token is refreshed (default 60). */
  skewSeconds?: number;
}

/** A fetch for one account, and the tokens it refreshed on the way (to store). */
export interface OAuthFetch {
  (url: string, init?: RequestInit): Promise<Response>;
  /** The tokens after a refresh made by this fetch, or undefined when none was needed. */
  refreshedTokens(): OAuthTokens | undefined;
  /** Every wait it made before a retry, in ms. */
  waits: number[];
}

/**
 * A fetch that acts for one OAuth account: it refreshes the tokens first when they are due, adds
 * `Authorization: Bearer`, refreshes once more and retries when the API answers 401 (a token
 * revoked or expired early), and retries a 429 or 503 after its Retry-After. It throws the
 * helper's OAuthRefused / OAuthUnavailable when a refresh fails, and a fetch's own error when the
 * API cannot be reached; any other answer is returned for the caller to read.
 */
export function oauthFetch(options: OAuthFetchOptions): OAuthFetch {
  const fetcher = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 2;
  const maxWait = options.maxWaitSeconds ?? 60;
  const deps: OAuthDeps = { now: options.now, ...(options.fetch ? { fetch: options.fetch } : {}), timeoutMs: options.timeoutMs ?? 20_000 };
  let tokens = options.tokens;
  let refreshed: OAuthTokens | undefined;
  const waits: number[] = [];

  const refresh = async () => {
    tokens = await refreshTokens(options.config, tokens, deps);
    refreshed = tokens;
  };

  const call = async (url: string, init: RequestInit = {}): Promise<Response> => {
    if (needsRefresh(tokens, options.now(), options.skewSeconds)) await refresh();
    let refreshedOn401 = false;
    for (let attempt = 0; ; attempt += 1) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${tokens.accessToken}`);
      const response = await fetcher(url, { ...init, headers, signal: AbortSignal.timeout(deps.timeoutMs!) });
      if (response.status === 401 && !refreshedOn401 && tokens.refreshToken) {
        await response.body?.cancel().catch(() => undefined);
        refreshedOn401 = true;
        await refresh();
        attempt -= 1;
        continue;
      }
      if ((response.status === 429 || response.status === 503) && attempt < maxRetries) {
        const asked = retryAfterSeconds(response.headers.get('retry-after'), options.now());
        const seconds = asked ?? 2 ** attempt;
        if (seconds <= maxWait) {
          await response.body?.cancel().catch(() => undefined);
          waits.push(seconds * 1000);
          await options.sleep(seconds * 1000);
          continue;
        }
      }
      return response;
    }
  };
  return Object.assign(call, { refreshedTokens: () => refreshed, waits });
}
