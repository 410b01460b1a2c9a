import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { closeGate, mathPlugin, openGate, reachedGate } from '../../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import type { BatchView } from './batch-view.ts';
import { batchWorkflowId, startPipelineBatch } from './batches.ts';
import { TEST_OWNER } from '../../../../dev/testing/principals.ts';

/**
 * Holds each run at its input's gate until the test opens it, then fails for good on a negative n: one input
 * can be made to fail, and a batch kept running for as long as the test needs (math-plugin.ts: openGate).
 */
const definition = {
  id: 'slow-check',
  name: 'Slow check',
  nodes: [
    { id: 'hold', label: 'Hold', activity: 'math.hold', input: { n: '{{ input.n }}', gate: '{{ input.gate }}' } },
    { id: 'check', activity: 'math.checkPositive', input: { n: '{{ hold.n }}' } },
    { id: 'big', activity: 'math.double', input: { n: '{{ check.n }}' }, when: { path: 'check.n', op: 'gte', value: 25 } },
  ],
  edges: [
    { from: 'hold', to: 'check' },
    { from: 'check', to: 'big' },
  ],
};

/** The gates the runs of each test hold at; runs that need not hold pass the open one. */
const GATES = {
  open: 'batches-api.open',
  live: 'batches-api.live',
  retried: 'batches-api.retried',
  cancelled: 'batches-api.cancelled',
  sliced: 'batches-api.sliced',
  slicedCancel: 'batches-api.sliced-cancel',
  durations: 'batches-api.durations',
  midChunk: 'batches-api.mid-chunk',
};

let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
};
const view = async (batchId: string) => (await call('GET', `/api/batches/${batchId}`)).body as BatchView;
const startBatch = async (inputs: unknown[], chunkSize = 5) => {
  const started = await call('POST', `/api/pipelines/${definition.id}/batches`, { inputs, chunkSize });
  expect(started.status, started.text).toBe(201);
  return (started.body as { batchId: string }).batchId;
};
const ended = (batchId: string) =>
  expect.poll(async () => (await view(batchId)).status, { timeout: 30_000, interval: 200 }).not.toBe('running');

beforeAll(async () => {
  openGate(GATES.open);
  stack = await startTestPipelineWorker('batches-api', [mathPlugin]);
  server = await serveProductApp(stack);
  expect((await call('POST', '/api/pipelines', definition)).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await stack?.stop();
});

describe('GET /api/batches/{id}', () => {
  it('shows 50 runs going stage by stage, live, and once done the failed one with its error and input', async () => {
    // n = -1 fails "check"; n ≥ 25 run "big", the others skip it.
    const inputs = Array.from({ length: 50 }, (_, index) => ({ n: index - 1, gate: GATES.live }));
    const batchId = await startBatch(inputs);
    // Held at the gate, the batch is still running when it is read, however slow the machine.
    const first = await view(batchId);
    expect(first).toMatchObject({
      batchId,
      pipeline: { id: 'slow-check', name: 'Slow check', version: 1 },
      status: 'running',
      total: 50,
      finishedAt: null,
      retryOf: null,
      retries: [],
    });
    expect(first.stages.map((stage) => [stage.nodeId, stage.label, stage.total])).toEqual([
      ['hold', 'Hold', 50],
      ['check', 'check', 50],
      ['big', 'big', 50],
    ]);
    // While it runs the workflow answers: a run of a chunk under way (held at the gate) counts as running.
    await reachedGate(GATES.live);
    const midway = await view(batchId);
    expect(midway.stages[0]!.running).toBeGreaterThan(0);
    expect(midway.runsPerMinute === null || midway.runsPerMinute > 0).toBe(true);

    openGate(GATES.live);
    await ended(batchId);
    const done = await view(batchId);
    expect(done).toMatchObject({
      status: 'completed',
      runs: { pending: 0, running: 0, completed: 49, failed: 1, cancelled: 0 },
      etaSeconds: null,
      failures: [{ nodeId: 'check', error: '-1 is negative', input: { prospectId: null, summary: 'n: -1, gate: "batches-api.live"' } }],
    });
    expect(
      done.stages.map(({ nodeId, pending, running, completed, failed, skipped }) => [nodeId, pending, running, completed, failed, skipped]),
    ).toEqual([
      ['hold', 0, 0, 50, 0, 0],
      ['check', 0, 0, 49, 1, 0],
      ['big', 0, 0, 24, 0, 26],
    ]);
    expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));
    expect(done.runsPerMinute).toBeGreaterThan(0);
    const failed = await stack.db.pipelineRuns.findOne({ runId: done.failures[0]!.runId }, null, ACROSS_WORKSPACES).lean();
    expect(failed).toMatchObject({ batchId, status: 'failed', input: { n: -1 } });
  });

  it("shows a chunk's runs completed as each group of them is written, before the chunk returns (its heartbeats tell)", async () => {
    // One chunk of 30: its first group of 25 passes the open gate; the last 5 hold at theirs until the test opens it.
    const inputs = Array.from({ length: 30 }, (_, index) => ({ n: index + 1, gate: index < 25 ? GATES.open : GATES.midChunk }));
    const batchId = await startBatch(inputs, 30);
    await reachedGate(GATES.midChunk);
    const stageOf = async () => {
      const [hold] = (await view(batchId)).stages;
      return { pending: hold!.pending, running: hold!.running, completed: hold!.completed };
    };
    await expect.poll(stageOf, { timeout: 30_000, interval: 100 }).toEqual({ pending: 0, running: 5, completed: 25 });
    openGate(GATES.midChunk);
    await ended(batchId);
    expect(await stageOf()).toEqual({ pending: 0, running: 0, completed: 30 });
  });

  it('reads a batch started before batches were recorded from its runs, and keeps it in its workspace', async () => {
    const batchId = await startBatch([{ n: 1, gate: GATES.open }]);
    await ended(batchId);
    await stack.db.pipelineBatches.deleteOne({ workspaceId: 'default', batchId });
    expect(await view(batchId)).toMatchObject({ pipeline: { id: 'slow-check', version: 1 }, total: 1, runs: { completed: 1 } });
    expect(await stack.db.pipelineBatches.countDocuments({ workspaceId: 'default', batchId })).toBe(1);
    const elsewhere = await call('GET', `/api/batches/${batchId}?workspace=another`);
    expect([elsewhere.status, elsewhere.text]).toEqual([404, `No batch ${batchId} in this workspace`]);
  });
});

describe('POST /api/batches/{id}/retry-failed', () => {
  it('starts a batch of only the failed runs, same version, linked both ways; refuses while either runs or when none failed', async () => {
    const batchId = await startBatch(
      [-2, 3, -5, 7].map((n) => ({ n, gate: GATES.retried })),
      2,
    );
    // Its runs held at the gate, the batch is running for sure.
    const early = await call('POST', `/api/batches/${batchId}/retry-failed`);
    expect([early.status, early.text]).toEqual([
      409,
      `Batch ${batchId} is still running: retry its failed runs once it has finished (or cancel it)`,
    ]);
    openGate(GATES.retried);
    await ended(batchId);

    // The retry's runs come back with the same inputs: the gate shut again, they hold at it in turn.
    closeGate(GATES.retried);
    const retried = await call('POST', `/api/batches/${batchId}/retry-failed`);
    expect(retried.status, retried.text).toBe(201);
    const retry = retried.body as { batchId: string; total: number; retryOf: string };
    expect(retry).toMatchObject({ total: 2, retryOf: batchId });
    const again = await call('POST', `/api/batches/${batchId}/retry-failed`);
    expect([again.status, again.text]).toEqual([
      409,
      `Batch ${retry.batchId}, a retry of batch ${batchId}, is still running: wait for it to finish`,
    ]);

    openGate(GATES.retried);
    await ended(retry.batchId);
    const ofRetry = await view(retry.batchId);
    expect(ofRetry).toMatchObject({ retryOf: batchId, pipeline: { version: 1 }, total: 2, runs: { failed: 2 } });
    expect(ofRetry.failures.map((failure) => failure.input.summary).sort()).toEqual([
      'n: -2, gate: "batches-api.retried"',
      'n: -5, gate: "batches-api.retried"',
    ]);
    expect((await view(batchId)).retries).toEqual([{ batchId: retry.batchId, startedAt: expect.any(String), total: 2 }]);

    const clean = await startBatch([{ n: 1, gate: GATES.open }]);
    await ended(clean);
    const none = await call('POST', `/api/batches/${clean}/retry-failed`);
    expect([none.status, none.text]).toEqual([409, `Nothing to retry: no run of batch ${clean} failed`]);
    const unknown = await call('POST', '/api/batches/no-such-batch/retry-failed');
    expect([unknown.status, unknown.text]).toEqual([404, 'No batch no-such-batch in this workspace']);
  });
});

describe('POST /api/batches/{id}/cancel', () => {
  it('stops a running batch: its unfinished runs end cancelled, nothing more runs, and a second cancel changes nothing', async () => {
    const batchId = await startBatch(
      Array.from({ length: 50 }, (_, index) => ({ n: index, gate: GATES.cancelled })),
      5,
    );
    // Chunks are under way, each held at its first run until the test opens the gate (after the cancel).
    await reachedGate(GATES.cancelled);
    expect((await view(batchId)).stages[0]!.running).toBeGreaterThan(0);
    const cancelled = await call('POST', `/api/batches/${batchId}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    const answer = cancelled.body as BatchView;
    expect(answer).toMatchObject({
      status: 'cancelled',
      etaSeconds: null,
      runs: { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 50 },
    });
    expect(answer.stages.slice(1).map((stage) => stage.skipped)).toEqual([50, 50]);
    expect(answer.finishedAt).not.toBeNull();
    const handle = stack.runner.temporal.workflow.getHandle(batchWorkflowId(batchId));
    expect((await handle.describe()).status.name).toBe('CANCELLED');
    const run = await stack.db.pipelineRuns.findOne({ workspaceId: 'default', batchId, status: 'cancelled' }).lean();
    expect(run?.error).toBe(`cancelled: batch ${batchId} was cancelled before this run finished`);

    // Let go, a chunk under way goes on past the open gate until its next look (at most a second) stops it.
    // Once none is left on the worker, with the workflow closed, nothing can run: no chunk could end
    // before the cancel, so none started after the ones then under way, and the first stage never ran to its end.
    openGate(GATES.cancelled);
    await expect.poll(() => stack.activitiesInFlight()).toBe(0);
    expect(await stack.db.stepOutputs.countDocuments({ runId: { $in: await runIdsOf(batchId) } })).toBeLessThan(50);
    expect(await stack.db.pipelineRuns.countDocuments({ workspaceId: 'default', batchId, 'steps.hold.status': 'running' })).toBe(0);

    const twice = await call('POST', `/api/batches/${batchId}/cancel`);
    expect([twice.status, (twice.body as BatchView).runs]).toEqual([200, answer.runs]);
    const finished = await startBatch([{ n: 1, gate: GATES.open }]);
    await ended(finished);
    const late = await call('POST', `/api/batches/${finished}/cancel`);
    expect([late.status, late.text]).toEqual([409, `Batch ${finished} has already finished: there is nothing left to cancel`]);
    expect((await call('POST', '/api/batches/no-such-batch/cancel')).status).toBe(404);

    // The cancelled history replays on today's code.
    const history = await handle.fetchHistory();
    await expect(Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history)).resolves.toBeUndefined();
  });
});

describe('a batch larger than its slice (GET /api/batches/{id}, cancel)', () => {
  /** Starts a batch of the inputs in slices of two, one run a chunk. */
  const startSliced = async (inputs: unknown[]) =>
    (
      await startPipelineBatch(stack.runner, {
        principal: TEST_OWNER,
        workspaceId: 'default',
        definition,
        inputs,
        chunkSize: 1,
        sliceSize: 2,
      })
    ).batchId;
  const counts = (batch: BatchView) => ({
    runs: batch.runs,
    hold: [batch.stages[0]!.pending, batch.stages[0]!.running, batch.stages[0]!.completed],
    big: batch.stages[2]!.condition,
    failures: batch.failures.map((failure) => failure.error),
  });

  it('runs its slices one after another as child batches, and is seen whole while they run: the finished slice, the one under way, those to come', async () => {
    // Slice 1 passes the open gate (n = -1 fails "check"); slices 2 and 3 hold at theirs until the test opens it. "big" runs for n ≥ 25.
    const gates = [GATES.open, GATES.open, GATES.sliced, GATES.sliced, GATES.sliced, GATES.sliced];
    const batchId = await startSliced(gates.map((gate, index) => ({ n: index === 0 ? -1 : [31, 2, 33, 34, 35][index - 1], gate })));
    await reachedGate(GATES.sliced);
    await expect
      .poll(async () => counts(await view(batchId)), { timeout: 30_000, interval: 100 })
      .toEqual({
        runs: { pending: 2, running: 2, completed: 1, failed: 1, cancelled: 0 },
        hold: [2, 2, 2],
        big: { met: 1, unmet: 0 }, // slice 1: n = 31 held it; n = -1 never reached "check"'s output
        failures: ['-1 is negative'],
      });
    const workflowId = batchWorkflowId(batchId);
    const status = (id: string) =>
      stack.runner.temporal.workflow
        .getHandle(id)
        .describe()
        .then(
          (described) => described.status.name,
          () => 'none',
        );
    expect(await Promise.all([1, 2, 3].map((slice) => status(`${workflowId}-slice-${slice}`)))).toEqual(['COMPLETED', 'RUNNING', 'none']);

    openGate(GATES.sliced);
    await ended(batchId);
    expect(counts(await view(batchId))).toEqual({
      runs: { pending: 0, running: 0, completed: 5, failed: 1, cancelled: 0 },
      hold: [0, 0, 6],
      big: { met: 4, unmet: 1 },
      failures: ['-1 is negative'],
    });
    expect((await view(batchId)).stages.map((stage) => [stage.nodeId, stage.completed, stage.failed, stage.skipped])).toEqual([
      ['hold', 6, 0, 0],
      ['check', 5, 1, 0],
      ['big', 4, 0, 2],
    ]);
    expect(await Promise.all([1, 2, 3].map((slice) => status(`${workflowId}-slice-${slice}`)))).toEqual([
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
    ]);
    // The batch's history and a slice's replay on today's code.
    const workflowBundle = { codePath: inject('workflowBundlePath') };
    for (const id of [workflowId, `${workflowId}-slice-2`]) {
      const history = await stack.runner.temporal.workflow.getHandle(id).fetchHistory();
      await expect(Worker.runReplayHistory({ workflowBundle }, history, id), id).resolves.toBeUndefined();
    }
  });

  it('cancels the slice under way with the batch, and the slices to come never start', async () => {
    const batchId = await startSliced(Array.from({ length: 4 }, (_, n) => ({ n, gate: GATES.slicedCancel })));
    await reachedGate(GATES.slicedCancel);
    const cancelled = await call('POST', `/api/batches/${batchId}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((cancelled.body as BatchView).runs).toEqual({ pending: 0, running: 0, completed: 0, failed: 0, cancelled: 4 });
    const workflowId = batchWorkflowId(batchId);
    expect((await stack.runner.temporal.workflow.getHandle(workflowId).describe()).status.name).toBe('CANCELLED');
    await expect
      .poll(async () => (await stack.runner.temporal.workflow.getHandle(`${workflowId}-slice-1`).describe()).status.name)
      .toBe('CANCELLED');
    await expect(stack.runner.temporal.workflow.getHandle(`${workflowId}-slice-2`).describe()).rejects.toThrow(/not found/i);
    openGate(GATES.slicedCancel);
    await expect.poll(() => stack.activitiesInFlight()).toBe(0);
    expect(await stack.db.pipelineRuns.countDocuments({ workspaceId: 'default', batchId, status: 'cancelled' })).toBe(4);
  });
});

/** The run ids of a batch. */
async function runIdsOf(batchId: string): Promise<string[]> {
  return (await stack.db.pipelineRuns.find({ workspaceId: 'default', batchId }, { runId: 1 }).lean()).map((run) => run.runId);
}

describe("each run of a batch: its own times, not the batch's (GET /api/runs, GET /api/runs/{id})", () => {
  type RunTimes = { runId: string; status: string; startedAt?: string; endedAt?: string; steps: Record<string, StepTimes> };
  type StepTimes = { startedAt?: string; endedAt?: string };
  const run = async (runId: string) => (await call('GET', `/api/runs/${runId}`)).body as RunTimes;
  const stepTimes = (of: RunTimes, key: 'startedAt' | 'endedAt') =>
    Object.values(of.steps).flatMap((step) => (step.startedAt && step[key] ? [Date.parse(step[key])] : []));

  it('starts with its first step, ends with the last step it ran, and has no end while its batch runs', async () => {
    // One chunk at a time: the second run starts once the first has held; it holds until the test opens its gate and
    // then also runs "big" (n ≥ 25), which the first skips.
    const inputs = [
      { n: 1, gate: GATES.open },
      { n: 30, gate: GATES.durations },
    ];
    const { batchId } = await startPipelineBatch(stack.runner, {
      workspaceId: 'default',
      principal: TEST_OWNER,
      definition,
      inputs,
      chunkSize: 1,
      concurrency: 1,
    });
    const ids = (await stack.db.pipelineRuns.find({ workspaceId: 'default', batchId }, { runId: 1, input: 1 }).lean())
      .sort((a, b) => (a.input as { n: number }).n - (b.input as { n: number }).n)
      .map((record) => record.runId);
    const [quick, held] = ids as [string, string];
    await reachedGate(GATES.durations);
    // Both records say the batch's start; each run says its own, and neither has ended. The held run has its own start
    // once its chunk has run long enough to be marked running (batch-activities.ts: MARK_RUNNING_AFTER_MS).
    const records = await stack.db.pipelineRuns.find({ workspaceId: 'default', batchId }, { startedAt: 1 }).lean();
    expect(new Set(records.map((record) => record.startedAt?.getTime())).size).toBe(1);
    await expect.poll(async () => (await run(held)).startedAt, { timeout: 10_000, interval: 100 }).toBeDefined();
    const [quickMidway, heldMidway] = [await run(quick), await run(held)];
    expect(quickMidway).toMatchObject({ status: 'running', startedAt: quickMidway.steps.hold!.startedAt });
    expect(quickMidway.endedAt).toBeUndefined();
    expect(Date.parse(heldMidway.startedAt!)).toBeGreaterThan(Date.parse(quickMidway.startedAt!));

    openGate(GATES.durations);
    await ended(batchId);
    const batch = await view(batchId);
    const listed = (await call('GET', '/api/runs?limit=10')).body as RunTimes[];
    for (const runId of [quick, held]) {
      const own = await run(runId);
      expect(listed.find((entry) => entry.runId === runId)).toMatchObject({ startedAt: own.startedAt, endedAt: own.endedAt });
      expect(Date.parse(own.startedAt!)).toBe(Math.min(...stepTimes(own, 'startedAt')));
      expect(Date.parse(own.endedAt!)).toBe(Math.max(...stepTimes(own, 'endedAt')));
      expect(Date.parse(own.startedAt!)).toBeGreaterThanOrEqual(Date.parse(batch.startedAt));
    }
    const [quickDone, heldDone] = [await run(quick), await run(held)];
    expect(quickDone.steps.big).toMatchObject({ status: 'skipped' });
    // The quick run ended with its check; the held one with "big", after it: two durations, neither the batch's.
    expect(Date.parse(quickDone.endedAt!)).toBeLessThan(Date.parse(heldDone.endedAt!));
    expect(Date.parse(heldDone.endedAt!)).toBeLessThanOrEqual(Date.parse(batch.finishedAt!));
    const duration = (of: RunTimes) => Date.parse(of.endedAt!) - Date.parse(of.startedAt!);
    expect(duration(quickDone)).not.toBe(duration(heldDone));
  });
});
