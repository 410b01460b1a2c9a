// Headcount bands, as the product's pricing tiers speak of them ("10-50", "50-200", "200+").

/** A headcount band: `min` ≤ employees < `max`. */
export interface SizeBand {
  min: number;
  max: number;
  /** Share of all companies with a web site that fall in this band (rough, for volume estimates). */
  share: number;
}

/** The bands, smallest first. Shares follow the usual firm-size distribution: most companies are small. */
export const SIZE_BANDS: readonly SizeBand[] = [
  { min: 1, max: 10, share: 0.55 },
  { min: 10, max: 50, share: 0.28 },
  { min: 50, max: 200, share: 0.11 },
  { min: 200, max: 500, share: 0.035 },
  { min: 500, max: 1000, share: 0.012 },
  { min: 1000, max: 5000, share: 0.01 },
  { min: 5000, max: Number.POSITIVE_INFINITY, share: 0.003 },
];

const FORTUNE_HEADCOUNT = 10_000;

/**
 * The headcounts research's size hint states: "90 employees" → [90], "150+ employees" → [150],
 * "50–100 employees" → [50, 100], "Fortune 500 company" → [10000]; [] when there is none.
 */
export function headcountsOf(employees: string | null): number[] {
  if (!employees) return [];
  if (/fortune/i.test(employees)) return [FORTUNE_HEADCOUNT];
  return [...employees.matchAll(/\d{1,3}(?:,\d{3})+|\d+/g)].map((match) => Number(match[0].replace(/,/g, ''))).filter((count) => count > 0);
}

/** The band a headcount falls in. */
export function bandOf(headcount: number): SizeBand {
  return SIZE_BANDS.find((band) => headcount < band.max) ?? SIZE_BANDS.at(-1)!;
}

/** The bands from the smallest to the largest headcount given, inclusive; [] for none. */
export function bandsSpanning(headcounts: readonly number[]): SizeBand[] {
  if (headcounts.length === 0) return [];
  const low = SIZE_BANDS.indexOf(bandOf(Math.min(...headcounts)));
  const high = SIZE_BANDS.indexOf(bandOf(Math.max(...headcounts)));
  return SIZE_BANDS.slice(low, high + 1);
}

/** "50-200 employees", "50-500 employees", "5000+ employees"; "unknown" for no bands. */
export function sizeLabel(bands: readonly SizeBand[]): string {
  const first = bands[0];
  const last = bands.at(-1);
  if (!first || !last) return 'unknown';
  return Number.isFinite(last.max) ? `${first.min}-${last.max} employees` : `${first.min}+ employees`;
}
