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

/**
 * Every family's keywords, indexed once: each keyword's pattern, the families listing it (with its
 * place in each), and the keywords by their first word, lower-cased. A keyword's pattern matches
 * only at a whole word (`\b…\b`), so it can match a sentence only if the sentence holds its first
 * word as a word of its own (a one-word keyword: that word, or it with -s or -es). A sentence then
 * tests the few keywords its words reach, not all 500.
 */
interface KeywordIndex {
  patterns: Map<string, RegExp>;
  places: Map<string, Array<{ family: number; place: number }>>;
  byFirstWord: Map<string, string[]>;
  /** Keywords that do not start with a word character: tested against every sentence. */
  always: string[];
}

const WORD = /[A-Za-z0-9_]+/g; // what `\b` reads as a word's characters
let keywordIndex: KeywordIndex | undefined;

function indexKeywords(): KeywordIndex {
  if (keywordIndex) return keywordIndex;
  const index: KeywordIndex = { patterns: new Map(), places: new Map(), byFirstWord: new Map(), always: [] };
  INDUSTRY_FAMILIES.forEach((family, familyPlace) =>
    family.keywords.forEach((keyword, place) => {
      const places = index.places.get(keyword);
      if (places) return void places.push({ family: familyPlace, place });
      index.places.set(keyword, [{ family: familyPlace, place }]);
      index.patterns.set(keyword, wordPattern(keyword));
      const first = /^[A-Za-z0-9_]+/.exec(keyword)?.[0].toLowerCase();
      if (!first) index.always.push(keyword);
      else index.byFirstWord.set(first, [...(index.byFirstWord.get(first) ?? []), keyword]);
    }),
  );
  return (keywordIndex = index);
}

/** The keywords whose patterns match the text. */
function keywordsIn(text: string, index: KeywordIndex): Set<string> {
  const found = new Set<string>();
  const test = (keyword: string) => {
    if (!found.has(keyword) && index.patterns.get(keyword)!.test(text)) found.add(keyword);
  };
  for (const [word] of text.matchAll(WORD)) {
    const lower = word.toLowerCase();
    for (const keyword of index.byFirstWord.get(lower) ?? []) test(keyword);
    if (lower.endsWith('s')) for (const keyword of index.byFirstWord.get(lower.slice(0, -1)) ?? []) test(keyword);
    if (lower.endsWith('es')) for (const keyword of index.byFirstWord.get(lower.slice(0, -2)) ?? []) test(keyword);
  }
  for (const keyword of index.always) test(keyword);
  return found;
}

/**
 * Each family's score over the sentences, in INDUSTRY_FAMILIES' order: per sentence, the family's
 * keywords it mentions, in the family's order (its hits).
 */
function scoreFamilies(sentences: readonly Sentence[]): FamilyScore[] {
  const index = indexKeywords();
  const scores = INDUSTRY_FAMILIES.map((family) => ({
    family,
    perKeyword: new Map<string, number>(),
    best: undefined as Sentence | undefined,
    bestCount: 0,
  }));
  for (const sentence of sentences) {
    const hits = new Map<number, Array<{ place: number; keyword: string }>>();
    for (const keyword of keywordsIn(sentence.text, index))
      for (const { family, place } of index.places.get(keyword)!) hits.set(family, [...(hits.get(family) ?? []), { place, keyword }]);
    for (const [family, familyHits] of hits) {
      const score = scores[family]!;
      familyHits.sort((a, b) => a.place - b.place);
      for (const { keyword } of familyHits) score.perKeyword.set(keyword, Math.min(3, (score.perKeyword.get(keyword) ?? 0) + 1));
      if (familyHits.length > score.bestCount) {
        score.best = sentence;
        score.bestCount = familyHits.length;
      }
    }
  }
  return scores.map(({ family, perKeyword, best }) => ({
    family,
    score: [...perKeyword.values()].reduce((sum, count) => sum + count, 0),
    matched: [...perKeyword.keys()],
    best,
  }));
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
  const ranked = scoreFamilies(sentences).sort((a, b) => b.score - a.score);
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
