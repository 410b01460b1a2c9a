import Router from '@koa/router';
import { z } from 'zod';
import type { Models } from '../db/models.ts';
import { findPipeline, listPipelines, savePipeline } from '../pipelines/catalog.ts';
import { startPipelineRun, type PipelineRunner } from '../pipelines/runs.ts';
import { workspaceOf } from './workspace.ts';

const StartBody = z.object({ input: z.unknown().default({}), version: z.number().int().min(1).optional() });

/** /api/pipelines: saved, versioned definitions, and starting a run of one. */
export function pipelinesRouter(db: Models, runner: PipelineRunner): Router {
  return new Router({ prefix: '/api/pipelines' })
    .get('/', async (ctx) => {
      ctx.body = await listPipelines(db, workspaceOf(ctx));
    })
    .post('/', async (ctx) => {
      ctx.status = 201;
      ctx.body = await savePipeline(db, runner.activities, workspaceOf(ctx), ctx.request.body);
    })
    .get('/:id', async (ctx) => {
      const version = ctx.query.version === undefined ? undefined : z.coerce.number().int().min(1).parse(ctx.query.version);
      ctx.body = await findPipeline(db, workspaceOf(ctx), ctx.params.id!, version);
    })
    .post('/:id/runs', async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const body = StartBody.parse(ctx.request.body ?? {});
      const saved = await findPipeline(db, workspaceId, ctx.params.id!, body.version);
      ctx.status = 201;
      ctx.body = await startPipelineRun(runner, { workspaceId, definition: saved.definition, input: body.input });
    });
}
