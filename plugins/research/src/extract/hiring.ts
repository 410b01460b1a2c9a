import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { clip, normalizeSpace } from '../evidence.ts';
import { sentencesIn } from './text.ts';

/** The hiring signal ("Hiring: 5 open roles"), or null, and every hiring fact. */
export interface HiringResult {
  hiring: string | null;
  drafts: FactDraft[];
}

const HIRING_WORDS = /\b(?:we(?:'|’)re hiring|we are hiring|now hiring|join our team|open positions|open roles|job openings)\b/i;
const STATED_COUNT = /\b(\d+)\s+open (?:roles|positions|jobs|vacancies|opportunities)\b/i;
// Hosted job boards: a link there from the careers page is a job posting.
const JOB_BOARDS =
  /(?:greenhouse\.io|lever\.co|ashbyhq\.com|workable\.com|bamboohr\.com|recruitee\.com|personio\.\w+|smartrecruiters\.com|teamtailor\.com)$/i;

/** Links to individual postings on a careers page: a board's domain, or a path below /careers, /jobs…. */
function jobLinks(page: ParsedPage): Array<{ url: string; text: string }> {
  const base = new URL(page.url);
  const seen = new Set<string>();
  return page.links.filter((link) => {
    const url = new URL(link.url);
    const posting =
      JOB_BOARDS.test(url.hostname) ||
      (url.host === base.host &&
        /^\/(?:careers|jobs|positions|openings|join-us)\/[^/]+/.test(url.pathname) &&
        url.pathname !== base.pathname);
    if (!posting || !link.text || seen.has(url.href)) return false;
    seen.add(url.href);
    return true;
  });
}

/** The list the postings sit in, as its items' text: the evidence for the count. */
function listingText(page: ParsedPage, firstPosting: string): string {
  const $ = page.signals.$;
  const anchor = $('a[href]')
    .filter((_index, element) => $(element).attr('href') === firstPosting)
    .first();
  const list = anchor.closest('ul,ol,table,section');
  const items = list
    .children()
    .toArray()
    .map((item) => normalizeSpace($(item).text()))
    .filter(Boolean);
  return clip(items.length > 0 ? items.join(' ') : normalizeSpace(anchor.text()));
}

/** Hiring statements ("we're hiring", "5 open roles") and postings listed on the careers page. */
export function extractHiring(pages: readonly ParsedPage[]): HiringResult {
  const drafts: FactDraft[] = [];
  let count: number | null = null;
  for (const page of pages.filter((candidate) => candidate.kind === 'careers')) {
    const postings = jobLinks(page);
    const first = postings[0];
    if (!first) continue;
    count = postings.length;
    const titles = postings
      .slice(0, 3)
      .map((posting) => posting.text)
      .join('; ');
    const href = page.links.find((link) => link.url === first.url)?.href ?? first.url;
    drafts.push({
      kind: 'hiring',
      key: 'openings',
      value: `${count} open roles listed (${titles}${postings.length > 3 ? '; …' : ''})`,
      url: page.url,
      snippet: listingText(page, href),
      confidence: 0.85,
    });
  }
  for (const sentence of sentencesIn(pages)) {
    const stated = STATED_COUNT.exec(sentence.text);
    if (stated) {
      count ??= Number(stated[1]);
      drafts.push({ kind: 'hiring', value: `${stated[1]} open roles`, url: sentence.url, snippet: sentence.text, confidence: 0.8 });
    } else if (HIRING_WORDS.test(sentence.text)) {
      drafts.push({ kind: 'hiring', value: 'Actively hiring', url: sentence.url, snippet: sentence.text, confidence: 0.7 });
    }
  }
  const hiring = count !== null ? `Hiring: ${count} open roles` : drafts.length > 0 ? 'Hiring' : null;
  return { hiring, drafts };
}
