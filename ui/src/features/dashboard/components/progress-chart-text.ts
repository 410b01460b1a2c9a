import { formatNumber } from '../../../utils/format.ts';
import type { TrendRange } from '../api/types.ts';
import type { ChartRow } from '../utils/chart-data.ts';

/** The Learning Progress chart's lines: their row key, their name (legend, table header) and unit. */
export const SERIES = [
  { key: 'responseRate', name: 'Response rate %', short: 'response rate', unit: '%', color: 'var(--color-primary)' },
  { key: 'meetingBookingRate', name: 'Meeting booking rate %', short: 'meeting booking rate', unit: '%', color: 'var(--color-secondary)' },
  { key: 'leadQualityScore', name: 'Lead quality score', short: 'lead quality score', unit: '', color: 'var(--color-accent)' },
] as const;

/** A figure of the chart as its tooltip, table and summary show it: one decimal at most, as the API rounds. */
export const chartFigure = (value: number): string => formatNumber(value, 1);

/**
 * The chart said in a few sentences, for whoever does not see it: its period, then each line's
 * first and last figure and its highest (with when). Empty rows say nothing.
 */
export function chartSummary(rows: readonly ChartRow[], range: TrendRange): string {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return '';
  const unit = range === '90d' ? 'week' : 'day';
  const period =
    rows.length === 1 ? `1 ${unit}, ${first.label}.` : `${formatNumber(rows.length, 0)} ${unit}s, ${first.label} to ${last.label}.`;
  const lines = SERIES.map(({ key, short, unit: sign }) => {
    const figure = (row: ChartRow) => `${chartFigure(row[key])}${sign}`;
    const label = `${short[0]!.toUpperCase()}${short.slice(1)}`;
    if (rows.length === 1) return `${label} ${figure(first)}.`;
    const highest = rows.reduce((best, row) => (row[key] > best[key] ? row : best), first);
    return `${label} ${figure(first)} at the start, ${figure(last)} at the end, highest ${figure(highest)} (${highest.label}).`;
  });
  return [period, ...lines].join(' ');
}
