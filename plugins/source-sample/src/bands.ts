// Headcount and revenue bands as prospect providers state them, and the ranges of ICP criteria
// ("50-200", "200+", "$10M-$50M", read by the SDK) as search checks them.
import type { NumericRange } from '@meetflow/plugin-sdk';

/** A closed numeric range; `max` is Infinity for "200+". */
export interface Range {
  min: number;
  max: number;
}

const EMPLOYEE_BANDS: ReadonlyArray<{ label: string; max: number }> = [
  { label: '1-10', max: 10 },
  { label: '11-50', max: 50 },
  { label: '51-200', max: 200 },
  { label: '201-500', max: 500 },
  { label: '501-1000', max: 1000 },
  { label: '1001-5000', max: 5000 },
  { label: '5001-10000', max: 10_000 },
  { label: '10001+', max: Number.POSITIVE_INFINITY },
];

const REVENUE_BANDS: ReadonlyArray<{ label: string; max: number }> = [
  { label: '<$1M', max: 1e6 },
  { label: '$1M-$10M', max: 1e7 },
  { label: '$10M-$50M', max: 5e7 },
  { label: '$50M-$100M', max: 1e8 },
  { label: '$100M-$500M', max: 5e8 },
  { label: '$500M-$1B', max: 1e9 },
  { label: '$1B+', max: Number.POSITIVE_INFINITY },
];

/** The LinkedIn-style band of a headcount: 120 → "51-200". */
export const employeeBandOf = (employees: number) => EMPLOYEE_BANDS.find((band) => employees <= band.max)!.label;

/** The revenue band of an annual revenue in dollars: 2.3e7 → "$10M-$50M". */
export const revenueBandOf = (revenueUsd: number) => REVENUE_BANDS.find((band) => revenueUsd < band.max)!.label;

// A band's lower end is the band below's upper end. Headcount bands hold (lower, max] ("51-200"
// takes 200), revenue bands [lower, max) ("$10M-$50M" takes $10M): revenueBandOf uses `<`.
const overlapping =
  (bands: ReadonlyArray<{ label: string; max: number }>, holds: 'upper' | 'lower') =>
  (range: Range): string[] =>
    bands
      .filter((band, at) => {
        const lower = at === 0 ? Number.NEGATIVE_INFINITY : bands[at - 1]!.max;
        return holds === 'upper' ? lower < range.max && band.max >= range.min : lower <= range.max && band.max > range.min;
      })
      .map((band) => band.label);

/** The headcount bands that can hold a count inside `range` ("50-200" → "11-50", "51-200"). */
export const employeeBandsOverlapping = overlapping(EMPLOYEE_BANDS, 'upper');

/** The revenue bands that can hold a revenue inside `range` (dollars). */
export const revenueBandsOverlapping = overlapping(REVENUE_BANDS, 'lower');

// A criterion naming one number means about it ("100 employees", "$20M"): exactly it would match almost nobody.
const HALF_TO_DOUBLE = 2;

/**
 * The range search checks a criterion's range read by the SDK (`parseRange` for headcount,
 * `parseRevenueRange` for revenue) against: open bounds closed (0, Infinity), a lone number half to double it.
 */
export function criterionRange(range: NumericRange | null): Range | null {
  if (!range) return null;
  const closed = { min: range.min ?? 0, max: range.max ?? Number.POSITIVE_INFINITY };
  return closed.min === closed.max ? { min: closed.min / HALF_TO_DOUBLE, max: closed.max * HALF_TO_DOUBLE } : closed;
}
