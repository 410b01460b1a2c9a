import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_OWNER } from '../../../../dev/testing/principals.ts';
import { InputError } from '../../../core/errors.ts';
import { batchProgressQuery } from '@meetflow/workflows';
import { MATH_BATCH_PIPELINE, mathPlugin, openGate, reachedGate } from '../../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { startPipelineBatch } from './batches.ts';

const definition = MATH_BATCH_PIPELINE;

let stack: TestPipelineWorker;
beforeAll(async () => {
  stack = await startTestPipelineWorker('batches', [mathPlugin]);
});
afterAll(() => stack.stop());

describe('the batch runner on the real dev server', () => {
  it('runs 60 inputs stage by stage in chunks, isolates failures, retries transient ones, and continues as new', async () => {
    // n = -3..56: negative n fail "check" for good; bump.n = 2n + 1 ≥ 50 from n = 25 on.
    const inputs = Array.from({ length: 60 }, (_, index) => ({ n: index - 3 }));
    const batch = await startPipelineBatch(stack.runner, {
      principal: TEST_OWNER,
      workspaceId: 'ws-batch',
      definition,
      inputs,
      chunkSize: 7,
      maxHistory: 10,
    });
    const handle = stack.runner.temporal.workflow.getHandle(batch.workflowId);
    const progress = await handle.result();

    expect(progress).toMatchObject({
      total: 60,
      levels: 3,
      nodes: {
        start: { completed: 60 },
        bump: { completed: 60 },
        check: { completed: 57, failed: 3 },
        big: { completed: 32, skipped: 28 },
      },
    });
    const runs = await stack.db.pipelineRuns.find({ workspaceId: 'ws-batch', batchId: batch.batchId }).lean();
    expect(runs).toHaveLength(60);
    const byN = new Map(runs.map((run) => [(run.input as { n: number }).n, run]));
    expect(byN.get(-1)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('step "check" failed'),
      steps: { check: { status: 'failed' } },
    });
    expect(byN.get(24)).toMatchObject({ status: 'completed', steps: { big: { status: 'skipped' } } });
    expect(byN.get(25)).toMatchObject({ status: 'completed', steps: { big: { status: 'completed' } } });
    // The flaky step failed its first attempt for its chunk and succeeded on the retry; each run's step completed once.
    expect(runs.every((run) => run.steps.bump?.status === 'completed')).toBe(true);
    expect(await stack.db.stepOutputs.findOne({ runId: byN.get(25)!.runId, nodeId: 'big' }).lean()).toMatchObject({ output: { n: 102 } });

    // History stayed short: the first execution continued as new, and the last one is another run of the chain.
    const firstRun = stack.runner.temporal.workflow.getHandle(batch.workflowId, batch.firstRunId);
    expect((await firstRun.describe()).status.name).toBe('CONTINUED_AS_NEW');
    expect((await handle.describe()).runId).not.toBe(batch.firstRunId);
    const histories = [{ workflowId: batch.workflowId, history: await firstRun.fetchHistory() }];
    for await (const replay of Worker.runReplayHistories({ workflowBundle: { codePath: inject('workflowBundlePath') } }, histories)) {
      expect(replay.error).toBeUndefined();
    }
  });

  it("runs a chunk's step that sets its own plugin settings on the plugin bound with them, for every run of the chunk", async () => {
    const settings = {
      id: 'batch-settings',
      name: 'Batch settings',
      nodes: [{ id: 'scale', activity: 'math.scale', input: { n: '{{ input.n }}' }, config: { factor: -2 } }],
      edges: [],
    };
    const inputs = [{ n: 1 }, { n: 2 }, { n: 3 }];
    const batch = await startPipelineBatch(stack.runner, {
      principal: TEST_OWNER,
      workspaceId: 'ws-batch',
      definition: settings,
      inputs,
      chunkSize: 2,
    });
    expect(await stack.runner.temporal.workflow.getHandle(batch.workflowId).result()).toMatchObject({
      nodes: { scale: { completed: 3 } },
    });
    const runs = await stack.db.pipelineRuns.find({ workspaceId: 'ws-batch', batchId: batch.batchId }).lean();
    const outputs = await stack.db.stepOutputs.find({ runId: { $in: runs.map((run) => run.runId) }, nodeId: 'scale' }).lean();
    expect(outputs.map((stored) => (stored.output as { n: number }).n).sort((a, b) => a - b)).toEqual([-6, -4, -2]);
  });

  it('holds a stage to its concurrency: with 2 chunks in flight at most, no third step starts while two run', async () => {
    const paced = {
      id: 'batch-paced',
      name: 'Paced',
      nodes: [{ id: 'hold', activity: 'math.hold', input: { n: '{{ input.n }}', gate: '{{ input.gate }}' } }],
      edges: [],
    };
    // Each run holds at its own gate until the test lets it go.
    const inputs = Array.from({ length: 6 }, (_, n) => ({ n, gate: `paced-${n}` }));
    const batch = await startPipelineBatch(stack.runner, {
      principal: TEST_OWNER,
      workspaceId: 'ws-paced',
      definition: paced,
      inputs,
      chunkSize: 1,
      concurrency: 2,
    });
    const handle = stack.runner.temporal.workflow.getHandle(batch.workflowId);
    let notYet = inputs.map(({ gate }) => gate);
    const held: string[] = [];
    /** Waits until one more run holds at its gate. */
    const nextHeld = async () => {
      const gate = await Promise.race(notYet.map((name) => reachedGate(name).then(() => name)));
      notYet = notYet.filter((name) => name !== gate);
      held.push(gate);
    };
    await nextHeld();
    await nextHeld();
    for (let released = 0; ; released++) {
      // Two held: the workflow task that started the later one started every chunk that had a place,
      // and the workflow answers for that task (a third chunk started would count as running).
      const { nodes } = await handle.query(batchProgressQuery);
      expect({ pending: 0, running: 0, completed: 0, ...nodes.hold }).toEqual({ completed: released, running: 2, pending: 4 - released });
      if (notYet.length === 0) break;
      // Let one go: its place goes to the next chunk.
      openGate(held.shift()!);
      await nextHeld();
    }
    held.forEach(openGate);
    expect((await handle.result()).nodes.hold).toEqual({ completed: 6 });
    const runs = await stack.db.pipelineRuns.find({ workspaceId: 'ws-paced', batchId: batch.batchId }).lean();
    const spans = runs.map((run) => [Date.parse(String(run.steps.hold?.startedAt)), Date.parse(String(run.steps.hold?.endedAt))] as const);
    expect(spans).toHaveLength(6);
    // The run records agree: at every start, count the steps already running: never two besides it.
    for (const [start] of spans) {
      const running = spans.filter(([otherStart, otherEnd]) => otherStart <= start && start < otherEnd).length;
      expect(running).toBeLessThanOrEqual(2);
    }
  });

  it('refuses an empty batch and an invalid definition before starting anything', async () => {
    await expect(
      startPipelineBatch(stack.runner, { principal: TEST_OWNER, workspaceId: 'ws-batch', definition, inputs: [] }),
    ).rejects.toThrow(InputError);
    await expect(
      startPipelineBatch(stack.runner, {
        principal: TEST_OWNER,
        workspaceId: 'ws-batch',
        definition: { ...definition, nodes: [] },
        inputs: [{}],
      }),
    ).rejects.toThrow(/at least one step/);
  });
});
