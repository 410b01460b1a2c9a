import type { CheerioAPI } from 'cheerio';

/** What a fingerprint is checked against: one fetched page, without running it. */
export interface PageSignals {
  url: string;
  /** The raw HTML as served. */
  html: string;
  /** The same, lower-cased, for quick "could this match at all" checks. */
  lowerHtml: string;
  /** `src` of every external script. */
  scriptSrc: string[];
  /** Contents of every inline script. */
  scripts: string[];
  /** meta name/property (lower-cased) → content values. */
  meta: Map<string, string[]>;
  /** Response headers, lower-cased names. */
  headers: Record<string, string>;
  /** Cookies the response sets: lower-cased name → value. */
  cookies: Map<string, string>;
  /** The parsed document, for CSS-selector fingerprints. */
  $: CheerioAPI;
}

/** Parses a Set-Cookie header (several cookies joined by newlines) into name → value. */
export function cookiesFrom(setCookie: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of (setCookie ?? '').split('\n')) {
    const pair = line.split(';')[0] ?? '';
    const equals = pair.indexOf('=');
    if (equals > 0) cookies.set(pair.slice(0, equals).trim().toLowerCase(), pair.slice(equals + 1).trim());
  }
  return cookies;
}
