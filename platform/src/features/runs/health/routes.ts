import mongoose from 'mongoose';
import type { z } from 'zod';
import type { TemporalClient } from '../../../core/temporal/client.ts';
import { HealthReportSchema, type CheckResultSchema } from './api-schemas.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';

/** One dependency's state. */
export type CheckResult = z.output<typeof CheckResultSchema>;

/** The body of GET /api/health. */
export type HealthReport = z.output<typeof HealthReportSchema>;

const CHECK_TIMEOUT_MS = 2_000;

async function timed(check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    await Promise.race([check(), timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** A live worker polls at least once a minute (a long poll lasts up to 60 s); one silent longer is gone. */
export const WORKER_SILENCE_MS = 75_000;

/** Whether a worker polled `taskQueue` within WORKER_SILENCE_MS, as Temporal saw it. */
async function workerPolling(temporal: TemporalClient, taskQueue: string): Promise<void> {
  const { pollers } = await temporal.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () =>
    temporal.connection.workflowService.describeTaskQueue({
      namespace: temporal.client.options.namespace,
      taskQueue: { name: taskQueue },
      taskQueueType: 1, // workflow tasks: every worker polls them
    }),
  );
  const lastPoll = Math.max(0, ...pollers.map((poller) => Number(poller.lastAccessTime?.seconds ?? 0) * 1000));
  if (lastPoll === 0) throw new Error(`no worker has polled task queue "${taskQueue}": start one (npm start restarts its own)`);
  const silentMs = Date.now() - lastPoll;
  if (silentMs > WORKER_SILENCE_MS) {
    throw new Error(`no worker has polled task queue "${taskQueue}" for ${Math.round(silentMs / 1000)} s: work waits until one does`);
  }
}

/**
 * Asks the database and Temporal whether they answer, and with a task queue whether a worker
 * polls it, in parallel, each within 2 s.
 */
export async function checkHealth(database: mongoose.Connection, temporal: TemporalClient, taskQueue?: string): Promise<HealthReport> {
  const [db, tmprl, worker] = await Promise.all([
    timed(async () => {
      if (database.readyState !== mongoose.ConnectionStates.connected || !database.db) throw new Error('not connected');
      await database.db.command({ ping: 1 });
    }),
    timed(() =>
      temporal.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => temporal.connection.workflowService.getSystemInfo({})),
    ),
    taskQueue === undefined ? undefined : timed(() => workerPolling(temporal, taskQueue)),
  ]);
  return {
    status: db.ok && tmprl.ok && (worker?.ok ?? true) ? 'ok' : 'degraded',
    checks: { database: db, temporal: tmprl, ...(worker ? { worker } : {}) },
  };
}

/**
 * GET /api/health: 503 naming the database or Temporal when one does not answer (the API cannot
 * serve); 200 otherwise, `degraded` when no worker polls (the API serves, but work waits).
 */
export const healthRoutes = [
  route<{ database: mongoose.Connection; temporal: TemporalClient; taskQueue?: string }>(
    {
      method: 'get',
      path: '/api/health',
      access: 'public',
      summary: 'Whether the database and Temporal answer, and a worker polls',
      tags: ['platform'],
      responses: {
        200: { description: 'The API can serve; `degraded` when no worker polls the task queue', schema: HealthReportSchema },
        503: { description: 'A dependency does not answer; its check says why', schema: HealthReportSchema },
      },
    },
    ({ database, temporal, taskQueue }) =>
      async (ctx) => {
        const report = await checkHealth(database, temporal, taskQueue);
        ctx.status = report.checks.database.ok && report.checks.temporal.ok ? 200 : 503;
        ctx.body = report;
      },
  ),
];

export const healthRouter = (database: mongoose.Connection, temporal: TemporalClient, taskQueue?: string) =>
  routerOf(healthRoutes, { database, temporal, taskQueue });
