import type { TrendPoint } from '../api/types.ts';

/** The trend field behind a metric card, and how its change reads. */
export type CaptionField = 'responseRate' | 'meetingBookingRate' | 'leadQualityScore';

const DAY_MS = 86_400_000;

/** The Monday (YYYY-MM-DD, UTC) of the week `weeksAgo` weeks before the one holding `now`. */
export function mondayOf(now: Date, weeksAgo = 0): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = day.getTime() - ((day.getUTCDay() || 7) - 1) * DAY_MS - weeksAgo * 7 * DAY_MS;
  return new Date(monday).toISOString().slice(0, 10);
}

/**
 * A metric card's caption from the weekly trend points: this week against last week, in
 * points of the field (e.g. "+2.1 pts vs last week"), or what is missing to compare.
 */
export function weekOverWeekCaption(points: readonly TrendPoint[], field: CaptionField, now: Date, unit = 'pts'): string {
  const thisWeek = points.find((point) => point.start === mondayOf(now));
  const lastWeek = points.find((point) => point.start === mondayOf(now, 1));
  if (!thisWeek && !lastWeek) return 'No outcomes this week or last';
  if (!lastWeek) return 'No outcomes last week to compare';
  if (!thisWeek) return 'No outcomes yet this week';
  const delta = Math.round((thisWeek[field] - lastWeek[field]) * 10) / 10;
  if (delta === 0) return 'No change vs last week';
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta).toFixed(1)} ${unit} vs last week`;
}
