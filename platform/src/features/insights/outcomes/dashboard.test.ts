import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRollupModels, TOTAL_PERIOD, type DashboardRollup } from './rollup-model.ts';
import { OUTCOME_TYPES, outcomeEventModels } from './event-model.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { dayOf, daysBefore, isoWeekOf, isoWeekStart } from './iso-week.ts';
import { dashboardTrends, TREND_RANGES, TREND_WEEKS, type TrendPoint, type TrendRange } from './dashboard.ts';
import { recordOutcome, type OutcomesDb } from './record.ts';
import type { OutcomeEventInput } from './schemas.ts';
import { percentOf } from '../../../core/numbers.ts';

let connection: mongoose.Connection;
let db: OutcomesDb;

beforeAll(async () => {
  connection = await openTestDatabase('dashboard-trends');
  db = { ...outcomeEventModels(connection), ...dashboardRollupModels(connection) };
  await Promise.all([db.outcomeEvents.init(), db.dashboardRollups.init()]);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

/**
 * The reference: dashboardTrends as it was before it read by exact keys (a `$regex` and a range on
 * `period`, which the embedded database answers by scanning every workspace's rollups).
 */
async function scannedTrends(workspaceId: string, range: TrendRange | undefined, now: Date): Promise<TrendPoint[]> {
  const WEEK_PERIOD = '^\\d{4}-W\\d{2}$';
  const DAY_PERIOD = '^\\d{4}-\\d{2}-\\d{2}$';
  const point = (rollup: DashboardRollup): TrendPoint => {
    const daily = new RegExp(DAY_PERIOD).test(rollup.period);
    return {
      week: daily ? isoWeekOf(new Date(`${rollup.period}T00:00:00Z`)) : rollup.period,
      period: rollup.period,
      start: daily ? rollup.period : isoWeekStart(rollup.period),
      responseRate: percentOf(rollup.replies ?? 0, rollup.sends ?? 0) ?? 0,
      meetingBookingRate: percentOf(rollup.meetingsBooked ?? 0, rollup.sends ?? 0) ?? 0,
      leadQualityScore: (rollup.leadsScored ?? 0) > 0 ? Math.round((rollup.scoreSum / rollup.leadsScored) * 10) / 10 : 0,
    };
  };
  if (!range) {
    const weeks = await db.dashboardRollups
      .find({ workspaceId, period: { $regex: WEEK_PERIOD } })
      .sort({ period: -1 })
      .limit(TREND_WEEKS)
      .lean<DashboardRollup[]>();
    return weeks.reverse().map(point);
  }
  const { days, bucket } = TREND_RANGES[range];
  const first = daysBefore(now, days - 1);
  const [from, to, pattern] = bucket === 'day' ? [dayOf(first), dayOf(now), DAY_PERIOD] : [isoWeekOf(first), isoWeekOf(now), WEEK_PERIOD];
  const rollups = await db.dashboardRollups
    .find({ workspaceId, $and: [{ period: { $gte: from, $lte: to } }, { period: { $regex: pattern } }] })
    .sort({ period: 1 })
    .lean<DashboardRollup[]>();
  return rollups.map(point);
}

/** A seeded generator, so the events are varied but the test is repeatable. */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const DAY_MS = 86_400_000;
/**
 * Stretches of days with outcomes, with gaps between them: around three New Years (2020-W53 and
 * 2021-W01; 2024-12-30 in 2025-W01; 2026-W53), a run of 20 weeks (more than the chart's 12), and
 * single days weeks apart.
 */
const STRETCHES: Array<[string, number]> = [
  ['2020-12-27', 10],
  ['2024-12-20', 16],
  ['2025-02-03', 140],
  ['2025-08-11', 1],
  ['2025-09-29', 1],
  ['2025-11-03', 3],
  ['2026-12-24', 12],
];

/** `count` events of every kind (bounced and opened too: they make a rollup with no figure) spread over the stretches. */
function eventsOf(workspaceId: string, seed: number, count: number): OutcomeEventInput[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const [firstDay, days] = STRETCHES[Math.floor(next() * STRETCHES.length)]!;
    const type = OUTCOME_TYPES[Math.floor(next() * OUTCOME_TYPES.length)]!;
    return {
      workspaceId,
      eventId: `${workspaceId}-${index}`,
      type,
      at: new Date(Date.parse(`${firstDay}T00:00:00Z`) + Math.floor(next() * days * DAY_MS)),
      ...(type === 'replied' ? { category: next() < 0.5 ? 'interested' : 'objection' } : {}),
      ...(type === 'lead_scored' ? { score: Math.round(next() * 100) } : {}),
    };
  });
}

/** Days the chart is asked on: in and around every stretch, in the gaps, before and after everything. */
const NOWS = [
  '2020-12-01T12:00:00Z',
  '2020-12-31T23:59:59Z',
  '2021-01-03T12:00:00Z',
  '2021-01-04T00:00:00Z',
  '2021-02-15T09:00:00Z',
  '2024-12-29T18:00:00Z',
  '2024-12-30T06:00:00Z',
  '2025-01-05T23:00:00Z',
  '2025-03-01T00:00:00Z',
  '2025-06-22T12:00:00Z',
  '2025-08-12T12:00:00Z',
  '2025-10-15T12:00:00Z',
  '2025-11-05T12:00:00Z',
  '2026-01-20T12:00:00Z',
  '2026-12-31T08:00:00Z',
  '2027-01-04T08:00:00Z',
  '2027-06-01T00:00:00Z',
].map((iso) => new Date(iso));
const RANGES: Array<TrendRange | undefined> = [undefined, ...(Object.keys(TREND_RANGES) as TrendRange[])];

/** Every range on every day above, the new reads against the reference; returns how many points were compared. */
async function expectSameAsScanned(workspaceId: string): Promise<number> {
  let points = 0;
  for (const now of NOWS) {
    for (const range of RANGES) {
      const expected = await scannedTrends(workspaceId, range, now);
      expect({ now, range, points: await dashboardTrends(db, workspaceId, range, now) }).toEqual({ now, range, points: expected });
      points += expected.length;
    }
  }
  return points;
}

/** The dashboard_rollups operations `work` makes, with their filters. */
async function rollupReadsOf<T>(work: () => Promise<T>): Promise<{ result: T; filters: Array<Record<string, unknown>> }> {
  const filters: Array<Record<string, unknown>> = [];
  const listener = (event: { collectionName: string; params: unknown[] }) => {
    if (event.collectionName === 'dashboard_rollups') filters.push(event.params[0] as Record<string, unknown>);
  };
  connection.on('operation-start', listener);
  try {
    return { result: await work(), filters };
  } finally {
    connection.off('operation-start', listener);
  }
}
/** Whether a filter names exactly the rollups' unique key, each with a plain value (what the embedded database reads by index). */
const exactKey = (filter: Record<string, unknown>) =>
  Object.keys(filter).sort().join() === 'period,workspaceId' && Object.values(filter).every((value) => typeof value === 'string');

/** How many buckets each range spans at most: its days, or the ISO weeks 90 days touch. */
const BUCKETS: Record<TrendRange, number> = { '7d': 7, '30d': 30, '90d': 14 };

async function record(events: OutcomeEventInput[]) {
  for (let index = 0; index < events.length; index += 10)
    await Promise.all(events.slice(index, index + 10).map((event) => recordOutcome(db, event)));
}

describe('dashboardTrends reads rollups by exact keys', () => {
  it('answers as the scan did, for every range and day: gaps, year boundaries, more than 12 weeks, another workspace beside', async () => {
    await record([...eventsOf('trends-a', 7, 600), ...eventsOf('trends-b', 11, 200)]);
    const compared = await expectSameAsScanned('trends-a');
    expect(compared).toBeGreaterThan(200); // the comparisons hold points, not only empty charts
    expect(await expectSameAsScanned('trends-b')).toBeGreaterThan(50);
    expect(await dashboardTrends(db, 'trends-none', undefined)).toEqual([]);
    expect(await dashboardTrends(db, 'trends-none', '30d')).toEqual([]);

    // The all-time rollup lists exactly the weeks that have a weekly rollup.
    const total = await db.dashboardRollups.findOne({ workspaceId: 'trends-a', period: TOTAL_PERIOD }).lean();
    const weekly = await db.dashboardRollups.find({ workspaceId: 'trends-a', period: { $regex: 'W' } }, { period: 1 }).lean();
    expect(total?.weeksListed).toBe(true);
    expect([...(total?.weeks ?? [])].sort()).toEqual(weekly.map(({ period }) => period).sort());
  });

  it('reads only by {workspaceId, period}: the all-time rollup, then the buckets that have data', async () => {
    const now = new Date('2025-06-22T12:00:00Z');
    for (const range of RANGES) {
      const { result, filters } = await rollupReadsOf(() => dashboardTrends(db, 'trends-a', range, now));
      expect(filters.length).toBeGreaterThan(0);
      expect(filters.filter((filter) => !exactKey(filter))).toEqual([]);
      expect(filters[0]).toEqual({ workspaceId: 'trends-a', period: TOTAL_PERIOD });
      // At most one read per bucket of the range (a day of a week without data is not read); 12 weeks have data.
      expect(result.length).toBeGreaterThan(0);
      expect(filters.length).toBeLessThanOrEqual(1 + (range ? BUCKETS[range] : TREND_WEEKS));
      if (!range) expect(filters.length).toBe(1 + TREND_WEEKS);
    }
  });

  it('lists the weeks of rollups written before the list existed, once, and then reads them by key', async () => {
    const workspaceId = 'trends-legacy';
    await record(eventsOf(workspaceId, 13, 300));
    // As rollups written before this change: an all-time rollup with no list of weeks…
    await db.dashboardRollups.updateOne({ workspaceId, period: TOTAL_PERIOD }, { $unset: { weeks: 1, weeksListed: 1 } });
    // …then one event recorded by this code before anything read the chart: its week alone is listed.
    await recordOutcome(db, { workspaceId, eventId: 'late', type: 'sent', at: new Date('2025-10-01T10:00:00Z') });
    expect(await db.dashboardRollups.findOne({ workspaceId, period: TOTAL_PERIOD }).lean()).toMatchObject({ weeks: ['2025-W40'] });
    expect((await db.dashboardRollups.findOne({ workspaceId, period: TOTAL_PERIOD }).lean())?.weeksListed).toBeUndefined();

    // Two first reads at once: each lists the weeks (the same union), both answer as the scan does.
    const now = new Date('2025-06-22T12:00:00Z');
    const first = await rollupReadsOf(() => Promise.all([0, 1].map(() => dashboardTrends(db, workspaceId, undefined, now))));
    const expected = await scannedTrends(workspaceId, undefined, now);
    expect(expected).toHaveLength(TREND_WEEKS);
    expect(first.result).toEqual([expected, expected]);
    expect(first.filters.filter((filter) => !exactKey(filter)).length).toBeGreaterThan(0); // the one-time scan
    const weekly = await db.dashboardRollups.find({ workspaceId, period: { $regex: 'W' } }, { period: 1 }).lean();
    const total = await db.dashboardRollups.findOne({ workspaceId, period: TOTAL_PERIOD }).lean();
    expect(total?.weeksListed).toBe(true);
    expect([...(total?.weeks ?? [])].sort()).toEqual(weekly.map(({ period }) => period).sort());

    // From then on: exact keys only, and the same answers as the scan.
    const after = await rollupReadsOf(async () => {
      for (const range of RANGES) await dashboardTrends(db, workspaceId, range, now);
    });
    expect(after.filters.length).toBeGreaterThan(RANGES.length);
    expect(after.filters.filter((filter) => !exactKey(filter))).toEqual([]);
    expect(await expectSameAsScanned(workspaceId)).toBeGreaterThan(100);
  });

  it('reads past a listed week whose weekly rollup a stop cut short, as the scan skipped it', async () => {
    const workspaceId = 'trends-cut';
    await record(eventsOf(workspaceId, 17, 200));
    // The all-time rollup counted an event of a new week, then the process stopped before the weekly rollup was written.
    await db.dashboardRollups.updateOne({ workspaceId, period: TOTAL_PERIOD }, { $addToSet: { weeks: '2027-W10' } });
    const expected = await scannedTrends(workspaceId, undefined, new Date());
    expect(expected).toHaveLength(TREND_WEEKS);
    expect(await dashboardTrends(db, workspaceId)).toEqual(expected);
    expect(await dashboardTrends(db, workspaceId, '90d', new Date('2027-03-10T00:00:00Z'))).toEqual(
      await scannedTrends(workspaceId, '90d', new Date('2027-03-10T00:00:00Z')),
    );
  });
});
