// Reading employee counts out of the ways people write them: "50-200", "200+", "1k-5k", "under 50", "enterprise".
import { parseRange } from '@meetflow/plugin-sdk';

/** An employee range; `max` is Infinity for open ranges ("200+"). */
export interface SizeRange {
  min: number;
  max: number;
}

// Segment words sometimes typed instead of numbers (the spec's pricing tiers use 10-50, 50-200, 200+).
const SEGMENTS: Record<string, SizeRange> = {
  startup: { min: 1, max: 50 },
  smb: { min: 1, max: 200 },
  'small business': { min: 1, max: 200 },
  'mid market': { min: 200, max: 1000 },
  midmarket: { min: 200, max: 1000 },
  enterprise: { min: 1000, max: Infinity },
};

/** Parses an employee range or count with the SDK's one range reader, else a segment word; null when the text holds neither. */
export function parseSizeRange(text: string): SizeRange | null {
  const range = parseRange(text);
  // A company has at least one person: "under 50" is 1-50.
  if (range) return { min: range.min ?? 1, max: range.max ?? Infinity };
  const words = text.toLowerCase().replaceAll('-', ' ');
  const segment = Object.keys(SEGMENTS).find((word) => words.includes(word));
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
