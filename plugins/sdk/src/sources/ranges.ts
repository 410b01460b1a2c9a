// Reads the free-text company size and revenue of ICP criteria ("51-200", "1000+", "$10M-$50M")
// into numeric ranges a provider filter takes. (Kept identical in the source plugins.)

/** An inclusive range; a null bound is open. */
export interface NumericRange {
  min: number | null;
  max: number | null;
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9,
};
const NUMBER = /(\d+(?:\.\d+)?)\s*(thousand|million|billion|mm|bn|k|m|b)?\b/gi;

function numbersIn(text: string): number[] {
  // "1,000" is one thousand; "$10M" is ten million.
  const cleaned = text.replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/\$/g, '');
  return [...cleaned.matchAll(NUMBER)].map(([, digits, unit]) => Number(digits) * (unit ? MULTIPLIERS[unit.toLowerCase()] ?? 1 : 1));
}

/** Reads "51-200", "51 to 200 employees", "1000+", "over 500", "under 50", "$10M-$50M"; null when no number is found. */
export function parseRange(text: string): NumericRange | null {
  const numbers = numbersIn(text);
  const [first, second] = numbers;
  if (first === undefined) return null;
  if (second !== undefined) return { min: Math.min(first, second), max: Math.max(first, second) };
  if (/\+|over|more than|above|>/i.test(text)) return { min: first, max: null };
  if (/under|less than|below|up to|</i.test(text)) return { min: null, max: first };
  return { min: first, max: first };
}

/** True when two ranges share at least one value. */
export function rangesOverlap(a: NumericRange, b: NumericRange): boolean {
  return (a.max === null || b.min === null || b.min <= a.max) && (b.max === null || a.min === null || a.min <= b.max);
}
