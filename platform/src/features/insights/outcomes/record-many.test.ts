import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { dashboardRollupModels, TOTAL_PERIOD } from './rollup-model.ts';
import { outcomeEventModels } from './event-model.ts';
import { dayOf, isoWeekOf } from './iso-week.ts';
import { recordOutcome, recordOutcomes, type OutcomesDb } from './record.ts';

// recordOutcomes (a batch chunk's outcomes at once) counts each event once in each of its rollups,
// whatever was left by an earlier call cut short: an event inserted but never counted, or counted
// in one rollup and not marked, is finished alone, never counted twice; and it ends as recording
// the same events one by one ends.
let connection: mongoose.Connection;
let db: OutcomesDb;
const AT = new Date('2026-11-24T10:00:00Z');
const NEXT_WEEK = new Date('2026-12-01T10:00:00Z');

beforeAll(async () => {
  connection = await openTestDatabase('outcomes-many');
  db = { ...outcomeEventModels(connection), ...dashboardRollupModels(connection) };
  await Promise.all([db.outcomeEvents.init(), db.dashboardRollups.init()]);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const scored = (workspaceId: string, n: number, at = AT) => ({
  workspaceId,
  eventId: `scored-${n}`,
  type: 'lead_scored' as const,
  at,
  prospectId: n,
  score: 10 * n,
});
const rollups = async (workspaceId: string) =>
  (await db.dashboardRollups.find({ workspaceId }).sort({ period: 1 }).lean()).map((r) => ({
    period: r.period,
    leadsScored: r.leadsScored,
    scoreSum: r.scoreSum,
    ids: [...r.appliedEventIds].sort(),
    weeks: r.weeks ? [...r.weeks].sort() : undefined,
  }));

describe('recording a list of outcomes', () => {
  it('ends as recording them one by one does, across two weeks, and a repeat changes nothing', async () => {
    const events = [scored('w-one', 1), scored('w-one', 2), scored('w-one', 3, NEXT_WEEK)];
    for (const event of events) await recordOutcome(db, event);
    expect(
      await recordOutcomes(
        db,
        events.map((event) => ({ ...event, workspaceId: 'w-many' })),
      ),
    ).toEqual([{ recorded: true }, { recorded: true }, { recorded: true }]);
    const one = await rollups('w-one');
    expect(await rollups('w-many')).toEqual(one);
    expect(one.find((r) => r.period === TOTAL_PERIOD)).toMatchObject({
      leadsScored: 3,
      scoreSum: 60,
      weeks: [isoWeekOf(AT), isoWeekOf(NEXT_WEEK)].sort(),
    });
    expect(
      await recordOutcomes(
        db,
        events.map((event) => ({ ...event, workspaceId: 'w-many' })),
      ),
    ).toEqual([{ recorded: false }, { recorded: false }, { recorded: false }]);
    expect(await rollups('w-many')).toEqual(one);
  });

  it('finishes an event an earlier call inserted but did not count, and one counted in a rollup but not marked, each once', async () => {
    const ws = 'w-cut';
    // Cut short after the insert: not counted anywhere.
    await db.outcomeEvents.create({ ...scored(ws, 1), prospectId: '1', applied: false, learnedIn: null });
    // Cut short after the all-time rollup counted it, before the week's and the day's and the mark.
    await db.outcomeEvents.create({ ...scored(ws, 2), prospectId: '2', applied: false, learnedIn: null });
    await db.dashboardRollups.create({
      workspaceId: ws,
      period: TOTAL_PERIOD,
      leadsScored: 1,
      scoreSum: 20,
      appliedEventIds: ['scored-2'],
      weeks: [isoWeekOf(AT)],
      weeksListed: true,
    });
    const results = await recordOutcomes(db, [scored(ws, 1), scored(ws, 2), scored(ws, 3), scored(ws, 4)]);
    expect(results).toEqual([{ recorded: false }, { recorded: false }, { recorded: true }, { recorded: true }]);
    const byPeriod = Object.fromEntries((await rollups(ws)).map((r) => [r.period, r]));
    for (const period of [TOTAL_PERIOD, isoWeekOf(AT), dayOf(AT)])
      expect(byPeriod[period], period).toMatchObject({
        leadsScored: 4,
        scoreSum: 100,
        ids: ['scored-1', 'scored-2', 'scored-3', 'scored-4'],
      });
    expect(await db.outcomeEvents.countDocuments({ workspaceId: ws, applied: true })).toBe(4);
  });
});
