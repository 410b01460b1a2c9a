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

// Weekly rollup periods (ISO weeks), for the one scan that lists a workspace's weeks written before
// the all-time rollup kept them. A string, not a RegExp object: the embedded database misreads BSON
// regular expressions with `\d{4}`.
const WEEK_PERIOD = '^\\d{4}-W\\d{2}$';
const isDay = (period: string) => /^\d{4}-\d{2}-\d{2}$/.test(period);
/** What a chart point reads of a rollup: its counters (the event ids and week list are kilobytes it does not need). */
const COUNTERS_ONLY = { appliedEventIds: 0, weeks: 0 } as const;

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
    db.dashboardRollups.findOne({ workspaceId, period: TOTAL_PERIOD }, COUNTERS_ONLY).lean(),
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

type Rollups = Pick<OutcomesDb, 'dashboardRollups'>;

/** One rollup's counters, read by its exact unique key (the embedded database uses an index for nothing else). */
const rollupOf = (db: Rollups, workspaceId: string, period: string) =>
  db.dashboardRollups.findOne({ workspaceId, period }, COUNTERS_ONLY).lean<DashboardRollup>();

/**
 * The ISO weeks the workspace has a weekly rollup for, from its all-time rollup. A workspace whose
 * rollups were written before that rollup listed its weeks gets the list once, here: one scan of
 * its weekly rollups, added to the list (a union, so weeks added meanwhile stay) and marked complete.
 * Idempotent; readers racing through it add the same weeks.
 */
async function weeksWithData(db: Rollups, workspaceId: string): Promise<Set<string>> {
  const total = await db.dashboardRollups
    .findOne({ workspaceId, period: TOTAL_PERIOD }, { weeks: 1, weeksListed: 1 })
    .lean<Pick<DashboardRollup, 'weeks' | 'weeksListed'>>();
  if (!total) return new Set(); // every event writes the all-time rollup first: no rollup at all
  if (total.weeksListed) return new Set(total.weeks);
  const weekly = await db.dashboardRollups.find({ workspaceId, period: { $regex: WEEK_PERIOD } }, { period: 1 }).lean();
  const listed = await db.dashboardRollups
    .findOneAndUpdate(
      { workspaceId, period: TOTAL_PERIOD },
      { $addToSet: { weeks: { $each: weekly.map(({ period }) => period) } }, $set: { weeksListed: true } },
      { projection: { weeks: 1 }, returnDocument: 'after' },
    )
    .lean<Pick<DashboardRollup, 'weeks'>>();
  return new Set(listed?.weeks);
}

/** The days (`YYYY-MM-DD`) of the last `days` UTC days up to `now`, oldest first, each with its ISO week. */
function lastDays(now: Date, days: number): Array<{ day: string; week: string }> {
  return Array.from({ length: days }, (_, index) => {
    const instant = daysBefore(now, days - 1 - index);
    return { day: dayOf(instant), week: isoWeekOf(instant) };
  });
}

/** The rollups of `periods` that exist, in the order given: one exact-key read each, side by side. */
async function rollupsOf(db: Rollups, workspaceId: string, periods: readonly string[]) {
  const found = await Promise.all(periods.map((period) => rollupOf(db, workspaceId, period)));
  return found.filter((rollup): rollup is DashboardRollup => rollup !== null);
}

/**
 * The trend chart's points, oldest first, from the rollups (buckets without any outcome are
 * left out). Without a range: the last 12 weeks with data. With one: the buckets of the last
 * 7 or 30 days (daily) or 90 days (weekly) up to `now`, its own day or week included. Every
 * rollup is read by its exact `{workspaceId, period}` key: the periods wanted are computed, and
 * the all-time rollup's list of weeks says which have data (a day has a rollup only in a listed week).
 */
export async function dashboardTrends(db: Rollups, workspaceId: string, range?: TrendRange, now = new Date()): Promise<TrendPoint[]> {
  const weeks = await weeksWithData(db, workspaceId);
  if (!range) {
    // ISO week keys sort as strings (`2024-W52` < `2025-W01`). A listed week has no rollup only while
    // a stop has cut its first count short (reconcileRollups finishes it): then the next older one is read.
    const newestFirst = [...weeks].sort().reverse();
    const points: DashboardRollup[] = [];
    for (let next = 0; points.length < TREND_WEEKS && next < newestFirst.length;) {
      const wanted = newestFirst.slice(next, next + TREND_WEEKS - points.length);
      next += wanted.length;
      points.push(...(await rollupsOf(db, workspaceId, wanted)));
    }
    return points.reverse().map(trendPoint);
  }
  const { days, bucket } = TREND_RANGES[range];
  const inRange = lastDays(now, days).filter(({ week }) => weeks.has(week));
  const periods = bucket === 'day' ? inRange.map(({ day }) => day) : [...new Set(inRange.map(({ week }) => week))];
  return (await rollupsOf(db, workspaceId, periods)).map(trendPoint);
}
