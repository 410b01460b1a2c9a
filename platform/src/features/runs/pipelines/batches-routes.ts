import type { Models } from '../../models.ts';
import type { PipelineRunner } from './runs.ts';
import { NO_LONGER_RUNS, STEP_NOT_ALLOWED } from './api-schemas.ts';
import { BatchParams, BatchViewSchema, RetryBatchSchema } from './batches-api-schemas.ts';
import { batchView } from './batch-view.ts';
import { cancelBatch, retryFailedRuns } from './batch-control.ts';
import { startedBatchAnswer } from './batches.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** What the batch routes run over: the run and batch records, and the runner (Temporal). */
interface BatchesDeps {
  db: Pick<Models, 'pipelineBatches' | 'pipelineRuns'>;
  runner: PipelineRunner;
}

const noBatch = { description: 'No such batch in this workspace' };

/** /api/batches/{id}: a batch's live progress, and retrying its failed runs or cancelling it. */
export const batchesRoutes = [
  route<BatchesDeps>(
    {
      method: 'get',
      path: '/api/batches/{id}',
      access: 'viewer',
      summary: 'A batch: per-stage progress, runs by status, pace and time left, failed runs, retries',
      tags: ['pipelines'],
      params: BatchParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The batch', schema: BatchViewSchema },
        400: { description: 'Invalid workspace slug' },
        404: noBatch,
      },
    },
    ({ db, runner }) =>
      async (ctx) => {
        ctx.body = await batchView({ db, temporal: runner.temporal }, workspaceOf(ctx), ctx.params.id!);
      },
  ),
  route<BatchesDeps>(
    {
      method: 'post',
      path: '/api/batches/{id}/retry-failed',
      access: 'sales-ops',
      summary: "Start a new batch of a batch's failed runs (same inputs and pinned version), linked to it",
      tags: ['pipelines'],
      params: BatchParams,
      query: WorkspaceQuery,
      responses: {
        201: { description: 'The new batch', schema: RetryBatchSchema },
        400: { description: 'Invalid workspace slug' },
        403: { description: STEP_NOT_ALLOWED },
        404: noBatch,
        409: { description: 'The batch (or an earlier retry of it) still runs, or none of its runs failed' },
        422: { description: NO_LONGER_RUNS },
      },
    },
    ({ runner }) =>
      async (ctx) => {
        const started = await retryFailedRuns(runner, workspaceOf(ctx), principalOf(ctx), ctx.params.id!);
        ctx.status = 201;
        ctx.body = { ...startedBatchAnswer(started), retryOf: started.retryOf };
      },
  ),
  route<BatchesDeps>(
    {
      method: 'post',
      path: '/api/batches/{id}/cancel',
      access: 'sales-ops',
      summary: 'Cancel a running batch: runs not finished end cancelled (again: nothing changes)',
      tags: ['pipelines'],
      params: BatchParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The batch, cancelled', schema: BatchViewSchema },
        400: { description: 'Invalid workspace slug' },
        404: noBatch,
        409: { description: 'The batch has already finished' },
      },
    },
    ({ db, runner }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const deps = { db, temporal: runner.temporal };
        await cancelBatch(deps, workspaceId, ctx.params.id!);
        ctx.body = await batchView(deps, workspaceId, ctx.params.id!);
      },
  ),
];

export const batchesRouter = (db: BatchesDeps['db'], runner: PipelineRunner) => routerOf(batchesRoutes, { db, runner });
