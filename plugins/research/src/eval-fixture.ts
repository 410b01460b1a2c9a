// For tests: pages of the ICP eval's fixture sites (fixtures/icp-eval/<site>/), parsed as if
// read from https://<site>.example/, with the site's response headers, and the site's labels.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PageKind, ParsedPage } from './page.ts';
import { pageFrom } from './test-page.ts';

const EVAL_SITES = resolve(import.meta.dirname, '..', 'fixtures', 'icp-eval');

/** What labels.json says of a site (the fields these tests read). */
export interface EvalSiteLabel {
  businessTech: string[];
  infrastructure: string[];
  titles: string[];
}

/** One file of a fixture site as a parsed page of the given kind. */
export function evalPage(site: string, file: string, kind: PageKind): ParsedPage {
  const headersFile = join(EVAL_SITES, site, '_headers.json');
  const headers = existsSync(headersFile) ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>) : {};
  return pageFrom(readFileSync(join(EVAL_SITES, site, file), 'utf8'), { url: `https://${site}.example/${file}`, kind, headers });
}

/** A fixture site's labels. */
export function evalLabel(site: string): EvalSiteLabel {
  return (JSON.parse(readFileSync(join(EVAL_SITES, 'labels.json'), 'utf8')) as Record<string, EvalSiteLabel>)[site]!;
}
