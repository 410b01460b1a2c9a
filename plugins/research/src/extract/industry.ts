import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { INDUSTRY_FAMILIES, type IndustryFamily } from './industries.ts';
import { sentencesIn, splitSentences, wordPattern, type Sentence } from './text.ts';

/** The industry label, or null when the words on the site do not point to one clearly. */
export interface IndustryResult {
  industry: string | null;
  drafts: FactDraft[];
}

interface FamilyScore {
  family: IndustryFamily;
  /** Sentences mentioning each keyword, at most three per keyword so one word cannot decide. */
  score: number;
  matched: string[];
  best?: Sentence;
}

const MIN_DISTINCT_WORDS = 2;
const MIN_SCORE = 3;

function scoreFamily(family: IndustryFamily, sentences: readonly Sentence[]): FamilyScore {
  const patterns = family.keywords.map((keyword) => ({ keyword, pattern: wordPattern(keyword) }));
  const perKeyword = new Map<string, number>();
  let best: Sentence | undefined;
  let bestCount = 0;
  for (const sentence of sentences) {
    const hits = patterns.filter(({ pattern }) => pattern.test(sentence.text));
    for (const { keyword } of hits) perKeyword.set(keyword, Math.min(3, (perKeyword.get(keyword) ?? 0) + 1));
    if (hits.length > bestCount) {
      best = sentence;
      bestCount = hits.length;
    }
  }
  const score = [...perKeyword.values()].reduce((sum, count) => sum + count, 0);
  return { family, score, matched: [...perKeyword.keys()], best };
}

// The home page's meta description is the company describing itself in a line: its words count
// with the content's (a thin site may say what it does nowhere else).
function descriptionSentences(pages: readonly ParsedPage[]): Sentence[] {
  const home = pages.find((page) => page.kind === 'home');
  const description = home?.meta.get('description')?.[0] ?? home?.meta.get('og:description')?.[0] ?? '';
  if (!home || !description) return [];
  return splitSentences(description).map((text) => ({ text, url: home.url, pageKind: home.kind, heading: '', boilerplate: false }));
}

/**
 * Names the industry whose keyword family the site's content uses most (at least two distinct
 * words, three mentions). Confidence grows with the distinct words matched and drops when the
 * runner-up family is close behind.
 */
export function extractIndustry(pages: readonly ParsedPage[]): IndustryResult {
  // The content first: its sentences are the evidence, and give the matched words their order.
  const sentences = [...sentencesIn(pages), ...descriptionSentences(pages)];
  const ranked = INDUSTRY_FAMILIES.map((family) => scoreFamily(family, sentences)).sort((a, b) => b.score - a.score);
  const [winner, runnerUp] = ranked;
  if (!winner?.best || winner.matched.length < MIN_DISTINCT_WORDS || winner.score < MIN_SCORE) return { industry: null, drafts: [] };
  const contested = runnerUp !== undefined && runnerUp.score >= winner.score * 0.8;
  const confidence = Math.min(0.9, 0.45 + 0.08 * winner.matched.length) - (contested ? 0.15 : 0);
  return {
    industry: winner.family.label,
    drafts: [
      {
        kind: 'industry',
        single: true,
        value: `${winner.family.label} (matched: ${winner.matched.slice(0, 6).join(', ')})`,
        url: winner.best.url,
        snippet: winner.best.text,
        confidence,
      },
    ],
  };
}
