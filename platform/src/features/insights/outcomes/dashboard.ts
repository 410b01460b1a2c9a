import { ROLLUP_COUNTERS, TOTAL_PERIOD, type DashboardRollup, type RollupCounter } from './rollup-model.ts';
import { learningProgress, type CyclesModel } from '../learning/cycles.ts';
import type { OutcomesDb } from './record.ts';
import { percentOf } from '../../../core/numbers.ts';
import { dayOf, daysBefore, isoWeekOf, isoWeekStart } from './iso-week.ts';

/** The dashboard's metrics strip (spec entity Dashboard metrics). */
export interface DashboardMetrics {
  learning_cycles: number;
  /** Replies per send, percent, one decimal. */
  response_rate: number;
  meeting_booked: number;
  learning_score: number;
}

/** One point of the Learning Progress chart (spec entity Trend point); rates in percent, one decimal. */
export interface TrendPoint {
  /** The ISO week of the point, e.g. `2025-W07` (the spec's field; a daily point's week). */
  week: string;
  /** The bucket: an ISO week, or a UTC day `YYYY-MM-DD` for daily ranges. */
  period: string;
  /** The bucket's first day, `YYYY-MM-DD`. */
  start: string;
  /** Replies per send. */
  responseRate: number;
  /** Meetings booked per send. */
  meetingBookingRate: number;
  /** Mean lead score (0–100) of the leads scored that week. */
  leadQualityScore: number;
}

/** Weeks the trend chart shows at most without a range. */
export const TREND_WEEKS = 12;

/** The chart's ranges: 7 and 30 days in daily points, 90 days in weekly points. */
export const TREND_RANGES = {
  '7d': { days: 7, bucket: 'day' },
  '30d': { days: 30, bucket: 'day' },
  '90d': { days: 90, bucket: 'week' },
} as const;
export type TrendRange = keyof typeof TREND_RANGES;

// Rollup periods by kind (the all-time one is `total`); these never match each other. Strings,
// not RegExp objects: the embedded database misreads BSON regular expressions with `\d{4}`.
const WEEK_PERIOD = '^\\d{4}-W\\d{2}$';
const DAY_PERIOD = '^\\d{4}-\\d{2}-\\d{2}$';
const isDay = (period: string) => new RegExp(DAY_PERIOD).test(period);

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
// The dashboard shows 0, not "no data", for a rate with nothing to measure yet (the spec's default).
const percent = (part: number, whole: number) => percentOf(part, whole) ?? 0;
const countersOf = (rollup: Partial<DashboardRollup> | null) =>
  Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, rollup?.[name] ?? 0])) as Record<RollupCounter, number>;

/** The metrics strip, from the all-time rollup and the learning engine's cycles; all 0 for a fresh workspace. */
export async function dashboardMetrics(
  db: Pick<OutcomesDb, 'dashboardRollups'>,
  cycles: CyclesModel | undefined,
  workspaceId: string,
): Promise<DashboardMetrics> {
  const [total, progress] = await Promise.all([
    db.dashboardRollups.findOne({ workspaceId, period: TOTAL_PERIOD }).lean(),
    learningProgress(cycles, workspaceId),
  ]);
  const counters = countersOf(total);
  return {
    learning_cycles: progress.cycles,
    response_rate: percent(counters.replies, counters.sends),
    meeting_booked: counters.meetingsBooked,
    learning_score: progress.learningScore,
  };
}

/** A rollup as a chart point. */
function trendPoint(rollup: Partial<DashboardRollup> & { period: string }): TrendPoint {
  const counters = countersOf(rollup);
  const daily = isDay(rollup.period);
  return {
    week: daily ? isoWeekOf(new Date(`${rollup.period}T00:00:00Z`)) : rollup.period,
    period: rollup.period,
    start: daily ? rollup.period : isoWeekStart(rollup.period),
    responseRate: percent(counters.replies, counters.sends),
    meetingBookingRate: percent(counters.meetingsBooked, counters.sends),
    leadQualityScore: counters.leadsScored > 0 ? oneDecimal(counters.scoreSum / counters.leadsScored) : 0,
  };
}

/**
 * The trend chart's points, oldest first, from the rollups (buckets without any outcome are
 * left out). Without a range: the last 12 weeks with data. With one: the buckets of the last
 * 7 or 30 days (daily) or 90 days (weekly) up to `now`, its own day or week included.
 */
export async function dashboardTrends(
  db: Pick<OutcomesDb, 'dashboardRollups'>,
  workspaceId: string,
  range?: TrendRange,
  now = new Date(),
): Promise<TrendPoint[]> {
  if (!range) {
    // ISO week keys sort as strings (`2024-W52` < `2025-W01`).
    const weeks = await db.dashboardRollups
      .find({ workspaceId, period: { $regex: WEEK_PERIOD } })
      .sort({ period: -1 })
      .limit(TREND_WEEKS)
      .lean();
    return weeks.reverse().map(trendPoint);
  }
  const { days, bucket } = TREND_RANGES[range];
  const first = daysBefore(now, days - 1);
  const [from, to, pattern] = bucket === 'day' ? [dayOf(first), dayOf(now), DAY_PERIOD] : [isoWeekOf(first), isoWeekOf(now), WEEK_PERIOD];
  // Two conditions on `period` in an $and: the embedded database drops a range given beside $regex.
  const rollups = await db.dashboardRollups
    .find({ workspaceId, $and: [{ period: { $gte: from, $lte: to } }, { period: { $regex: pattern } }] })
    .sort({ period: 1 })
    .lean();
  return rollups.map(trendPoint);
}
