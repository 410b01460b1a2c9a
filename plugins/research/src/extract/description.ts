import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { splitSentences } from './text.ts';

/** The company description: 1–3 sentences in the site's own words. */
export interface DescriptionResult {
  companyInfo: string;
  drafts: FactDraft[];
}

interface Candidate {
  text: string;
  url: string;
  confidence: number;
}

// A meta description this short is a label ("Home"), not a description.
const MIN_META_LENGTH = 40;
const isSubstantive = (text: string) => text.length >= 60 && text.split(' ').length >= 8;

function metaCandidates(page: ParsedPage): Candidate[] {
  const meta = (name: string) => page.meta.get(name)?.[0]?.trim() ?? '';
  // The site's own summary for search engines is the most deliberate description it has.
  return [
    { text: meta('description'), url: page.url, confidence: 0.9 },
    { text: meta('og:description'), url: page.url, confidence: 0.85 },
    { text: meta('twitter:description'), url: page.url, confidence: 0.8 },
  ].filter((candidate) => candidate.text.length >= MIN_META_LENGTH);
}

function paragraphCandidate(page: ParsedPage | undefined, confidence: number): Candidate[] {
  const paragraph = page?.blocks.find((block) => block.tag === 'p' && isSubstantive(block.text));
  return page && paragraph ? [{ text: paragraph.text, url: page.url, confidence }] : [];
}

/** The first 1–3 sentences of a text, stopping once there is enough to read (about 250 characters). */
export function leadSentences(text: string): string {
  const chosen: string[] = [];
  for (const sentence of splitSentences(text)) {
    if (chosen.length === 3 || (chosen.length > 0 && chosen.join(' ').length + sentence.length > 300)) break;
    chosen.push(sentence);
  }
  return chosen.join(' ');
}

/**
 * The description from, in order of preference: the home page's meta description, its
 * og:/twitter: description, its first substantive paragraph, the about page's first one.
 * The home page's main heading is kept as the company's headline (a product fact).
 */
export function extractDescription(home: ParsedPage, about: ParsedPage | undefined): DescriptionResult {
  const candidates = [...metaCandidates(home), ...paragraphCandidate(home, 0.7), ...paragraphCandidate(about, 0.65)];
  const chosen = candidates[0];
  const drafts: FactDraft[] = [];
  const companyInfo = chosen ? leadSentences(chosen.text) : '';
  if (chosen)
    drafts.push({
      kind: 'description',
      single: true,
      value: companyInfo,
      url: chosen.url,
      snippet: chosen.text,
      confidence: chosen.confidence,
    });
  const headline = home.blocks.find((block) => block.tag === 'h1');
  if (headline && headline.text.split(' ').length >= 3) {
    drafts.push({
      kind: 'product',
      key: 'headline',
      value: `Headline: ${headline.text}`,
      url: home.url,
      snippet: headline.text,
      confidence: 0.6,
    });
  }
  return { companyInfo, drafts };
}
