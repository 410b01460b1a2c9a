import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { TEST_OWNER } from '../../../../dev/testing/principals.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Models } from '../../models.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { calls, MATH_DEMO_PIPELINE, mathPlugin, openGate, reachedGate } from '../../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { TRUE_DAG_PATCH } from '@meetflow/workflows';
import { BRANCH_GATES, BRANCHES } from './branches.fixture.ts';
import { HEARTBEAT_TIMEOUT, preparePipeline } from './definition.ts';
import { rerunPipeline, startPipelineRun, type PipelineRunner } from './runs.ts';

const definition = MATH_DEMO_PIPELINE;

let stack: TestPipelineWorker;
let db: Models;
let runner: PipelineRunner;
const workspaceId = 'ws-pipelines';

async function finished(runId: string) {
  await runner.temporal.workflow
    .getHandle(`pipeline-run-${runId}`)
    .result()
    .catch(() => undefined);
  const run = await db.pipelineRuns.findOne({ runId }, null, ACROSS_WORKSPACES).lean();
  return run!;
}

beforeAll(async () => {
  stack = await startTestPipelineWorker('pipelines', [mathPlugin]);
  ({ db, runner } = stack);
});
afterAll(() => stack.stop());

describe('the pipeline interpreter on the real dev server', () => {
  it('runs branches in parallel, retries a transient failure, and records every step', async () => {
    const run = await startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition, input: { n: 5, check: 1 } });
    const done = await finished(run.runId);
    expect(done.status).toBe('completed');
    expect(done.definition.nodes.find((node) => node.id === 'start')?.timeout).toBe('10 seconds'); // pinned from the manifest
    expect(Object.fromEntries(Object.entries(done.steps).map(([id, step]) => [id, [step.status, step.attempts]]))).toEqual({
      start: ['completed', 1],
      left: ['completed', 2],
      right: ['completed', 1],
      check: ['completed', 1],
      big: ['completed', 1],
    });
    expect(await db.stepOutputs.findOne({ runId: run.runId, nodeId: 'big' }).lean()).toMatchObject({ output: { n: 40 } });
    expect(done.steps.left?.outputRef).toBe(`step-outputs/${run.runId}/left`);
    expect(done.steps.left?.pluginVersion).toBe(mathPlugin.manifest.version); // the manifest version that ran the step
  });

  it('skips a step whose condition fails, and everything after it', async () => {
    const done = await finished(
      (await startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition, input: { n: 2, check: 1 } })).runId,
    );
    expect(done.status).toBe('completed');
    expect(done.steps.big?.status).toBe('skipped'); // right.n = 8 < 20
    expect(await db.stepOutputs.countDocuments({ runId: done.runId, nodeId: 'big' })).toBe(0);
  });

  it('fails the run at the step that failed for good; a rerun from that step with a fixed input skips the earlier steps', async () => {
    const failed = await finished(
      (await startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition, input: { n: 5, check: -1 } })).runId,
    );
    expect(failed.status).toBe('failed');
    expect(failed.steps.check).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('-1 is negative') });
    expect(failed.error).toContain('step "check" (math.checkPositive) failed');
    expect(failed.steps.big?.status).toBe('completed'); // the other branch finished

    calls.length = 0;
    const rerun = await rerunPipeline(runner, workspaceId, TEST_OWNER, failed.runId, { fromNodeId: 'check', input: { n: 5, check: 3 } });
    const done = await finished(rerun.runId);
    expect(done).toMatchObject({ status: 'completed', restartedFrom: { runId: failed.runId, nodeId: 'check' } });
    for (const seeded of ['start', 'left', 'right', 'big']) expect(done.steps[seeded]).toMatchObject({ status: 'completed', attempts: 0 });
    expect(done.steps.check).toMatchObject({ status: 'completed', attempts: 1 });
    expect(calls).toEqual(['checkPositive(3)']); // nothing before it ran again
    expect(await db.stepOutputs.findOne({ runId: done.runId, nodeId: 'big' }).lean()).toMatchObject({ output: { n: 40 } });
  });

  it('reruns a whole run as a new run with lineage', async () => {
    const first = await finished(
      (await startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition, input: { n: 1, check: 1 } })).runId,
    );
    const again = await finished((await rerunPipeline(runner, workspaceId, TEST_OWNER, first.runId)).runId);
    expect(again).toMatchObject({ retryOf: first.runId, status: 'completed', input: { n: 1, check: 1 } });
    await expect(rerunPipeline(runner, 'another-workspace', TEST_OWNER, first.runId)).rejects.toThrow('No run');
  });

  it('refuses an invalid pipeline before starting anything, naming each problem', () => {
    const broken = {
      ...definition,
      nodes: [...definition.nodes, { id: 'ghost', activity: 'math.divide', input: { n: '{{ nowhere.n }}' } }],
      edges: [...definition.edges, { from: 'big', to: 'missing' }],
    };
    const attempt = startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition: broken, input: {} });
    return Promise.all([
      expect(attempt).rejects.toThrow(UnprocessableError),
      expect(attempt).rejects.toThrow(
        /node "ghost": unknown activity "math.divide".*edge big → missing: no node "missing".*node "ghost" reads "nowhere"/,
      ),
    ]);
  });

  it('retries a step as its own retry settings say: one attempt in all, and the flaky step fails where it would have passed', async () => {
    const once = {
      id: 'math-once',
      name: 'Math once',
      nodes: [
        {
          id: 'left',
          activity: 'math.flakyIncrement',
          input: { n: '{{ input.n }}' },
          retry: { maximumAttempts: 1 },
          position: { x: 40, y: 80 },
        },
      ],
      edges: [],
    };
    const run = await startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition: once, input: { n: 1 } });
    const done = await finished(run.runId);
    expect(done.status).toBe('failed');
    expect(done.steps.left).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('transient: connection reset') });
    expect(done.definition.nodes[0]).toMatchObject({ retry: { maximumAttempts: 1 }, position: { x: 40, y: 80 } });
  });

  it("runs a step that sets its own plugin settings on the plugin bound with them, the others on the server's", async () => {
    const settings = {
      id: 'math-settings',
      name: 'Math settings',
      nodes: [
        { id: 'server', activity: 'math.scale', input: { n: '{{ input.n }}' } },
        { id: 'own', activity: 'math.scale', input: { n: '{{ server.n }}' }, config: { factor: 10 } },
      ],
      edges: [{ from: 'server', to: 'own' }],
    };
    const done = await finished(
      (await startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition: settings, input: { n: 2 } })).runId,
    );
    expect(done.status).toBe('completed');
    const outputs = await db.stepOutputs.find({ runId: done.runId }).lean();
    expect(Object.fromEntries(outputs.map((stored) => [stored.nodeId, stored.output]))).toEqual({ server: { n: 6 }, own: { n: 60 } });
    expect(calls).toContain('scale(6)×10');
    expect(done.definition.nodes[1]).toMatchObject({ config: { factor: 10 } }); // pinned with the run
  });

  it('refuses retry and timeout settings Temporal could not read, naming the field', () => {
    const wrong = {
      ...definition,
      nodes: [{ ...definition.nodes[0]!, timeout: 'soon', retry: { maximumAttempts: 0, initialInterval: 'a while' } }],
      edges: [],
    };
    const attempt = startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition: wrong, input: {} });
    return Promise.all([
      expect(attempt).rejects.toMatchObject({
        issues: expect.arrayContaining([
          expect.objectContaining({ path: ['nodes', 0, 'timeout'] }),
          expect.objectContaining({ path: ['nodes', 0, 'retry', 'maximumAttempts'] }),
          expect.objectContaining({ path: ['nodes', 0, 'retry', 'initialInterval'] }),
        ]),
      }),
    ]);
  });

  it('starts a step as soon as its own parents are done: a held branch holds back only what depends on it', async () => {
    const run = await startPipelineRun(runner, { principal: TEST_OWNER, workspaceId, definition: BRANCHES, input: { n: 3 } });
    // `slow` holds at its gate until the test opens it; `after` needs only the quick branch, so it
    // reaches its own gate meanwhile (a wave-by-wave interpreter would wait for `slow`, and never get it there).
    await Promise.all([reachedGate(BRANCH_GATES.slow), reachedGate(BRANCH_GATES.after)]);
    const status = async (nodeId: string) =>
      (await db.pipelineRuns.findOne({ runId: run.runId }, null, ACROSS_WORKSPACES).lean())?.steps[nodeId]?.status;
    expect([await status('slow'), await status('after')]).toEqual(['running', 'running']);
    // Let through, `after` completes while `slow` is still held.
    openGate(BRANCH_GATES.after);
    await expect.poll(() => status('after')).toBe('completed');
    expect(await status('slow')).toBe('running');
    openGate(BRANCH_GATES.slow);
    const done = await finished(run.runId);
    expect(done.status).toBe('completed');
    expect(await db.stepOutputs.findOne({ runId: done.runId, nodeId: 'after' }).lean()).toMatchObject({ output: { n: 12 } });
    // New runs carry the patch marker; runs recorded before it replay on the wave-by-wave path (workflows/src/replay.test.ts).
    const history = await runner.temporal.workflow.getHandle(done.workflowId!).fetchHistory();
    const patches =
      history.events
        ?.flatMap((event) => event.markerRecordedEventAttributes?.details?.['patch-data']?.payloads ?? [])
        .map((payload) => (JSON.parse(Buffer.from(payload.data!).toString()) as { id: string }).id) ?? [];
    expect(patches).toEqual([TRUE_DAG_PATCH]);
  });

  it('gives a step whose activity heartbeats a heartbeat timeout: an attempt gone silent is retried long before its start-to-close timeout', async () => {
    const gate = 'heartbeats.quiet';
    const silent = {
      id: 'silent',
      name: 'Silent',
      nodes: [{ id: 'quiet', activity: 'math.silentHold', input: { n: 1, gate }, heartbeatTimeout: '1 second' }],
    };
    // Prepared: a heartbeating activity gets the default heartbeat timeout, any other none.
    const prepared = (activity: string) =>
      preparePipeline({ ...silent, nodes: [{ id: 'step', activity, input: { n: 1, gate } }] }, runner.activities, TEST_OWNER).nodes[0]!;
    expect(prepared('math.silentHold').heartbeatTimeout).toBe(HEARTBEAT_TIMEOUT);
    expect(prepared('math.hold').heartbeatTimeout).toBeUndefined();
    // Run: each attempt heartbeats once, then holds silent at its own gate. The first one's stays shut;
    // a second attempt passes its own at once.
    openGate(`${gate}#2`);
    const run = await startPipelineRun(runner, {
      principal: TEST_OWNER,
      workspaceId: `${workspaceId}-heartbeats`,
      definition: silent,
      input: {},
    });
    await reachedGate(`${gate}#1`);
    // While the first attempt is still held, a second one starts: only the 1 s heartbeat timeout can have
    // ended the first (its start-to-close timeout is the default 5 minutes, far past the test's own limit).
    await reachedGate(`${gate}#2`);
    const done = await finished(run.runId);
    expect(done.status).toBe('completed');
    expect(done.steps.quiet).toMatchObject({ status: 'completed', attempts: 2 });
    // The first attempt's heartbeat was recorded: Temporal handed its details to the retry.
    expect(calls).toContain(`silentHold(1, ${gate})#2 after {"attempt":1}`);
    // And it says why the first attempt ended: its heartbeat timed out.
    const history = await runner.temporal.workflow.getHandle(done.workflowId!).fetchHistory();
    const { TimeoutType } = temporal.api.enums.v1;
    const retried = history.events?.flatMap((event) => {
      const started = event.activityTaskStartedEventAttributes;
      const timeout = started?.lastFailure?.timeoutFailureInfo?.timeoutType;
      return started?.lastFailure ? [{ attempt: started.attempt, timeout: timeout == null ? null : TimeoutType[timeout] }] : [];
    });
    expect(retried).toEqual([{ attempt: 2, timeout: 'TIMEOUT_TYPE_HEARTBEAT' }]);
    // Let go at last, the silent attempt ends; the run stays as its retry left it.
    openGate(`${gate}#1`);
    await expect.poll(() => stack.activitiesInFlight()).toBe(0);
    expect((await db.pipelineRuns.findOne({ runId: run.runId }, null, ACROSS_WORKSPACES).lean())?.status).toBe('completed');
  });

  it('replays the recorded histories of these runs without determinism errors', async () => {
    const runs = await db.pipelineRuns.find({ workspaceId }, { workflowId: 1 }).lean();
    expect(runs.length).toBeGreaterThanOrEqual(5);
    const histories = await Promise.all(
      runs.map(async ({ workflowId }) => ({
        workflowId: workflowId!,
        history: await runner.temporal.workflow.getHandle(workflowId!).fetchHistory(),
      })),
    );
    const results = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle: { codePath: inject('workflowBundlePath') } }, histories)) {
      results.push({ workflowId: result.workflowId, error: result.error?.message });
    }
    expect(results).toEqual(histories.map(({ workflowId }) => ({ workflowId, error: undefined })));
  });
});
