// Reading annual revenue out of the ways ICPs, providers and websites write it: "$10M-$50M",
// "$1B+", "<$1M", "$12M ARR", "10-50M", "$2.5 billion".

/** A revenue range in dollars; `max` is Infinity for open ranges ("$1B+"), `min` 0 for "under $1M". */
export interface RevenueRange {
  min: number;
  max: number;
}

const UNITS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
// The look-ahead keeps "12 months" from reading as 12 million.
const AMOUNT = /(\d+(?:\.\d+)?)\s*(thousand|million|billion|mm|bn|k|m|b)?(?![a-z])/g;

/**
 * Parses a revenue range or amount; null when the text holds no number. A unit after the last
 * number applies to bare numbers before it ("$10-50M"); with no unit at all, numbers under
 * 100,000 are millions, the way revenue criteria are usually typed ("10-50"), and larger ones
 * dollars ("$1,500,000").
 */
export function parseRevenueRange(text: string): RevenueRange | null {
  const clean = text.toLowerCase().replace(/(\d),(?=\d{3}\b)/g, '$1').replaceAll('–', '-').replaceAll('—', '-');
  const amounts = [...clean.matchAll(AMOUNT)].map((match) => ({ value: Number(match[1]), unit: match[2] ? UNITS[match[2]] ?? null : null }));
  if (amounts.length === 0) return null;
  const lastUnit = amounts.findLast((amount) => amount.unit !== null)?.unit ?? null;
  const values = amounts.map((amount) => amount.value * (amount.unit ?? lastUnit ?? (amount.value < 100_000 ? 1e6 : 1)));
  const [first, second] = values as [number, number | undefined];
  if (second !== undefined) return { min: Math.min(first, second), max: Math.max(first, second) };
  if (/\+|over|more than|above|at least|>/.test(clean)) return { min: first, max: Infinity };
  if (/under|less than|below|up to|</.test(clean)) return { min: 0, max: first };
  return { min: first, max: first };
}

/** One representative revenue for a range: the geometric middle, the floor of an open range, half the cap of "under X". */
export function representativeRevenue(range: RevenueRange): number {
  if (!Number.isFinite(range.max)) return range.min;
  if (range.min <= 0) return range.max / 2;
  return Math.sqrt(range.min * range.max);
}

/** "$10M", "$1.5B", "$500K" for reasons. */
export function formatMoney(dollars: number): string {
  const [divisor, suffix] = dollars >= 1e9 ? [1e9, 'B'] : dollars >= 1e6 ? [1e6, 'M'] : dollars >= 1e3 ? [1e3, 'K'] : [1, ''];
  return `$${Number((dollars / divisor).toFixed(1)).toLocaleString('en-US')}${suffix}`;
}

/** "$10M-$50M", "$1B+", "under $1M" or "$12M" for reasons. */
export function formatRevenueRange(range: RevenueRange): string {
  if (!Number.isFinite(range.max)) return `${formatMoney(range.min)}+`;
  if (range.min <= 0) return `under ${formatMoney(range.max)}`;
  return range.min === range.max ? formatMoney(range.min) : `${formatMoney(range.min)}-${formatMoney(range.max)}`;
}
