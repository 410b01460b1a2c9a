import { randomUUID } from 'node:crypto';
import { defineManifest, definePlugin } from '@meetflow/plugin-sdk';
import { noNetwork } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createPipelineActivities } from '../activities/pipeline.ts';
import { createModels, type Models } from '../db/models.ts';
import { InputError } from '../errors.ts';
import { PluginHost } from '../plugins/host.ts';
import { openTestDatabase } from '../testing/database.ts';
import { rerunPipeline, startPipelineRun, type PipelineRunner } from './runs.ts';

const calls: string[] = [];
const number = z.object({ n: z.number() });
const math = definePlugin(defineManifest({
  id: 'math', name: 'Math', version: '1.0.0', description: 'Arithmetic for pipeline tests', kind: 'agent',
  ui: { icon: 'calculator', color: '#64748b', category: 'Testing' },
  config: z.object({}),
  activities: {
    double: { description: 'n × 2', input: number, output: number, timeout: '10 seconds' },
    flakyIncrement: { description: 'n + 1, failing its first attempt', input: number, output: number },
    checkPositive: { description: 'fails for good on a negative n', input: number, output: number },
  },
}), () => ({
  double: async ({ n }) => (calls.push(`double(${n})`), { n: n * 2 }),
  flakyIncrement: async ({ n }, context) => {
    calls.push(`flakyIncrement(${n})#${context.attempt}`);
    if (context.attempt === 1) throw new Error('transient: connection reset');
    return { n: n + 1 };
  },
  checkPositive: async ({ n }) => {
    calls.push(`checkPositive(${n})`);
    if (n < 0) throw ApplicationFailure.create({ type: 'Negative', message: `${n} is negative`, nonRetryable: true });
    return { n };
  },
}));

const definition = {
  id: 'math-demo', name: 'Math demo',
  nodes: [
    { id: 'start', activity: 'math.double', input: { n: '{{ input.n }}' } },
    { id: 'left', activity: 'math.flakyIncrement', input: { n: '{{ start.n }}' } },
    { id: 'right', activity: 'math.double', input: { n: '{{ start.n }}' } },
    { id: 'check', activity: 'math.checkPositive', input: { n: '{{ input.check }}' } },
    { id: 'big', activity: 'math.double', input: { n: '{{ right.n }}' }, when: { path: 'right.n', op: 'gte', value: 20 } },
  ],
  edges: [{ from: 'start', to: 'left' }, { from: 'start', to: 'right' }, { from: 'right', to: 'check' }, { from: 'right', to: 'big' }],
};

let database: mongoose.Connection;
let db: Models;
let worker: Worker;
let workerRun: Promise<void>;
let clientConnection: Connection;
let runner: PipelineRunner;
const workspaceId = 'ws-pipelines';

async function finished(runId: string) {
  await runner.temporal.workflow.getHandle(`pipeline-run-${runId}`).result().catch(() => undefined);
  const run = await db.pipelineRuns.findOne({ runId }).lean();
  return run!;
}

beforeAll(async () => {
  database = await openTestDatabase('pipelines');
  db = createModels(database);
  const host = PluginHost.load([math]);
  const plugins = host.activities({ connection: database, http: noNetwork, logger: pino({ level: 'silent' }), clock: { now: () => new Date() }, llm: null });
  const taskQueue = `pipelines-${randomUUID()}`;
  worker = await Worker.create({
    connection: await NativeConnection.connect({ address: inject('temporalAddress') }), taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities: { ...plugins, ...createPipelineActivities({ db, plugins }) },
  });
  workerRun = worker.run();
  clientConnection = await Connection.connect({ address: inject('temporalAddress') });
  const activities = new Map(host.describe().flatMap((plugin) => plugin.activities.map((a) => [a.qualifiedName, { timeout: a.timeout }] as const)));
  runner = { db, temporal: new Client({ connection: clientConnection }), taskQueue, activities };
});
afterAll(async () => {
  worker.shutdown();
  await workerRun;
  await clientConnection.close();
  await database.dropDatabase();
  await database.close();
});

describe('the pipeline interpreter on the real dev server', () => {
  it('runs branches in parallel, retries a transient failure, and records every step', async () => {
    const run = await startPipelineRun(runner, { workspaceId, definition, input: { n: 5, check: 1 } });
    const done = await finished(run.runId);
    expect(done.status).toBe('completed');
    expect(done.definition.nodes.find((node) => node.id === 'start')?.timeout).toBe('10 seconds'); // pinned from the manifest
    expect(Object.fromEntries(Object.entries(done.steps).map(([id, step]) => [id, [step.status, step.attempts]]))).toEqual({
      start: ['completed', 1], left: ['completed', 2], right: ['completed', 1], check: ['completed', 1], big: ['completed', 1],
    });
    expect(await db.stepOutputs.findOne({ runId: run.runId, nodeId: 'big' }).lean()).toMatchObject({ output: { n: 40 } });
    expect(done.steps.left?.outputRef).toBe(`step-outputs/${run.runId}/left`);
  });

  it('skips a step whose condition fails, and everything after it', async () => {
    const done = await finished((await startPipelineRun(runner, { workspaceId, definition, input: { n: 2, check: 1 } })).runId);
    expect(done.status).toBe('completed');
    expect(done.steps.big?.status).toBe('skipped'); // right.n = 8 < 20
    expect(await db.stepOutputs.countDocuments({ runId: done.runId, nodeId: 'big' })).toBe(0);
  });

  it('fails the run at the step that failed for good; a rerun from that step with a fixed input skips the earlier steps', async () => {
    const failed = await finished((await startPipelineRun(runner, { workspaceId, definition, input: { n: 5, check: -1 } })).runId);
    expect(failed.status).toBe('failed');
    expect(failed.steps.check).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('-1 is negative') });
    expect(failed.error).toContain('step "check" (math.checkPositive) failed');
    expect(failed.steps.big?.status).toBe('completed'); // the other branch finished

    calls.length = 0;
    const rerun = await rerunPipeline(runner, workspaceId, failed.runId, { fromNodeId: 'check', input: { n: 5, check: 3 } });
    const done = await finished(rerun.runId);
    expect(done).toMatchObject({ status: 'completed', restartedFrom: { runId: failed.runId, nodeId: 'check' } });
    for (const seeded of ['start', 'left', 'right', 'big']) expect(done.steps[seeded]).toMatchObject({ status: 'completed', attempts: 0 });
    expect(done.steps.check).toMatchObject({ status: 'completed', attempts: 1 });
    expect(calls).toEqual(['checkPositive(3)']); // nothing before it ran again
    expect(await db.stepOutputs.findOne({ runId: done.runId, nodeId: 'big' }).lean()).toMatchObject({ output: { n: 40 } });
  });

  it('reruns a whole run as a new run with lineage', async () => {
    const first = await finished((await startPipelineRun(runner, { workspaceId, definition, input: { n: 1, check: 1 } })).runId);
    const again = await finished((await rerunPipeline(runner, workspaceId, first.runId)).runId);
    expect(again).toMatchObject({ retryOf: first.runId, status: 'completed', input: { n: 1, check: 1 } });
    await expect(rerunPipeline(runner, 'another-workspace', first.runId)).rejects.toThrow('No run');
  });

  it('refuses an invalid pipeline before starting anything, naming each problem', () => {
    const broken = {
      ...definition,
      nodes: [...definition.nodes, { id: 'ghost', activity: 'math.divide', input: { n: '{{ nowhere.n }}' } }],
      edges: [...definition.edges, { from: 'big', to: 'missing' }],
    };
    const attempt = startPipelineRun(runner, { workspaceId, definition: broken, input: {} });
    return Promise.all([
      expect(attempt).rejects.toThrow(InputError),
      expect(attempt).rejects.toThrow(/node "ghost": unknown activity "math.divide".*edge big → missing: no node "missing".*node "ghost" reads "nowhere"/),
    ]);
  });
});
