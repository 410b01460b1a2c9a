import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListItem, ListResult } from '@meetflow/plugin-sdk';
import { countDbOps } from '../../../../dev/bench/db-ops.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { createModels, type Models } from '../../models.ts';
import { APPLY_SCORE_ACTIVITY, createApplyScoreActivity } from './apply-score.ts';

// Applying scores for a batch chunk (the list form) writes what applying each alone writes: the
// same scores and industries, outcomes, rollup counts and stage events, in one workspace as a
// list and in another one by one; a repeat writes nothing more; a bad item or a missing prospect
// is its own answer; and its writes are per list, not per prospect.
let database: mongoose.Connection;
let db: Models;
const SINGLE = 'scores-single';
const LISTED = 'scores-listed';
const PROSPECTS = 12;

const principal = { kind: 'user' as const, id: 'user:owner', role: 'owner' as const };
const item = (workspaceId: string, input: unknown, runId: string): ListItem => ({
  input,
  extra: { run: { workspaceId, runId, principal, deadline: null } },
});
const inputOf = (id: number) => ({
  prospectId: id,
  score: {
    totalScore: 40 + id,
    qualified: id % 3 !== 0,
    dimensions: [
      { key: 'companySize', score: 50 + id },
      { key: 'industryMatch', score: 60 },
      { key: 'techStack', score: 30 },
      { key: 'jobTitle', score: 90 },
    ],
  },
  ...(id % 2 ? { industry: 'Payments' } : {}),
});

beforeAll(async () => {
  database = await openTestDatabase('apply-score-list');
  db = createModels(database);
  await Promise.all([db.outcomeEvents.init(), db.prospects.init(), db.dashboardRollups.init(), db.events.init()]);
  for (const workspaceId of [SINGLE, LISTED])
    for (let id = 1; id <= PROSPECTS; id++)
      await db.prospects.create({
        workspaceId,
        id,
        firstName: 'Ada',
        lastName: `L${id}`,
        company: 'Analytical',
        email: `ada${id}@analytical.example`,
        emailLower: `ada${id}@analytical.example`,
        ...(id === 1 ? { industry: 'Known', industryLower: 'known' } : {}),
      });
  // The runs whose scores these are (their lineage is read): first runs, no rerun among them.
  await db.pipelineRuns.collection.insertMany(
    Array.from({ length: PROSPECTS }, (_, index) => ({ runId: `run-${index + 1}`, workspaceId: LISTED })),
  );
});
afterAll(async () => {
  await database?.dropDatabase();
  await database?.close();
});

/** What a workspace holds after applying: prospects' scores and industries, outcomes, rollup counters, stage events. */
async function effects(workspaceId: string) {
  const prospects = (await db.prospects.find({ workspaceId }).sort({ id: 1 }).lean()).map((p) => [p.id, p.score, p.industry]);
  const outcomes = (await db.outcomeEvents.find({ workspaceId }).sort({ eventId: 1 }).lean()).map((e) => [
    e.eventId,
    e.type,
    e.prospectId,
    e.score,
    e.features,
    e.applied,
  ]);
  const rollups = (await db.dashboardRollups.find({ workspaceId }).sort({ period: 1 }).lean()).map((r) => [
    r.period,
    r.leadsScored,
    r.scoreSum,
    [...r.appliedEventIds].sort(),
    r.weeks,
  ]);
  const events = (await db.events.find({ workspaceId }).sort({ seq: 1 }).lean()).map((e) => [e.seq, e.type, e.data]);
  return { prospects, outcomes, rollups, events: events.sort((a, b) => JSON.stringify(a[2]).localeCompare(JSON.stringify(b[2]))) };
}

describe('applying a list of scores', () => {
  it('writes what applying each alone writes, per list not per prospect, and nothing more when repeated', async () => {
    const activity = createApplyScoreActivity(db)[APPLY_SCORE_ACTIVITY]!;
    for (let id = 1; id <= PROSPECTS; id++) await activity(inputOf(id), item(SINGLE, null, `run-${id}`).extra);
    const list = Array.from({ length: PROSPECTS }, (_, index) => item(LISTED, inputOf(index + 1), `run-${index + 1}`));

    const counter = countDbOps(database);
    const results: ListResult[] = await activity.many!(list);
    const rows = counter.stop();
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.map((result) => (result as { output: { outcomeEventId: string } }).output.outcomeEventId)).toEqual(
      list.map((_, index) => `scored-run-${index + 1}`),
    );
    const singleEffects = await effects(SINGLE);
    expect(await effects(LISTED)).toEqual(singleEffects);
    expect(singleEffects.outcomes).toHaveLength(PROSPECTS);
    expect(singleEffects.events).toHaveLength(PROSPECTS);
    // A dozen prospects, one of each per list: scores and industries (2 bulk writes), the runs (1 read), outcomes
    // inserted and marked (2), one update per rollup (all-time, week, day: 3), the events' numbers, read and insert (3).
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(11);
    expect(rows.filter((row) => row.collection === 'dashboard_rollups')).toEqual([expect.objectContaining({ op: 'updateOne', count: 3 })]);

    await activity.many!(list);
    expect(await effects(LISTED)).toEqual(singleEffects);
  });

  it('answers a missing prospect as not applied and a bad item with its own error, the others applied', async () => {
    const activity = createApplyScoreActivity(db)[APPLY_SCORE_ACTIVITY]!;
    const results = await activity.many!([
      item(LISTED, inputOf(2), 'run-again-2'),
      item(LISTED, { ...inputOf(3), prospectId: 999 }, 'run-missing'),
      item(LISTED, { prospectId: 'four' }, 'run-bad'),
      { input: inputOf(5) },
    ]);
    expect(results[0]).toMatchObject({ ok: true, output: { prospectId: 2, applied: true, outcomeEventId: 'scored-run-again-2' } });
    expect(results[1]).toMatchObject({ ok: true, output: { prospectId: 999, applied: false, outcomeEventId: null } });
    expect(results[2]).toMatchObject({ ok: false, error: { type: 'InvalidActivityInput' } });
    expect(results[3]).toMatchObject({ ok: false });
    expect(await db.outcomeEvents.exists({ workspaceId: LISTED, eventId: 'scored-run-missing' })).toBeNull();
  });
});
