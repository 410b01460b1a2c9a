// For tests: a parsed page from literal HTML, as if fetched from `url`.
import type { PageKind, ParsedPage } from './page.ts';
import { parsePage } from './page.ts';

/** Parses `html` as the page at `url` (default https://acme.example/), with optional response headers. */
export function pageFrom(html: string, options: { url?: string; kind?: PageKind; headers?: Record<string, string> } = {}): ParsedPage {
  const url = options.url ?? 'https://acme.example/';
  return parsePage(
    { url, status: 200, headers: options.headers ?? {}, contentType: 'text/html', body: html, redirects: [] },
    options.kind ?? 'home',
  );
}
