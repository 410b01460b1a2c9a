import { ROLLUP_COUNTERS, TOTAL_PERIOD, type DashboardRollup, type RollupCounter } from '../db/models/dashboard-rollup.ts';
import { learningProgress, type CyclesModel } from '../learning/cycles.ts';
import type { OutcomesDb } from './record.ts';
import { percentOf } from '../numbers.ts';

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
  /** ISO week, e.g. `2025-W07`. */
  week: string;
  /** Replies per send. */
  responseRate: number;
  /** Meetings booked per send. */
  meetingBookingRate: number;
  /** Mean lead score (0–100) of the leads scored that week. */
  leadQualityScore: number;
}

/** Weeks the trend chart shows at most. */
export const TREND_WEEKS = 12;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
// The dashboard shows 0, not "no data", for a rate with nothing to measure yet (the spec's default).
const percent = (part: number, whole: number) => percentOf(part, whole) ?? 0;
const countersOf = (rollup: Partial<DashboardRollup> | null) =>
  Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, rollup?.[name] ?? 0])) as Record<RollupCounter, number>;

/** The metrics strip, from the all-time rollup and the learning engine's cycles; all 0 for a fresh workspace. */
export async function dashboardMetrics(db: Pick<OutcomesDb, 'dashboardRollups'>, cycles: CyclesModel | undefined, workspaceId: string): Promise<DashboardMetrics> {
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

/** The last weeks with any outcome, oldest first, from the weekly rollups. */
export async function dashboardTrends(db: Pick<OutcomesDb, 'dashboardRollups'>, workspaceId: string): Promise<TrendPoint[]> {
  // ISO week keys sort as strings (`2024-W52` < `2025-W01`); the all-time rollup is left out.
  const weeks = await db.dashboardRollups.find({ workspaceId, period: { $ne: TOTAL_PERIOD } }).sort({ period: -1 }).limit(TREND_WEEKS).lean();
  return weeks.reverse().map((week) => {
    const counters = countersOf(week);
    return {
      week: week.period,
      responseRate: percent(counters.replies, counters.sends),
      meetingBookingRate: percent(counters.meetingsBooked, counters.sends),
      leadQualityScore: counters.leadsScored > 0 ? oneDecimal(counters.scoreSum / counters.leadsScored) : 0,
    };
  });
}
