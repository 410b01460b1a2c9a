import type { Models } from '../../models.ts';
import { findPipeline, savePipeline } from './catalog.ts';
import { SavePipelineBody } from './definition.ts';
import { startedBatchAnswer, startPipelineBatch } from './batches.ts';
import { startPipelineRun, type PipelineRunner } from './runs.ts';
import { BatchBody, StartedBatchSchema } from './batches-api-schemas.ts';
import {
  CANNOT_RUN_HERE,
  CANNOT_RUN_INPUT,
  STEP_NOT_ALLOWED,
  PipelineParams,
  PipelineVersionQuery,
  SavedPipelineSchema,
  StartBody,
} from './api-schemas.ts';
import type { BuiltInPipelines } from './built-ins.ts';
import { duplicatePipeline } from './duplicate.ts';
import { listPipelineEntries, listPipelineVersions, readPipeline } from './list.ts';
import { DuplicateBody, PipelineListEntrySchema, PipelineVersionSchema, PipelineViewSchema } from './list-api-schemas.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { RunSchema } from './runs-api-schemas.ts';
import { principalOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

const notFound = { description: 'No such pipeline (or version) in this workspace' };
const badWorkspace = { description: 'Invalid workspace slug' };

/** What the pipeline routes run over: the saved definitions, the runner and the built-in pipelines it was given. */
interface PipelinesDeps {
  db: Pick<Models, 'pipelines' | 'pipelineRuns'>;
  runner: PipelineRunner;
  builtIns: BuiltInPipelines;
}

/** /api/pipelines: saved, versioned definitions, and starting a run of one. */
export const pipelinesRoutes = [
  route<PipelinesDeps>(
    {
      method: 'get',
      path: '/api/pipelines',
      access: 'viewer',
      summary: 'Every pipeline: the built-ins, then the latest version of each saved one, with versions and run stats',
      tags: ['pipelines'],
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The built-ins first, then one entry per saved pipeline, by id', schema: PipelineListEntrySchema.array() },
        400: badWorkspace,
      },
    },
    ({ db, builtIns }) =>
      async (ctx) => {
        ctx.body = await listPipelineEntries(db, builtIns, workspaceOf(ctx));
      },
  ),
  route<PipelinesDeps>(
    {
      method: 'post',
      path: '/api/pipelines',
      access: 'sales-ops',
      summary: 'Save a definition as the next version of its pipeline',
      tags: ['pipelines'],
      query: WorkspaceQuery,
      body: SavePipelineBody,
      responses: {
        201: { description: 'The saved version', schema: SavedPipelineSchema },
        400: { description: 'The body breaks the definition schema: each bad field named (also under `fields`)' },
        403: { description: STEP_NOT_ALLOWED },
        409: { description: 'Saved concurrently too often; try again' },
        422: { description: CANNOT_RUN_HERE },
      },
    },
    ({ db, runner }) =>
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await savePipeline(db, runner.activities, workspaceOf(ctx), principalOf(ctx), ctx.request.body);
      },
  ),
  route<PipelinesDeps>(
    {
      method: 'get',
      path: '/api/pipelines/{id}',
      access: 'viewer',
      summary: 'One pipeline, built-in or saved: the latest version, or the one asked for',
      tags: ['pipelines'],
      params: PipelineParams,
      query: WorkspaceQuery.extend(PipelineVersionQuery.shape),
      responses: {
        200: { description: 'The version with its definition (a built-in has only the version it defines)', schema: PipelineViewSchema },
        400: { description: 'Invalid version' },
        404: notFound,
      },
    },
    ({ db, builtIns }) =>
      async (ctx) => {
        const { version } = PipelineVersionQuery.parse(ctx.query);
        ctx.body = await readPipeline(db, builtIns, workspaceOf(ctx), ctx.params.id!, version);
      },
  ),
  route<PipelinesDeps>(
    {
      method: 'get',
      path: '/api/pipelines/{id}/versions',
      access: 'viewer',
      summary: 'Every version of a pipeline, newest first',
      tags: ['pipelines'],
      params: PipelineParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'Its versions, without definitions (a built-in has one)', schema: PipelineVersionSchema.array() },
        400: badWorkspace,
        404: { description: 'No such pipeline in this workspace' },
      },
    },
    ({ db, builtIns }) =>
      async (ctx) => {
        ctx.body = await listPipelineVersions(db, builtIns, workspaceOf(ctx), ctx.params.id!);
      },
  ),
  route<PipelinesDeps>(
    {
      method: 'post',
      path: '/api/pipelines/{id}/duplicate',
      access: 'sales-ops',
      summary: 'Save version 1 of a new pipeline copied from a version of this one (built-ins included)',
      tags: ['pipelines'],
      params: PipelineParams,
      query: WorkspaceQuery,
      body: DuplicateBody,
      responses: {
        201: { description: 'Version 1 of the copy', schema: SavedPipelineSchema },
        400: { description: 'Invalid body' },
        403: { description: STEP_NOT_ALLOWED },
        404: notFound,
        409: { description: 'The new id is taken (by a saved pipeline or a built-in; the id is named)' },
        422: { description: 'A pipeline that cannot be duplicated (the learning cycle), or one using an activity no longer installed' },
      },
    },
    ({ db, runner, builtIns }) =>
      async (ctx) => {
        const body = DuplicateBody.parse(ctx.request.body ?? {});
        ctx.status = 201;
        ctx.body = await duplicatePipeline(db, runner.activities, builtIns, workspaceOf(ctx), principalOf(ctx), ctx.params.id!, body);
      },
  ),
  route<PipelinesDeps>(
    {
      method: 'post',
      path: '/api/pipelines/{id}/runs',
      access: 'sales-ops',
      summary: 'Start a run of a saved pipeline',
      tags: ['pipelines', 'runs'],
      params: PipelineParams,
      query: WorkspaceQuery,
      body: StartBody,
      responses: {
        201: { description: 'The run, pending', schema: RunSchema },
        400: { description: 'Invalid body' },
        403: { description: STEP_NOT_ALLOWED },
        404: notFound,
        422: { description: CANNOT_RUN_INPUT },
      },
    },
    ({ db, runner }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const body = StartBody.parse(ctx.request.body ?? {});
        const saved = await findPipeline(db, workspaceId, ctx.params.id!, body.version);
        ctx.status = 201;
        ctx.body = await startPipelineRun(runner, {
          workspaceId,
          principal: principalOf(ctx),
          definition: saved.definition,
          input: body.input,
        });
      },
  ),
  route<PipelinesDeps>(
    {
      method: 'post',
      path: '/api/pipelines/{id}/batches',
      access: 'sales-ops',
      summary: 'Run a saved pipeline for many inputs as one batch',
      tags: ['pipelines'],
      params: PipelineParams,
      query: WorkspaceQuery,
      body: BatchBody,
      responses: {
        201: { description: 'The batch started', schema: StartedBatchSchema },
        400: { description: 'Invalid body or workspace' },
        403: { description: STEP_NOT_ALLOWED },
        404: notFound,
        422: { description: CANNOT_RUN_INPUT },
      },
    },
    ({ db, runner }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const body = BatchBody.parse(ctx.request.body ?? {});
        const saved = await findPipeline(db, workspaceId, ctx.params.id!, body.version);
        const batch = await startPipelineBatch(runner, {
          workspaceId,
          principal: principalOf(ctx),
          definition: saved.definition,
          inputs: body.inputs,
          chunkSize: body.chunkSize,
        });
        ctx.status = 201;
        ctx.body = startedBatchAnswer(batch);
      },
  ),
];

export const pipelinesRouter = (db: PipelinesDeps['db'], runner: PipelineRunner) =>
  routerOf(pipelinesRoutes, { db, runner, builtIns: runner.builtIns });
