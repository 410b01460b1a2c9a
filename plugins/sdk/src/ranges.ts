// Reading the sizes and revenues people and providers write ("51-200", "1,000+", "$10M-$50M",
// "under $5 million", "10-50") into numeric ranges: one reader, so a source's provider filter,
// the sample database and lead scoring all take the same text to mean the same range.

/** An inclusive range of counts; a null bound is open ("1000+", "under 50"). */
export interface NumericRange {
  min: number | null;
  max: number | null;
}

/** An annual revenue range in US dollars: `min` is 0 for "under $5M", `max` Infinity for "$1B+". */
export interface RevenueRange {
  min: number;
  max: number;
}

const UNITS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
// The look-ahead keeps "12 months" from reading as 12 million and "200 members" as 200 million.
const AMOUNT = /(\d+(?:\.\d+)?)\s*(thousand|million|billion|mm|bn|k|m|b)?(?![a-z])/g;
const AT_LEAST = /\+|\b(?:over|more than|above|at least)\b|>/;
const AT_MOST = /\b(?:under|less than|fewer than|below|up to)\b|</;
/** Below this, a revenue written with no unit at all is in millions ("10-50"); from it on, in dollars ("1,500,000"). */
const BARE_REVENUE_IN_DOLLARS_FROM = 100_000;

/**
 * The numbers in lowercase text, "1,000" as one thousand. A unit after the last number also
 * applies to bare numbers before it ("$10-50M", "1-5k"); `bare` scales numbers when the text has no unit.
 */
function amountsIn(text: string, bare: (value: number) => number): number[] {
  const found = [...text.replace(/(\d),(?=\d{3}\b)/g, '$1').matchAll(AMOUNT)].map(([, digits, unit]) => ({
    value: Number(digits),
    unit: unit ? UNITS[unit]! : null,
  }));
  const lastUnit = found.findLast((amount) => amount.unit !== null)?.unit ?? null;
  return found.map(({ value, unit }) => {
    const scale = unit ?? lastUnit;
    return scale === null ? bare(value) : value * scale;
  });
}

// Two numbers are a range; one is "at least" after "+"/"over", "at most" after "under"/"<", else exactly it.
function rangeOf(text: string, [first, second]: number[]): NumericRange | null {
  if (first === undefined) return null;
  if (second !== undefined) return { min: Math.min(first, second), max: Math.max(first, second) };
  if (AT_LEAST.test(text)) return { min: first, max: null };
  if (AT_MOST.test(text)) return { min: null, max: first };
  return { min: first, max: first };
}

/** Reads a count range: "51-200", "51 to 200 employees", "1,000+", "over 500", "under 50", "1-5k"; null when no number is found. */
export function parseRange(text: string): NumericRange | null {
  const lower = text.toLowerCase();
  return rangeOf(
    lower,
    amountsIn(lower, (value) => value),
  );
}

/**
 * Reads a revenue range in dollars ("$10M-$50M", "$1B+", "under $5 million", "$12M ARR", "10-50");
 * null when no number is found. Units: a number takes the unit written after it (k, M, MM, B, bn,
 * thousand, million, billion), a bare one the unit after the last number ("$10-50M" is $10M-$50M);
 * when the text has no unit at all, numbers under 100,000 are millions (an ICP typed "10-50") and
 * larger ones dollars ("$1,500,000").
 */
export function parseRevenueRange(text: string): RevenueRange | null {
  const lower = text.toLowerCase();
  const range = rangeOf(
    lower,
    amountsIn(lower, (value) => (value < BARE_REVENUE_IN_DOLLARS_FROM ? value * 1e6 : value)),
  );
  return range && { min: range.min ?? 0, max: range.max ?? Number.POSITIVE_INFINITY };
}

/** True when two ranges share at least one value. */
export function rangesOverlap(a: NumericRange, b: NumericRange): boolean {
  return (a.max === null || b.min === null || b.min <= a.max) && (b.max === null || a.min === null || a.min <= b.max);
}
