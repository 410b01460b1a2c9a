// Headcount and revenue bands as prospect providers state them, and readers of the free-text
// sizes ICP criteria carry ("50-200", "200+", "10-50 employees", "$10M-$50M").

/** A closed numeric range; `max` is Infinity for "200+". */
export interface Range { min: number; max: number }

const EMPLOYEE_BANDS: ReadonlyArray<{ label: string; max: number }> = [
  { label: '1-10', max: 10 }, { label: '11-50', max: 50 }, { label: '51-200', max: 200 }, { label: '201-500', max: 500 },
  { label: '501-1000', max: 1000 }, { label: '1001-5000', max: 5000 }, { label: '5001-10000', max: 10_000 }, { label: '10001+', max: Number.POSITIVE_INFINITY },
];

const REVENUE_BANDS: ReadonlyArray<{ label: string; max: number }> = [
  { label: '<$1M', max: 1e6 }, { label: '$1M-$10M', max: 1e7 }, { label: '$10M-$50M', max: 5e7 }, { label: '$50M-$100M', max: 1e8 },
  { label: '$100M-$500M', max: 5e8 }, { label: '$500M-$1B', max: 1e9 }, { label: '$1B+', max: Number.POSITIVE_INFINITY },
];

/** The LinkedIn-style band of a headcount: 120 → "51-200". */
export const employeeBandOf = (employees: number) => EMPLOYEE_BANDS.find((band) => employees <= band.max)!.label;

/** The revenue band of an annual revenue in dollars: 2.3e7 → "$10M-$50M". */
export const revenueBandOf = (revenueUsd: number) => REVENUE_BANDS.find((band) => revenueUsd < band.max)!.label;

// A band's lower end is the band below's upper end. Headcount bands hold (lower, max] ("51-200"
// takes 200), revenue bands [lower, max) ("$10M-$50M" takes $10M): revenueBandOf uses `<`.
const overlapping = (bands: ReadonlyArray<{ label: string; max: number }>, holds: 'upper' | 'lower') => (range: Range): string[] =>
  bands.filter((band, at) => {
    const lower = at === 0 ? Number.NEGATIVE_INFINITY : bands[at - 1]!.max;
    return holds === 'upper' ? lower < range.max && band.max >= range.min : lower <= range.max && band.max > range.min;
  }).map((band) => band.label);

/** The headcount bands that can hold a count inside `range` ("50-200" → "11-50", "51-200"). */
export const employeeBandsOverlapping = overlapping(EMPLOYEE_BANDS, 'upper');

/** The revenue bands that can hold a revenue inside `range` (dollars). */
export const revenueBandsOverlapping = overlapping(REVENUE_BANDS, 'lower');

const UNITS: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, b: 1e9, bn: 1e9 };

// "1,000" → 1000; "10M" → 1e7 (a unit after the last number applies to an earlier bare one: "10-50M").
function amounts(text: string, defaultUnit: number): number[] {
  const found = [...text.toLowerCase().matchAll(/(\d+(?:[.,]\d+)*)\s*(bn|mm|[kmb])?\b/g)]
    .map((match) => ({ value: Number(match[1]!.replace(/,/g, '')), unit: match[2] ? UNITS[match[2]]! : null }));
  const lastUnit = found.findLast((amount) => amount.unit !== null)?.unit ?? defaultUnit;
  return found.map((amount) => amount.value * (amount.unit ?? lastUnit));
}

// Two numbers: a range; one with "+" or "over": at least; one with "under"/"<": at most; one alone: about it.
function rangeOf(text: string, values: number[]): Range | null {
  if (values.length === 0) return null;
  if (values.length >= 2) return { min: Math.min(...values), max: Math.max(...values) };
  const value = values[0]!;
  if (/\+|over|more than|at least|>/.test(text)) return { min: value, max: Number.POSITIVE_INFINITY };
  if (/under|less than|fewer than|up to|</.test(text)) return { min: 0, max: value };
  return { min: value / 2, max: value * 2 };
}

/** The headcount range a criteria's size text means; null when it states none ("", "unknown"). */
export const employeeRangeOf = (text: string): Range | null => rangeOf(text, amounts(text, 1));

/** The revenue range (dollars) a criteria's revenue text means ("$10M-$50M", "$50M+"; bare numbers are millions); null when none. */
export const revenueRangeOf = (text: string): Range | null => rangeOf(text, amounts(text, 1e6));
