import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Models } from '../../core/db/models.ts';
import { NotFoundError } from '../../core/errors.ts';
import { rerunPipeline, type PipelineRunner } from './runs.ts';
import { route, routerOf } from '../../core/http/api-route.ts';
import { ListQuery, RerunBody, RunParams, RunSchema, RunSummarySchema, StepOutputParams, StepOutputSchema } from './runs-api-schemas.ts';
import { WorkspaceQuery, workspaceOf } from '../../core/http/workspace.ts';

const POLL_MS = 500;

/** Statuses a run never leaves. */
const ENDED = new Set(['completed', 'failed', 'cancelled']);

const noRun = { description: 'No such run in this workspace' };
const badWorkspace = { description: 'Invalid workspace slug' };
const runEvents = z.string().meta({
  description:
    'Server-Sent Events: `snapshot` {status, steps} first, then `step` {nodeId, ...step} and `run` {status, error} ' +
    'as they change, `error` {message} if reading fails; the stream ends when the run completes, fails or is cancelled',
});

/** What the run routes run over: the run records and the runner. */
interface RunsDeps {
  db: Models;
  runner: PipelineRunner;
}

/** The workspace's run, or a 404. */
async function findRun(db: Models, workspaceId: string, runId: string) {
  const run = await db.pipelineRuns.findOne({ workspaceId, runId }).lean();
  if (!run) throw new NotFoundError(`No run ${runId} in this workspace`);
  return run;
}

/** /api/runs: recorded runs, one run, rerun, and a Server-Sent Events stream of its step changes. */
export const runsRoutes = [
  route<RunsDeps>(
    {
      method: 'get',
      path: '/api/runs',
      access: 'viewer',
      summary: 'Recorded runs, newest first',
      tags: ['runs'],
      query: WorkspaceQuery.extend(ListQuery.shape),
      responses: {
        200: { description: 'The runs, without definition and input', schema: RunSummarySchema.array() },
        400: { description: 'Invalid query' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const query = ListQuery.parse(ctx.query);
        ctx.body = await db.pipelineRuns
          .find({ workspaceId: workspaceOf(ctx), ...(query.pipeline ? { pipelineId: query.pipeline } : {}) }, { definition: 0, input: 0 })
          .sort({ createdAt: -1, runId: 1 })
          .limit(query.limit)
          .lean();
      },
  ),
  route<RunsDeps>(
    {
      method: 'get',
      path: '/api/runs/{id}',
      access: 'viewer',
      summary: 'One run with its steps',
      tags: ['runs'],
      params: RunParams,
      query: WorkspaceQuery,
      responses: { 200: { description: 'The run', schema: RunSchema }, 400: badWorkspace, 404: noRun },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await findRun(db, workspaceOf(ctx), ctx.params.id!);
      },
  ),
  route<RunsDeps>(
    {
      method: 'get',
      path: '/api/runs/{id}/steps/{nodeId}/output',
      access: 'viewer',
      summary: "A completed step's full output",
      tags: ['runs'],
      params: StepOutputParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The output', schema: StepOutputSchema },
        400: badWorkspace,
        404: { description: 'No such run, or the step has not completed' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const run = await findRun(db, workspaceOf(ctx), ctx.params.id!);
        const stored = await db.stepOutputs.findOne({ runId: run.runId, nodeId: ctx.params.nodeId }).lean();
        if (!stored) throw new NotFoundError(`Step "${ctx.params.nodeId}" of run ${run.runId} has no output (it has not completed)`);
        ctx.body = { nodeId: stored.nodeId, output: stored.output };
      },
  ),
  route<RunsDeps>(
    {
      method: 'post',
      path: '/api/runs/{id}/rerun',
      access: 'sales-ops',
      summary: 'Rerun a run whole, or from one step',
      tags: ['runs'],
      params: RunParams,
      query: WorkspaceQuery,
      body: RerunBody,
      responses: {
        201: { description: 'The new run', schema: RunSchema },
        400: { description: 'Invalid body' },
        404: { description: 'No such run, or no such step in it' },
      },
    },
    ({ runner }) =>
      async (ctx) => {
        const body = RerunBody.parse(ctx.request.body ?? {});
        ctx.status = 201;
        ctx.body = await rerunPipeline(runner, workspaceOf(ctx), ctx.params.id!, { fromNodeId: body.fromStep, input: body.input });
      },
  ),
  route<RunsDeps>(
    {
      method: 'get',
      path: '/api/runs/{id}/events',
      access: 'viewer',
      summary: "A live stream of the run's step changes",
      tags: ['runs'],
      params: RunParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The event stream', schema: runEvents, contentType: 'text/event-stream' },
        400: badWorkspace,
        404: noRun,
      },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const runId = ctx.params.id!;
        const first = await findRun(db, workspaceId, runId);
        const stream = new PassThrough();
        const send = (event: string, data: unknown) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        ctx.request.socket.setTimeout(0);
        ctx.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
        ctx.body = stream;
        send('snapshot', { status: first.status, steps: first.steps });

        // The embedded database has no change streams: poll the one run document, send what changed.
        let last = first;
        const timer = setInterval(() => {
          void db.pipelineRuns
            .findOne({ workspaceId, runId }, { steps: 1, status: 1, error: 1 })
            .lean()
            .then(
              (run) => {
                if (!run) return;
                for (const [nodeId, step] of Object.entries(run.steps)) {
                  if (JSON.stringify(step) !== JSON.stringify(last.steps[nodeId])) send('step', { nodeId, ...step });
                }
                if (run.status !== last.status) send('run', { status: run.status, error: run.error });
                last = { ...last, ...run };
                if (ENDED.has(run.status)) stop();
              },
              (error: unknown) => send('error', { message: (error as Error).message }),
            );
        }, POLL_MS);
        const stop = () => {
          clearInterval(timer);
          stream.end();
        };
        ctx.req.on('close', stop);
        if (ENDED.has(first.status)) stop();
      },
  ),
];

export const runsRouter = (db: Models, runner: PipelineRunner) => routerOf(runsRoutes, { db, runner });
