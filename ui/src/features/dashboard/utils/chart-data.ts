import type { TrendPoint } from '../api/types.ts';

/** One x position of the Learning Progress chart. */
export interface ChartRow {
  label: string;
  responseRate: number;
  meetingBookingRate: number;
  leadQualityScore: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 24" for a YYYY-MM-DD day (read as UTC, as the API's buckets are). */
function dayLabel(day: string): string {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${date}`;
}

/** Trend points as chart rows: a day's label is its date, a week's its Monday ("wk of Nov 17"). */
export function chartRows(points: readonly TrendPoint[]): ChartRow[] {
  return points.map((point) => ({
    label: point.period.includes('-W') ? `wk of ${dayLabel(point.start)}` : dayLabel(point.start),
    responseRate: point.responseRate,
    meetingBookingRate: point.meetingBookingRate,
    leadQualityScore: point.leadQualityScore,
  }));
}
