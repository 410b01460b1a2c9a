import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn, tidyPhrase } from './text.ts';

const MAX_VALUE_CLAIMS = 4;
const QUANTITY = /\b\d+(?:\.\d+)?\s?(?:%|x\b|×|percent\b)|\b\d+\s+(?:hours|days|weeks|minutes)\b/i;
const OUTCOME =
  /\b(?:cut|cuts|reduce[sd]?|save[sd]?|saving|increase[sd]?|boost(?:s|ed)?|faster|fewer|less|more|improve[sd]?|grow|grew|lower(?:s|ed)?|shorten(?:s|ed)?|double[sd]?|halve[sd]?)\b/i;

/**
 * Quantified value claims ("cut invoice processing costs by 70%"): the clause of a sentence
 * that has both an outcome verb and a number.
 */
export function extractValueClaims(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  // Careers pages praise the workplace and pricing pages quote discounts: neither is customer value.
  for (const sentence of sentencesIn(pages.filter((page) => page.kind !== 'careers' && page.kind !== 'pricing'))) {
    if (drafts.length >= MAX_VALUE_CLAIMS) break;
    const clause = sentence.text.split(/[;—–]|,\s+(?=and\b|but\b|while\b)/).find((part) => QUANTITY.test(part) && OUTCOME.test(part));
    if (!clause) continue;
    drafts.push({ kind: 'value', value: tidyPhrase(clause, 16), url: sentence.url, snippet: sentence.text, confidence: 0.7 });
  }
  return drafts;
}
