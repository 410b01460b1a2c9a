// Reading employee counts out of the ways people write them: "50-200", "200+", "1k-5k", "under 50".

/** An employee range; `max` is Infinity for open ranges ("200+"). */
export interface SizeRange {
  min: number;
  max: number;
}

// Segment words sometimes typed instead of numbers (the spec's pricing tiers use 10-50, 50-200, 200+).
const SEGMENTS: Record<string, SizeRange> = {
  startup: { min: 1, max: 50 }, smb: { min: 1, max: 200 }, 'small business': { min: 1, max: 200 },
  'mid market': { min: 200, max: 1000 }, midmarket: { min: 200, max: 1000 }, enterprise: { min: 1000, max: Infinity },
};

// "5k" is 5,000; the look-ahead keeps "200 members" from reading as 200 thousand.
const NUMBER = String.raw`(\d+(?:\.\d+)?)(?:\s*(k)(?![a-z]))?`;

function toCount(digits: string | undefined, thousands: string | undefined): number {
  return Number(digits) * (thousands ? 1_000 : 1);
}

/** Parses an employee range or count; null when the text holds none. */
export function parseSizeRange(text: string): SizeRange | null {
  const clean = text.toLowerCase().replace(/(\d),(\d{3})/g, '$1$2').replaceAll('–', '-').replaceAll('—', '-');
  const between = clean.match(new RegExp(`${NUMBER}\\s*(?:-|to)\\s*${NUMBER}`));
  if (between) {
    const [min, max] = [toCount(between[1], between[2]), toCount(between[3], between[4])];
    return { min: Math.min(min, max), max: Math.max(min, max) };
  }
  const atLeast = clean.match(new RegExp(`${NUMBER}\\s*\\+`)) ?? clean.match(new RegExp(`(?:over|more than|at least|above)\\s*${NUMBER}`));
  if (atLeast) return { min: toCount(atLeast[1], atLeast[2]), max: Infinity };
  const atMost = clean.match(new RegExp(`(?:under|less than|fewer than|up to|below|<)\\s*${NUMBER}`));
  if (atMost) return { min: 1, max: toCount(atMost[1], atMost[2]) };
  const single = clean.match(new RegExp(`\\b${NUMBER}`));
  if (single) {
    const count = toCount(single[1], single[2]);
    return { min: count, max: count };
  }
  const segment = Object.keys(SEGMENTS).find((word) => clean.replaceAll('-', ' ').includes(word));
  return segment ? (SEGMENTS[segment] ?? null) : null;
}

/** One representative count for a range: the geometric middle, or the lower bound of an open range. */
export function representativeCount(range: SizeRange): number {
  if (!Number.isFinite(range.max)) return range.min;
  return Math.round(Math.sqrt(Math.max(range.min, 1) * range.max));
}

/** "50-200", "200+" or "180" for reasons. */
export function formatRange(range: SizeRange): string {
  const format = (count: number) => count.toLocaleString('en-US');
  if (!Number.isFinite(range.max)) return `${format(range.min)}+`;
  return range.min === range.max ? format(range.min) : `${format(range.min)}-${format(range.max)}`;
}
