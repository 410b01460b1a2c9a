import { NativeConnection, Worker } from '@temporalio/worker';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { quietTemporalRuntime } from '../../../../dev/testing/quiet-temporal.ts';
import { createTemporalClient, type TemporalClient } from '../../../core/temporal/client.ts';
import { checkHealth, healthRouter, type HealthReport } from './routes.ts';

let database: mongoose.Connection;
let temporal: TemporalClient;
beforeAll(async () => {
  database = await openTestDatabase('health-worker');
  temporal = createTemporalClient({ temporalAddress: inject('temporalAddress'), temporalNamespace: 'default' });
});
afterAll(async () => {
  await temporal.connection.close();
  await database.close();
});

describe("health's worker check", () => {
  it('says no worker polls a task queue nobody serves: degraded, yet 200, since the API itself can serve', async () => {
    const taskQueue = `nobody-${randomUUID()}`;
    const app = new Koa();
    app.use(healthRouter(database, temporal, taskQueue).routes());
    const server = await serveForTest(app);
    try {
      const response = await fetch(`${server.url}/api/health`);
      const body = (await response.json()) as HealthReport;
      expect(response.status).toBe(200);
      expect(body.status).toBe('degraded');
      expect(body.checks.database.ok).toBe(true);
      expect(body.checks.temporal.ok).toBe(true);
      expect(body.checks.worker).toMatchObject({
        ok: false,
        error: `no worker has polled task queue "${taskQueue}": start one (npm start restarts its own)`,
      });
    } finally {
      await server.close();
    }
  });

  it('is ok once a worker polls the task queue', async () => {
    const taskQueue = `served-${randomUUID()}`;
    quietTemporalRuntime();
    const connection = await NativeConnection.connect({ address: inject('temporalAddress') });
    const worker = await Worker.create({ connection, taskQueue, workflowBundle: { codePath: inject('workflowBundlePath') } });
    const running = worker.run();
    try {
      await expect.poll(async () => (await checkHealth(database, temporal, taskQueue)).checks.worker?.ok, { timeout: 10_000 }).toBe(true);
      expect((await checkHealth(database, temporal, taskQueue)).status).toBe('ok');
    } finally {
      worker.shutdown();
      await running;
      await connection.close();
    }
  });

  it('leaves the worker out when the API has no task queue (a bare platform)', async () => {
    const report = await checkHealth(database, temporal);
    expect(report).toMatchObject({ status: 'ok', checks: { database: { ok: true }, temporal: { ok: true } } });
    expect(report.checks.worker).toBeUndefined();
  });
});
