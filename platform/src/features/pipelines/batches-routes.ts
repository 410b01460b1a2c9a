import type { Models } from '../../core/db/models.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { PipelineRunner } from './runs.ts';
import { BatchParams, BatchStatusSchema } from './batches-api-schemas.ts';
import { route, routerOf } from '../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../core/http/workspace.ts';

/** GET /api/batches/{id}: a batch's runs by status, and its live per-step progress while it runs. */
export const batchesRoutes = [
  route<{ db: Models; runner: PipelineRunner }>(
    {
      method: 'get',
      path: '/api/batches/{id}',
      access: 'viewer',
      summary: 'A batch: its runs by status and live per-step progress',
      tags: ['pipelines'],
      params: BatchParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The batch', schema: BatchStatusSchema },
        400: { description: 'Invalid workspace slug' },
        404: { description: 'No such batch in this workspace' },
      },
    },
    ({ db, runner }) =>
      async (ctx) => {
        const batchId = ctx.params.id!;
        const counts = await db.pipelineRuns.aggregate<{ _id: string; count: number }>([
          { $match: { batchId, workspaceId: workspaceOf(ctx) } },
          { $group: { _id: '$status', count: { $sum: 1 } } },
        ]);
        if (counts.length === 0) throw new NotFoundError(`No batch ${batchId} in this workspace`);
        const runs = Object.fromEntries(counts.map(({ _id, count }) => [_id, count]));
        const handle = runner.temporal.workflow.getHandle(`pipeline-batch-${batchId}`);
        // The query answers while the batch runs; a finished batch's counts are all in the run records.
        const progress = (await handle.describe()).status.name === 'RUNNING' ? await handle.query('progress') : null;
        ctx.body = BatchStatusSchema.parse({ batchId, total: counts.reduce((sum, { count }) => sum + count, 0), runs, progress });
      },
  ),
];

export const batchesRouter = (db: Models, runner: PipelineRunner) => routerOf(batchesRoutes, { db, runner });
