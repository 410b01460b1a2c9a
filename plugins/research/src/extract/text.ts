import type { PageKind, ParsedPage, TextBlock } from '../page.ts';

/** One sentence of visible text and where it stands. */
export interface Sentence {
  text: string;
  url: string;
  pageKind: PageKind;
  heading: string;
  /** From navigation or footer rather than the page's content. */
  boilerplate: boolean;
}

// A sentence ends at . ! or ? (and any closing quote or bracket after it) followed by space and what
// looks like the start of the next one: '"…got pulled over." "Defect sheets…"' is two.
const SENTENCE_BREAK = /(?<=[.!?][”"’)]?)\s+(?=["“(]?[A-Z0-9])/;

function sentencesOf(block: TextBlock, page: ParsedPage, boilerplate: boolean): Sentence[] {
  return block.text
    .split(SENTENCE_BREAK)
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => ({ text, url: page.url, pageKind: page.kind, heading: block.heading, boilerplate }));
}

/** Every sentence of every page's content (and of its navigation and footer when asked). */
export function sentencesIn(pages: readonly ParsedPage[], withBoilerplate = false): Sentence[] {
  return pages.flatMap((page) => [
    ...page.blocks.flatMap((block) => sentencesOf(block, page, false)),
    ...(withBoilerplate ? page.boilerplate.flatMap((block) => sentencesOf(block, page, true)) : []),
  ]);
}

/** Splits a paragraph into sentences. */
export function splitSentences(text: string): string[] {
  return text
    .split(SENTENCE_BREAK)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** A whole-word, case-insensitive pattern for a keyword, plurals included ("invoice" → "invoices"). */
export function wordPattern(keyword: string): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+');
  return new RegExp(`\\b${escaped}(?:s|es)?\\b`, 'i');
}

/** Trims a captured phrase: no trailing punctuation or dangling connectives, at most `maxWords`. */
export function tidyPhrase(phrase: string, maxWords = 8): string {
  const words = phrase
    .replace(/[\s,;:.!?—–-]+$/u, '')
    .trim()
    .split(/\s+/)
    .slice(0, maxWords);
  while (words.length > 1 && /^(and|or|to|of|the|a|an|with|for|by|in|on|at|your|their|our)$/i.test(words.at(-1) ?? '')) words.pop();
  return words.join(' ');
}
