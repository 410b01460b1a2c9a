import mongoose from 'mongoose';
import type { z } from 'zod';
import type { TemporalClient } from '../../core/temporal/client.ts';
import { HealthReportSchema, type CheckResultSchema } from './api-schemas.ts';
import { route, routerOf } from '../../core/http/api-route.ts';

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

/** Asks the database and Temporal whether they answer, in parallel, each within 2 s. */
export async function checkHealth(database: mongoose.Connection, temporal: TemporalClient): Promise<HealthReport> {
  const [db, tmprl] = await Promise.all([
    timed(async () => {
      if (database.readyState !== mongoose.ConnectionStates.connected || !database.db) throw new Error('not connected');
      await database.db.command({ ping: 1 });
    }),
    timed(() =>
      temporal.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => temporal.connection.workflowService.getSystemInfo({})),
    ),
  ]);
  return { status: db.ok && tmprl.ok ? 'ok' : 'degraded', checks: { database: db, temporal: tmprl } };
}

/** GET /api/health: 200 when every dependency answers, 503 naming the one that does not. */
export const healthRoutes = [
  route<{ database: mongoose.Connection; temporal: TemporalClient }>(
    {
      method: 'get',
      path: '/api/health',
      access: 'public',
      summary: 'Whether the database and Temporal answer',
      tags: ['platform'],
      responses: {
        200: { description: 'Every dependency answers', schema: HealthReportSchema },
        503: { description: 'A dependency does not answer; its check says why', schema: HealthReportSchema },
      },
    },
    ({ database, temporal }) =>
      async (ctx) => {
        const report = await checkHealth(database, temporal);
        ctx.status = report.status === 'ok' ? 200 : 503;
        ctx.body = report;
      },
  ),
];

export const healthRouter = (database: mongoose.Connection, temporal: TemporalClient) => routerOf(healthRoutes, { database, temporal });
