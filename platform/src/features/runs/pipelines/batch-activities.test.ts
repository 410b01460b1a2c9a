import { randomUUID } from 'node:crypto';
import { noNetwork } from '@meetflow/plugin-sdk/testing';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { MockActivityEnvironment } from '@temporalio/testing';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countDbOps, totalOps } from '../../../../dev/bench/db-ops.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { calls, MATH_BATCH_PIPELINE, mathPlugin, openGate, reachedGate } from '../../../../dev/testing/math-plugin.ts';
import { TEST_OWNER } from '../../../../dev/testing/principals.ts';
import { createModels, type Models } from '../../models.ts';
import { PluginHost } from '../plugins/host.ts';
import { pluginVersions } from '../plugins/versions.ts';
import { outputId } from './activities.ts';
import type { ChunkProgress, ChunkResult } from '@meetflow/workflows';
import { createBatchActivities } from './batch-activities.ts';
import { preparePipeline } from './definition.ts';

// A chunk's step on the real database, called as the worker calls it (in an activity's context):
// its run records and outputs cost round trips per chunk, not per run, and each run's result is
// still its own (the batch workflow around it is covered by batches.test.ts).

let database: mongoose.Connection;
let db: Models;
let activities: ReturnType<typeof createBatchActivities>;
/** The same, marking a chunk's runs running as soon as it starts (the others never do within a test). */
let markingAtOnce: ReturnType<typeof createBatchActivities>;
const host = PluginHost.load([mathPlugin]);
const definition = preparePipeline(MATH_BATCH_PIPELINE, host.activityIndex(), TEST_OWNER);
const holding = preparePipeline(
  {
    id: 'hold-demo',
    name: 'Hold demo',
    nodes: [{ id: 'wait', activity: 'math.hold', input: { n: '{{ input.n }}', gate: '{{ input.gate }}' } }],
    edges: [],
  },
  host.activityIndex(),
  TEST_OWNER,
);
const silent = { logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } };
/** Runs a chunk as attempt `attempt` of its activity. */
const inChunk = <T>(attempt: number, work: () => Promise<T>) =>
  new MockActivityEnvironment({ activityType: 'executeStepChunk', attempt }, silent).run<[], T, () => Promise<T>>(work);

beforeAll(async () => {
  database = await openTestDatabase('batch-activities');
  db = createModels(database);
  await Promise.all(Object.values(db).map((model) => model.init()));
  const deps = {
    db,
    plugins: host.activities({
      connection: database,
      http: noNetwork,
      logger: pino({ level: 'silent' }),
      clock: { now: () => new Date() },
      llm: null,
    }),
    versions: pluginVersions([mathPlugin]),
    declared: host.activityIndex(),
  };
  activities = createBatchActivities({ ...deps, markRunningAfterMs: 600_000 });
  markingAtOnce = createBatchActivities({ ...deps, markRunningAfterMs: 0 });
});
afterAll(async () => {
  await database?.dropDatabase();
  await database?.close();
});

/** Records runs of the batch pipeline (or another) for these inputs, as a started batch has them. */
async function recordRuns(ns: number[], pipeline = definition, extra: Record<string, unknown> = {}): Promise<string[]> {
  const batchId = randomUUID();
  const runs = ns.map((n) => ({
    runId: randomUUID(),
    workspaceId: 'ws-chunk',
    pipelineId: pipeline.id,
    pipelineVersion: pipeline.version,
    definition: pipeline,
    input: { n, ...extra },
    startedBy: TEST_OWNER,
    status: 'running' as const,
    steps: Object.fromEntries(pipeline.nodes.map((node) => [node.id, { status: 'pending', activity: node.activity, attempts: 0 }])),
    batchId,
  }));
  await db.pipelineBatches.create({
    batchId,
    workspaceId: 'ws-chunk',
    pipelineId: pipeline.id,
    pipelineVersion: pipeline.version,
    definition: pipeline,
    workflowId: `pipeline-batch-${batchId}`,
    total: runs.length,
    chunkSize: runs.length,
    startedAt: new Date(),
  });
  await db.pipelineRuns.insertMany(runs);
  return runs.map((run) => run.runId);
}

/** Runs a chunk as attempt `attempt` of its activity, with the heartbeat details it sent, in order. */
const beatsOf = async <T>(attempt: number, work: () => Promise<T>) => {
  const environment = new MockActivityEnvironment({ activityType: 'executeStepChunk', attempt }, silent);
  const beats: ChunkProgress[] = [];
  environment.on('heartbeat', (details: ChunkProgress) => beats.push(details));
  const result = await environment.run<[], T, () => Promise<T>>(work).catch((error: unknown) => error);
  return { result, beats };
};

/** A chunk's results by run id (a chunk answers in the order it read its runs). */
const byRun = (results: ChunkResult[]) => Object.fromEntries(results.map(({ runId, ...result }) => [runId, result]));

const runsOf = async (runIds: string[]) => {
  const runs = await db.pipelineRuns.find({ runId: { $in: runIds } }, null, ACROSS_WORKSPACES).lean();
  return runIds.map((runId) => runs.find((run) => run.runId === runId)!);
};

describe("a chunk's step", () => {
  it('reads and writes the run records and outputs once per chunk, whatever its size, each run with its own result', async () => {
    const measured: Array<{ runs: number; pipelineruns: number; stepoutputs: number }> = [];
    for (const size of [3, 12]) {
      // n < 0 fails "check" for good: one run of each chunk.
      const runIds = await recordRuns([-1, ...Array.from({ length: size - 1 }, (_, index) => index + 1)]);
      await inChunk(1, () => activities.executeStepChunk({ nodeId: 'start', runIds, watch: [] }));
      const counter = countDbOps(database);
      const results = await inChunk(1, () => activities.executeStepChunk({ nodeId: 'check', runIds, watch: ['n'] }));
      const rows = counter.stop();
      measured.push({
        runs: size,
        pipelineruns: totalOps(rows, { collections: ['pipelineruns'] }),
        stepoutputs: totalOps(rows, { collections: ['stepoutputs'] }),
      });

      expect(byRun(results)).toEqual(
        Object.fromEntries([
          [runIds[0], { status: 'failed', error: '-2 is negative' }],
          ...runIds.slice(1).map((runId, index) => [runId, { status: 'completed', summary: { n: 2 * (index + 1) } }]),
        ]),
      );
      const runs = await runsOf(runIds);
      expect(runs[0]!.steps.check).toMatchObject({ status: 'failed', attempts: 1, error: '-2 is negative' });
      for (const run of runs.slice(1)) {
        const step = run.steps.check!;
        expect(step).toMatchObject({
          status: 'completed',
          attempts: 1,
          pluginVersion: '1.0.0',
          outputRef: `step-outputs/${run.runId}/check`,
        });
        expect(step.startedAt!.getTime()).toBeLessThanOrEqual(step.endedAt!.getTime());
        expect(step.error).toBeUndefined();
      }
      // Stored under the id a later chunk reads it by.
      const stored = await db.stepOutputs.findOne({ _id: outputId(runIds[1]!, 'check') }).lean();
      expect(stored).toMatchObject({ runId: runIds[1], nodeId: 'check', output: { n: 2 } });
    }
    // Runs read once and recorded once (a step ending before the mark delay is never marked running); outputs read
    // once and written once: the same for 3 runs as for 12.
    expect(measured).toEqual([
      { runs: 3, pipelineruns: 2, stepoutputs: 2 },
      { runs: 12, pipelineruns: 2, stepoutputs: 2 },
    ]);
  });

  it('shows its runs running once it has run for the mark delay, and records each as it ended, never running again', async () => {
    const runIds = await recordRuns([1, 2], holding, { gate: 'mark-running' });
    const chunk = inChunk(1, () => markingAtOnce.executeStepChunk({ nodeId: 'wait', runIds, watch: [] }));
    await reachedGate('mark-running');
    await vi.waitFor(async () => expect((await runsOf(runIds)).map((run) => run.steps.wait!.status)).toEqual(['running', 'running']), {
      timeout: 10_000,
      interval: 50,
    });
    openGate('mark-running');
    expect(byRun(await chunk)).toEqual({
      [runIds[0]!]: { status: 'completed', summary: {} },
      [runIds[1]!]: { status: 'completed', summary: {} },
    });
    for (const run of await runsOf(runIds)) {
      expect(run.steps.wait).toMatchObject({ status: 'completed', attempts: 1 });
      expect(run.steps.wait!.startedAt!.getTime()).toBeLessThanOrEqual(run.steps.wait!.endedAt!.getTime());
    }
    // A step that ends at once is recorded completed whenever the mark lands: it only ever marks a step still pending.
    const quick = await recordRuns([3, 4, 5]);
    await inChunk(1, () => markingAtOnce.executeStepChunk({ nodeId: 'start', runIds: quick, watch: [] }));
    expect((await runsOf(quick)).map((run) => run.steps.start!.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('skips on a retry the runs completed, and keeps a transient failure running until the retry completes it', async () => {
    const runIds = await recordRuns([10, 20]);
    await inChunk(1, () => activities.executeStepChunk({ nodeId: 'start', runIds, watch: [] }));
    const before = calls.length;
    // The first attempt of flakyIncrement fails, transiently, for every run: the chunk fails after running them all.
    await expect(inChunk(1, () => activities.executeStepChunk({ nodeId: 'bump', runIds, watch: ['n'] }))).rejects.toThrow(/transient/);
    expect((await runsOf(runIds)).map((run) => run.steps.bump)).toEqual([
      expect.objectContaining({ status: 'running', attempts: 1, error: expect.stringMatching(/transient/) }),
      expect.objectContaining({ status: 'running', attempts: 1, error: expect.stringMatching(/transient/) }),
    ]);
    const bumpedTo = {
      [runIds[0]!]: { status: 'completed', summary: { n: 21 } },
      [runIds[1]!]: { status: 'completed', summary: { n: 41 } },
    };
    expect(byRun(await inChunk(2, () => activities.executeStepChunk({ nodeId: 'bump', runIds, watch: ['n'] })))).toEqual(bumpedTo);
    const bumped = (await runsOf(runIds)).map((run) => run.steps.bump!);
    expect(bumped.map(({ status, attempts, error }) => ({ status, attempts, error }))).toEqual([
      { status: 'completed', attempts: 2, error: undefined },
      { status: 'completed', attempts: 2, error: undefined },
    ]);
    // A third attempt (its chunk retried after a cut) runs neither again: their recorded outputs answer.
    expect(byRun(await inChunk(3, () => activities.executeStepChunk({ nodeId: 'bump', runIds, watch: ['n'] })))).toEqual(bumpedTo);
    expect(calls.slice(before).sort()).toEqual([
      'flakyIncrement(20)#1',
      'flakyIncrement(20)#2',
      'flakyIncrement(40)#1',
      'flakyIncrement(40)#2',
    ]);
    expect((await runsOf(runIds)).map((run) => run.steps.bump!.attempts)).toEqual([2, 2]);
  });

  it('tells in its heartbeats how its runs stand as each group is written: completed, failed for good, the conditions decided', async () => {
    // 30 runs, two groups (25 and 5). n = -1 fails "check" for good; "big" runs where bump's n = 2n + 1 ≥ 50, for n = 25…29.
    const runIds = await recordRuns([-1, ...Array.from({ length: 29 }, (_, index) => index + 1)]);
    await inChunk(1, () => activities.executeStepChunk({ nodeId: 'start', runIds, watch: [] }));
    const told = (beats: ChunkProgress[]) =>
      beats.map(({ done, completed, failed, conditions }) => ({ done, completed, failed, conditions }));

    const check = await beatsOf(1, () => activities.executeStepChunk({ nodeId: 'check', runIds, watch: [] }));
    expect(check.beats.every((beat) => beat.nodeId === 'check' && beat.firstRunId === runIds[0])).toBe(true);
    expect(told(check.beats)).toEqual([
      { done: 0, completed: 0, failed: 0, conditions: {} },
      { done: 25, completed: 24, failed: 1, conditions: {} },
      { done: 25, completed: 24, failed: 1, conditions: {} },
      { done: 30, completed: 29, failed: 1, conditions: {} },
    ]);

    // bump's first attempt fails every run transiently: they stay running, none told completed or failed.
    const first = await beatsOf(1, () => activities.executeStepChunk({ nodeId: 'bump', runIds, watch: ['n'] }));
    expect(String(first.result)).toMatch(/transient/);
    expect(told(first.beats).map(({ completed, failed }) => completed + failed)).toEqual([0, 0, 0, 0]);
    const second = await beatsOf(2, () => activities.executeStepChunk({ nodeId: 'bump', runIds, watch: ['n'] }));
    expect(told(second.beats)).toEqual([
      { done: 0, completed: 0, failed: 0, conditions: {} },
      { done: 25, completed: 25, failed: 0, conditions: { big: { met: 0, unmet: 25 } } }, // the chunk's first 25: n = -1…24
      { done: 25, completed: 25, failed: 0, conditions: { big: { met: 0, unmet: 25 } } },
      { done: 30, completed: 30, failed: 0, conditions: { big: { met: 5, unmet: 25 } } },
    ]);
    // A retry after a cut finds them completed, and tells them so from their stored outputs.
    const third = await beatsOf(3, () => activities.executeStepChunk({ nodeId: 'bump', runIds, watch: ['n'] }));
    expect(told(third.beats).at(-1)).toEqual({ done: 30, completed: 30, failed: 0, conditions: { big: { met: 5, unmet: 25 } } });
  });

  it('reads an output stored before outputs had their derived id by its run and node', async () => {
    const runIds = await recordRuns([4, 5]);
    // As an earlier version stored them: a random _id.
    await db.stepOutputs.create({ runId: runIds[0], nodeId: 'start', output: { n: 8 } });
    await db.stepOutputs.create({ runId: runIds[1], nodeId: 'start', output: { n: 10 } });
    await db.pipelineRuns.updateMany(
      { runId: { $in: runIds } },
      { $set: { 'steps.start.status': 'completed', 'steps.start.outputRef': 'step-outputs/x/start' } },
      ACROSS_WORKSPACES,
    );
    const fromOld = { [runIds[0]!]: { status: 'completed', summary: { n: 8 } }, [runIds[1]!]: { status: 'completed', summary: { n: 10 } } };
    expect(byRun(await inChunk(1, () => activities.executeStepChunk({ nodeId: 'check', runIds, watch: ['n'] })))).toEqual(fromOld);
    // And a completed run's summary comes from its own old output too.
    expect(byRun(await inChunk(1, () => activities.executeStepChunk({ nodeId: 'start', runIds, watch: ['n'] })))).toEqual(fromOld);
  });
});
