// Revenue ranges (read by the SDK's parseRevenueRange) as one figure to score and as text for reasons.
import type { RevenueRange } from '@meetflow/plugin-sdk';

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
