// Text helpers shared by the dimensions: comparisons happen on lowercase words, never raw strings.

// Word comparison is the title taxonomy's (the SDK's, shared with the ICP builder).
import { normaliseText, phraseFinder } from '@meetflow/plugin-sdk/contracts/title-taxonomy';

export { normaliseText, phraseFinder };

// Words that say nothing about a pain or a product on their own.
const STOPWORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'our',
  'their',
  'that',
  'this',
  'from',
  'into',
  'too',
  'much',
  'many',
  'lack',
  'poor',
  'low',
  'high',
  'slow',
  'hard',
  'need',
  'needs',
  'lots',
  'more',
  'less',
  'team',
  'teams',
]);

/** Words of 3+ letters that carry meaning, with a trailing plural "s" dropped so "leads" meets "lead". */
export function significantWords(text: string): Set<string> {
  const words = normaliseText(text)
    .split(' ')
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word))
    .map((word) => (word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
  return new Set(words);
}

/** Formats an employee count for reasons: 1200 → "1,200". */
export function formatCount(count: number): string {
  return Number.isFinite(count) ? Math.round(count).toLocaleString('en-US') : 'unbounded';
}

/**
 * Where a company's figure stands against the ICP's range, for reasons: "inside the ICP's
 * 50-200", "3.2× below the ICP's 50-200", "2.0× above the ICP's $10M-$50M" (`shown` is the range as written).
 */
export function placeInRange(value: number, range: { min: number; max: number }, inside: boolean, shown: string): string {
  if (inside) return `inside the ICP's ${shown}`;
  return value < range.min
    ? `${(range.min / Math.max(value, 1)).toFixed(1)}× below the ICP's ${shown}`
    : `${(value / Math.max(range.max, 1)).toFixed(1)}× above the ICP's ${shown}`;
}
