import type { HttpClient } from '../deps.ts';
import { DEFAULT_USER_AGENT } from './client.ts';
import { isAllowedByRobots, parseRobots, type RobotsGroup } from './robots-rules.ts';

/** What one origin's robots.txt says: its groups, or everything allowed when there is none to read. */
type RobotsPolicy = RobotsGroup[] | 'allow-all';

interface FetchedPolicy {
  policy: RobotsPolicy;
  /** How long the answer may be reused. */
  keepMs: number;
}

interface CachedPolicy {
  fetchedAt: number;
  fetched: Promise<FetchedPolicy>;
}

// Like the big crawlers, a robots.txt read (or found missing) is trusted for a day; one that
// could not be read is asked for again after a few minutes. The cap keeps a long-running
// worker from remembering every origin it ever saw.
const KEEP_READ_MS = 24 * 60 * 60 * 1000;
const KEEP_UNREACHABLE_MS = 5 * 60 * 1000;
const MAX_ORIGINS = 500;
// RFC 9309 asks crawlers to read at least 500 KiB; anything longer is cut there.
const ROBOTS_MAX_BYTES = 512 * 1024;

const cachesByClient = new WeakMap<HttpClient, Map<string, CachedPolicy>>();

async function fetchPolicy(http: HttpClient, origin: string): Promise<FetchedPolicy> {
  try {
    const response = await http.request(`${origin}/robots.txt`, { accept: 'any', maxBytes: ROBOTS_MAX_BYTES });
    if (response.status >= 200 && response.status < 300) return { policy: parseRobots(response.body), keepMs: KEEP_READ_MS };
    // A missing robots.txt (4xx) allows everything.
    if (response.status < 500) return { policy: 'allow-all', keepMs: KEEP_READ_MS };
  } catch {
    // Unreachable: fall through.
  }
  // Unreachable or a server error (5xx): treated as no robots.txt, briefly. RFC 9309 would
  // assume a full disallow for 5xx; here the page request meets the same server trouble and
  // fails transiently (and is retried) rather than being refused for good.
  return { policy: 'allow-all', keepMs: KEEP_UNREACHABLE_MS };
}

async function policyFor(http: HttpClient, origin: string): Promise<RobotsPolicy> {
  let cache = cachesByClient.get(http);
  if (!cache) cachesByClient.set(http, (cache = new Map()));
  const cached = cache.get(origin);
  // Wall-clock time is right here: this is cache freshness, not business time.
  const now = Date.now();
  if (cached) {
    const { policy, keepMs } = await cached.fetched;
    if (now - cached.fetchedAt < keepMs) return policy;
  }
  cache.delete(origin);
  if (cache.size >= MAX_ORIGINS) cache.delete(cache.keys().next().value ?? '');
  const fetched = fetchPolicy(http, origin);
  cache.set(origin, { fetchedAt: now, fetched });
  return (await fetched).policy;
}

/**
 * Whether robots.txt lets `userAgent` fetch `url`. robots.txt is read once per origin per
 * client (kept for a day); a missing (4xx) robots.txt allows everything, and so does one that
 * is unreachable or answers 5xx (asked for again after five minutes). A URL that does not
 * parse is not allowed.
 */
export async function robotsAllows(http: HttpClient, url: string, userAgent: string = DEFAULT_USER_AGENT): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const policy = await policyFor(http, parsed.origin);
  if (policy === 'allow-all') return true;
  return isAllowedByRobots(policy, userAgent, parsed.pathname + parsed.search);
}
