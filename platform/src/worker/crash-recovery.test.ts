import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { TEST_OWNER } from '../../dev/testing/principals.ts';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUILTIN_ACTIVITIES } from '../features/steps.ts';
import { createModels, type Models } from '../features/models.ts';
import { repoRoot } from '../core/paths.ts';
import { startPipelineBatch } from '../features/runs/pipelines/batches.ts';
import { PluginHost } from '../features/runs/plugins/host.ts';
import { installedPlugins } from '../features/runs/plugins/installed.ts';
import { outreachBatch } from '../../dev/testing/outreach-batch.ts';
import { BUILT_IN_PIPELINES } from '../features/built-in-pipelines.ts';
import { WORKER_ENV, WORKER_NODE_FLAGS } from './node-flags.ts';

// The worker runs as its own process, exactly as `npm start` runs it, so it can be killed for real.
const taskQueue = `crash-${randomUUID()}`;
const databaseName = `test-crash-${randomUUID().slice(0, 8)}`;
const PROSPECTS = 50;
let database: mongoose.Connection;
let db: Models;
let connection: Connection;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, '--import', 'tsx', join(repoRoot, 'platform/src/worker/main.ts')], {
    env: {
      ...process.env,
      ...WORKER_ENV,
      MONGODB_URI: `${inject('mongoServer')}/${databaseName}`,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  workers.push(worker);
  return worker;
}

const { definition, inputs } = outreachBatch(PROSPECTS);

beforeAll(async () => {
  database = await mongoose.createConnection(`${inject('mongoServer')}/${databaseName}`).asPromise();
  db = createModels(database);
  // Every index built before a worker process starts building the same ones: the embedded database
  // can fail an insert into a collection whose indexes another client is creating at that moment.
  await Promise.all(Object.values(db).map((model) => model.init()));
  connection = await Connection.connect({ address: inject('temporalAddress') });
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await connection.close();
  await database.dropDatabase();
  await database.close();
});

describe('a worker killed in the middle of a batch', () => {
  it('loses nothing and sends nothing twice once a new worker starts', async () => {
    const temporal = new Client({ connection });
    const runner = {
      db,
      temporal,
      taskQueue,
      activities: PluginHost.load(installedPlugins).activityIndex(BUILTIN_ACTIVITIES),
      builtIns: BUILT_IN_PIPELINES,
    };
    const first = startWorker();
    const batch = await startPipelineBatch(runner, {
      principal: TEST_OWNER,
      workspaceId: 'ws-crash',
      definition,
      inputs,
      chunkSize: 5,
      concurrency: 2,
    });

    // Kill it (SIGKILL: no shutdown, activities cut off mid-chunk) once the first emails wait for review.
    await expect.poll(() => db.outbox.countDocuments({ workspaceId: 'ws-crash' }), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    first.kill('SIGKILL');
    const queuedAtKill = await db.outbox.countDocuments({ workspaceId: 'ws-crash' });
    expect(queuedAtKill).toBeLessThan(PROSPECTS); // it really was in the middle

    startWorker();
    const progress = (await temporal.workflow.getHandle(batch.workflowId).result()) as { nodes: Record<string, Record<string, number>> };
    expect(progress.nodes).toEqual({ score: { completed: PROSPECTS }, copy: { completed: PROSPECTS }, enrol: { completed: PROSPECTS } });
    expect(await db.pipelineRuns.countDocuments({ workspaceId: 'ws-crash', batchId: batch.batchId, status: 'completed' })).toBe(PROSPECTS);

    await expect.poll(() => db.outbox.countDocuments({ workspaceId: 'ws-crash' }), { timeout: 90_000, interval: 250 }).toBe(PROSPECTS);
    const perProspect = await db.outbox.aggregate<{ _id: number; steps: number[]; statuses: string[] }>([
      { $match: { workspaceId: 'ws-crash' } },
      { $group: { _id: '$prospectId', steps: { $push: '$step' }, statuses: { $push: '$status' } } },
    ]);
    expect(perProspect).toHaveLength(PROSPECTS);
    for (const { steps, statuses } of perProspect) expect({ steps, statuses }).toEqual({ steps: [1], statuses: ['pending_review'] });
  }, 180_000); // the polls above allow 60 s + 90 s on a loaded machine
});
