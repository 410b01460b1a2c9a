import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { systemCheck } from '@meetflow/workflows';
import { createActivities } from './all-activities.ts';
import { createModels } from '../features/models.ts';
import { openTestDatabase } from '../../dev/testing/database.ts';
import { quietTemporalRuntime } from '../../dev/testing/quiet-temporal.ts';

quietTemporalRuntime(); // expected failures below would otherwise print the SDK's warnings

let database: mongoose.Connection;
let workerConnection: NativeConnection;
let clientConnection: Connection;

beforeAll(async () => {
  database = await openTestDatabase('system-check');
  workerConnection = await NativeConnection.connect({ address: inject('temporalAddress') });
  clientConnection = await Connection.connect({ address: inject('temporalAddress') });
});
afterAll(async () => {
  await clientConnection.close();
  await workerConnection.close();
  await database.dropDatabase();
  await database.close();
});

describe('a workflow on the real Temporal dev server', () => {
  it('is started by the client, run by the worker, and its activity writes to the database', async () => {
    const taskQueue = `system-check-${randomUUID()}`;
    const db = createModels(database);
    const worker = await Worker.create({
      connection: workerConnection,
      taskQueue,
      workflowBundle: { codePath: inject('workflowBundlePath') },
      activities: createActivities({ db, plugins: {}, declared: new Map() }),
    });
    const client = new Client({ connection: clientConnection });
    const checkId = randomUUID();

    const result = await worker.runUntil(
      client.workflow.execute<typeof systemCheck>('systemCheck', {
        taskQueue,
        workflowId: `system-check-${checkId}`,
        args: [{ checkId }],
      }),
    );

    expect(result).toMatchObject({ checkId, workflowId: `system-check-${checkId}`, worker: expect.stringMatching(/:\d+$/) });
    const stored = await db.systemChecks.findOne({ checkId }).lean();
    expect(stored).toMatchObject({ workflowId: result.workflowId, runId: result.runId, worker: result.worker });
    const history = await client.workflow.getHandle(result.workflowId).describe();
    expect(history.status.name).toBe('COMPLETED');
  });
});
