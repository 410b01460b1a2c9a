import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn, tidyPhrase, type Sentence } from './text.ts';

const MAX_PAIN_POINTS = 6;

interface PainRule {
  pattern: RegExp;
  confidence: number;
  /** The capture may be a list ("manual entry, lost approvals and late fees"): one pain per item. */
  list: boolean;
}

// Problem words, strongest first. Each rule captures the problem in the site's own words.
const PAIN_RULES: PainRule[] = [
  { pattern: /^(?:are you )?(?:still|sick of|fed up with)\s+([^?]+)\?$/i, confidence: 0.75, list: false },
  { pattern: /\btired of ([^.?!;]+)/i, confidence: 0.75, list: true },
  { pattern: /\bstruggl(?:e|es|ing) (?:with|to) ([^.?!;]+)/i, confidence: 0.75, list: true },
  { pattern: /\b(?:no more|say goodbye to|get rid of|eliminates?|stop) ([^.?!;]+)/i, confidence: 0.65, list: true },
  { pattern: /\bwast(?:e|es|ed|ing) ([^.?!;,]+)/i, confidence: 0.65, list: false },
  { pattern: /\bwithout ([^.?!;,]+)/i, confidence: 0.6, list: true },
  {
    pattern:
      /\b((?:manual|slow|costly|expensive|error-prone|time-consuming|tedious|painful|disconnected|siloed|outdated|clunky|late|lost|missed)\s+[a-z][\w-]*(?:\s+(?!and\b|or\b|to\b|by\b|with\b|for\b|in\b|is\b|are\b|was\b|that\b|which\b)[a-z][\w-]*){0,2})/i,
    confidence: 0.6,
    list: false,
  },
];

// Careers and security pages talk about the company's own culture and controls, not its buyers' problems.
const PAIN_PAGES = new Set(['home', 'about', 'customers', 'pricing', 'blog', 'other']);

function splitList(capture: string): string[] {
  const items = capture
    .split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/)
    .map((item) => tidyPhrase(item))
    .filter(Boolean);
  // A long item means this was prose rather than a list: keep it whole.
  return items.length > 1 && items.every((item) => item.split(' ').length <= 5) ? items : [tidyPhrase(capture)];
}

function painsIn(sentence: Sentence): Array<{ phrase: string; confidence: number }> {
  const found: Array<{ phrase: string; confidence: number }> = [];
  for (const rule of PAIN_RULES) {
    const match = rule.pattern.exec(sentence.text);
    if (!match?.[1]) continue;
    const phrases = rule.list ? splitList(match[1]) : [tidyPhrase(match[1])];
    for (const phrase of phrases)
      if (phrase.split(' ').length >= 2)
        found.push({ phrase: phrase.charAt(0).toLowerCase() + phrase.slice(1), confidence: rule.confidence });
  }
  return found;
}

/**
 * The problems the site says its customers have, from sentences with problem words ("tired
 * of", "struggle with", "manual", "without"…), as short phrases in the site's own words.
 */
export function extractPainPoints(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  const kept: string[] = [];
  for (const sentence of sentencesIn(pages.filter((page) => PAIN_PAGES.has(page.kind)))) {
    for (const { phrase, confidence } of painsIn(sentence)) {
      const lower = phrase.toLowerCase();
      // "manual data entry" and "data entry" are one pain point.
      if (kept.some((other) => other.includes(lower) || lower.includes(other)) || kept.length >= MAX_PAIN_POINTS) continue;
      kept.push(lower);
      drafts.push({ kind: 'pain-point', value: phrase, url: sentence.url, snippet: sentence.text, confidence });
    }
  }
  return drafts;
}
