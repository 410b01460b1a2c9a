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
import { trackActivities } from './activity-tracker.ts';
import { createModels, type Models } from '../../models.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest, serveRouters } from '../../../../dev/testing/http.ts';
import { agentsRouter } from './routes.ts';
import { quietTemporalRuntime } from '../../../../dev/testing/quiet-temporal.ts';

quietTemporalRuntime(); // expected failures below would otherwise print the SDK's warnings

// Opened by the test once it has seen the agent busy; created up front so no release is ever missed.
let release!: () => void;
const gate = new Promise<void>((resolve) => {
  release = resolve;
});
const waiter = definePlugin(
  defineManifest({
    id: 'waiter',
    name: 'Waiter',
    version: '1.0.0',
    description: 'Holds until released',
    kind: 'agent',
    ui: { icon: 'clock', color: '#000000', category: 'Testing' },
    config: z.object({}),
    activities: {
      hold: {
        description: 'Waits for the test',
        access: 'public',
        input: z.object({ fail: z.boolean() }),
        output: z.object({ ok: z.boolean() }),
      },
    },
  }),
  () => ({
    hold: async ({ fail }) => {
      if (fail) throw ApplicationFailure.create({ type: 'Refused', message: 'refused', nonRetryable: true });
      await gate;
      return { ok: true };
    },
  }),
);
const crm = definePlugin({ ...waiter.manifest, id: 'not-an-agent', kind: 'crm' }, waiter.register);

let database: mongoose.Connection;
let db: Models;
let worker: Worker;
let running: Promise<void>;
let connection: Connection;
let server: Awaited<ReturnType<typeof serveForTest>>;
const taskQueue = `agents-${randomUUID()}`;
const logger = pino({ level: 'silent' });

async function statusOf(agent: string) {
  const body = (await (await fetch(`${server.url}/api/agents/status`)).json()) as Array<{
    agentName: string;
    status: string;
    performance: { success: number | null };
  }>;
  return body.find((entry) => entry.agentName === agent);
}

beforeAll(async () => {
  database = await openTestDatabase('agents');
  db = createModels(database);
  // Every index built before the tests, and so before afterAll drops the database: the embedded
  // database can fail a drop that races an index build ("index not found").
  await Promise.all(Object.values(db).map((model) => model.init()));
  const host = PluginHost.load([waiter, crm]);
  const activities = host.activities({ connection: database, http: noNetwork, logger, clock: { now: () => new Date() }, llm: null });
  worker = await Worker.create({
    connection: await NativeConnection.connect({ address: inject('temporalAddress') }),
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities: trackActivities(activities, db.agentActivity, logger),
  });
  running = worker.run();
  connection = await Connection.connect({ address: inject('temporalAddress') });
  server = await serveRouters(agentsRouter(host, db.agentActivity, db.dashboardRollups));
});
afterAll(async () => {
  await server.close();
  worker.shutdown();
  await running;
  await connection.close();
  await database.dropDatabase();
  await database.close();
});

describe('GET /api/agents/status', () => {
  it('lists agent plugins only, idle with no data before any work', async () => {
    const body = (await (await fetch(`${server.url}/api/agents/status`)).json()) as unknown[];
    expect(body).toEqual([
      {
        agentName: 'waiter',
        status: 'idle',
        activity: 'Has not run yet',
        performance: { accuracy: null, precision: null, engagement: null, success: null },
      },
    ]);
  });

  it('reports what the agent is really doing: analyzing while it runs, then active with its success rate', async () => {
    const client = new Client({ connection });
    const start = (fail: boolean) =>
      client.workflow.execute('runPluginActivity', {
        taskQueue,
        workflowId: `agents-${randomUUID()}`,
        args: [{ activity: 'waiter.hold', input: { fail } }],
      });
    const held = start(false);
    await expect.poll(async () => (await statusOf('waiter'))?.status, { timeout: 10_000 }).toBe('analyzing');
    expect(await statusOf('waiter')).toMatchObject({ activity: 'Running hold (1 in progress)' });
    release();
    await expect(held).resolves.toEqual({ ok: true });
    await expect(start(true)).rejects.toThrow();

    const after = await statusOf('waiter');
    expect(after).toMatchObject({
      status: 'active',
      activity: expect.stringMatching(/^Last finished work .* ago; 2 runs, 1 failed$/),
      performance: { success: 50 },
    });
    expect(await db.agentActivity.findOne({ pluginId: 'waiter' }).lean()).toMatchObject({ succeeded: 1, failed: 1, inFlight: [] });
  });
});
