import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { fixedClock, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningEnginePlugin } from './index.ts';
import { techStackLeads } from './synthetic.test-support.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const depsAt = (iso: string) => testDeps(learningEnginePlugin, { db: database.db, clock: fixedClock(iso) });
const outcomes = (replies: number) => ({
  sends: 1000,
  replies,
  meetingsBooked: 20,
  meetingsAttended: 15,
  templates: [{ template: 'pain-point' as const, sent: 600, replied: 300, positive: 90 }],
  scoredLeads: techStackLeads(150),
});

describe('runLearningCycle', () => {
  it('returns the stored result on a retry with the same cycleId and writes once', async () => {
    const first = await runActivity(
      learningEnginePlugin,
      'runLearningCycle',
      { workspaceId: 'ws-a', cycleId: 'retry-1', outcomes: outcomes(200) },
      depsAt('2026-11-22T09:00:00Z'),
    );
    const retry = await runActivity(
      learningEnginePlugin,
      'runLearningCycle',
      { workspaceId: 'ws-a', cycleId: 'retry-1', outcomes: outcomes(200) },
      depsAt('2026-11-22T10:00:00Z'),
    );
    expect(retry).toEqual(first);
    expect(await database.db.cycles.countDocuments({ workspaceId: 'ws-a', cycleId: 'retry-1' })).toBe(1);
    expect(first.insights[0]?.title).toBe('Response rate 20.0%');
    expect(first.metrics).toMatchObject({ response_rate: 20, meeting_booked: 20, sampleSize: 150 });
  });

  it('stores one result when two attempts of the same cycle race', async () => {
    const run = (iso: string) =>
      runActivity(
        learningEnginePlugin,
        'runLearningCycle',
        { workspaceId: 'ws-race', cycleId: 'race-1', outcomes: outcomes(300) },
        depsAt(iso),
      );
    const [one, two] = await Promise.all([run('2026-11-22T09:00:00Z'), run('2026-11-22T09:00:01Z')]);
    expect(two).toEqual(one);
    expect(await database.db.cycles.countDocuments({ workspaceId: 'ws-race' })).toBe(1);
  });

  it('runs the same cycleId independently in another workspace', async () => {
    const other = await runActivity(
      learningEnginePlugin,
      'runLearningCycle',
      { workspaceId: 'ws-b', cycleId: 'retry-1', outcomes: outcomes(100) },
      depsAt('2026-11-22T11:00:00Z'),
    );
    expect(other.metrics.response_rate).toBe(10);
    expect(await database.db.cycles.countDocuments({ cycleId: 'retry-1' }, ACROSS_WORKSPACES)).toBe(2);
  });

  it('rejects outcomes that cannot be true, naming the field', async () => {
    await expect(
      runActivity(
        learningEnginePlugin,
        'runLearningCycle',
        { workspaceId: 'ws-a', cycleId: 'bad', outcomes: { ...outcomes(200), replies: 2000 } },
        depsAt('2026-11-22T09:00:00Z'),
      ),
    ).rejects.toThrow(/replies cannot exceed sends/);
  });
});

describe('listCycles', () => {
  it("lists a workspace's cycles newest first and nothing of other workspaces", async () => {
    await runActivity(
      learningEnginePlugin,
      'runLearningCycle',
      { workspaceId: 'ws-a', cycleId: 'later', outcomes: outcomes(250) },
      depsAt('2026-11-29T09:00:00Z'),
    );
    const listed = await runActivity(learningEnginePlugin, 'listCycles', { workspaceId: 'ws-a' }, depsAt('2026-11-30T09:00:00Z'));
    expect(listed.total).toBe(2);
    expect(listed.cycles.map((cycle) => cycle.cycleId)).toEqual(['later', 'retry-1']);
    expect(listed.cycles[0]).toMatchObject({ createdAt: '2026-11-29T09:00:00.000Z', metrics: { response_rate: 25 } });
    const limited = await runActivity(
      learningEnginePlugin,
      'listCycles',
      { workspaceId: 'ws-a', limit: 1 },
      depsAt('2026-11-30T09:00:00Z'),
    );
    expect(limited.cycles).toHaveLength(1);
    const otherWorkspace = await runActivity(learningEnginePlugin, 'listCycles', { workspaceId: 'ws-b' }, depsAt('2026-11-30T09:00:00Z'));
    expect(otherWorkspace.cycles.map((cycle) => cycle.metrics.response_rate)).toEqual([10]);
    const empty = await runActivity(learningEnginePlugin, 'listCycles', { workspaceId: 'ws-none' }, depsAt('2026-11-30T09:00:00Z'));
    expect(empty).toEqual({ total: 0, cycles: [] });
  });
});
