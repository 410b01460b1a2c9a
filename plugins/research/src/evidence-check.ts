// For tests: whether a fact's evidence snippet really stands on the page it cites, as text,
// as HTML source, or as one of the response headers, cookies or meta tags the site serves.
import type { Fact } from '@meetflow/plugin-sdk';
import { load } from 'cheerio';
import { normalizeSpace } from './evidence.ts';
import type { FixtureSite } from './fixture-site.ts';

function servedLines(site: FixtureSite, body: string): string[] {
  const $ = load(body);
  const lines = Object.entries(site.headers).map(([name, value]) => `header ${name}: ${value}`);
  for (const line of (site.headers['set-cookie'] ?? '').split('\n')) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    lines.push(`cookie ${name.trim().toLowerCase()}: ${value.trim()}`);
  }
  $('meta').each((_index, element) => {
    const key = $(element).attr('name') ?? $(element).attr('property');
    if (key) lines.push(`meta ${key.toLowerCase()}: ${$(element).attr('content') ?? ''}`);
  });
  return lines.map(normalizeSpace);
}

/** True when the fact's snippet is on the page its evidence URL names. */
export function evidenceStandsOnPage(fact: Fact, site: FixtureSite): boolean {
  const body = site.bodyAt(new URL(fact.evidence.url).pathname);
  if (body === undefined) return false;
  const $ = load(body);
  $('br').replaceWith(' ');
  const text = normalizeSpace($.root().text());
  // The same text with a space after every element, for snippets that join list items.
  $('*').after(' ');
  const spaced = normalizeSpace($.root().text());
  const snippet = normalizeSpace(fact.evidence.snippet);
  return (
    text.includes(snippet) ||
    spaced.includes(snippet) ||
    normalizeSpace(body).includes(snippet) ||
    normalizeSpace($.html()).includes(snippet) ||
    servedLines(site, body).includes(snippet)
  );
}
