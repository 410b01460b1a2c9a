import { PassThrough } from 'node:stream';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { CANNOT_RUN_INPUT, STEP_NOT_ALLOWED } from './api-schemas.ts';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { rerunPipeline, type PipelineRunner } from './runs.ts';
import { withOwnTimes } from './run-times.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import {
  createdRange,
  ListedRunSchema,
  ListQuery,
  RerunBody,
  RunParams,
  RunSchema,
  StepOutputParams,
  StepOutputSchema,
  type RunsListOptions,
} from './runs-api-schemas.ts';
import { principalOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { accessStillHeld } from '../../../core/http/access-check.ts';

const POLL_MS = 500;
/** How often a live stream checks that its caller may still read it (see RunsDeps.accessRecheckMs). */
const ACCESS_RECHECK_MS = 10_000;
const SESSION_ENDED = 'Your session ended (signed out, expired or revoked): sign in again to follow the run.';

/** Statuses a run never leaves. */
const ENDED = new Set(['completed', 'failed', 'cancelled']);

const noRun = { description: 'No such run in this workspace' };
const badWorkspace = { description: 'Invalid workspace slug' };
const runEvents = z.string().meta({
  description:
    'Server-Sent Events: `snapshot` {status, steps} first, then `step` {nodeId, ...step} and `run` {status, error} ' +
    'as they change, `error` {message} if reading fails; the stream ends when the run completes, fails or is cancelled, ' +
    "and after a last `session-ended` {message} once the caller's session or API token has ended or no longer reaches the run",
});

/** What the run routes run over: the run records and the runner. */
interface RunsDeps {
  db: Pick<Models, 'pipelineRuns' | 'stepOutputs'>;
  runner: PipelineRunner;
  /** Milliseconds between two checks that a live stream's caller still has access (default 10 s); tests shorten it. */
  accessRecheckMs?: number;
}

/** The workspace's run, or a 404. */
async function findRun(db: Pick<Models, 'pipelineRuns'>, workspaceId: string, runId: string) {
  const run = await db.pipelineRuns.findOne({ workspaceId, runId }).lean();
  if (!run) throw new NotFoundError(`No run ${runId} in this workspace`);
  return run;
}

/** The runs GET /api/runs lists: the workspace's, narrowed by each filter given (each has an index of its own, see run-model.ts). */
function runsFilter(workspaceId: string, query: RunsListOptions): Record<string, unknown> {
  const created = createdRange(query);
  return {
    workspaceId,
    ...(query.pipeline !== undefined ? { pipelineId: query.pipeline } : {}),
    ...(query.version !== undefined ? { pipelineVersion: query.version } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    // Runs keep the prospect where their input names it (prospectRunInputs); old runs too, so nothing is migrated.
    ...(query.prospect !== undefined ? { 'input.prospectId': query.prospect } : {}),
    ...(Object.keys(created).length > 0 ? { createdAt: created } : {}),
  };
}

/** The prospect each listed run was for, by run id: read apart, so the page never carries the runs' whole inputs. */
async function prospectsOf(db: Pick<Models, 'pipelineRuns'>, runs: ReadonlyArray<{ runId: string }>): Promise<Map<string, number>> {
  if (runs.length === 0) return new Map();
  // By run id alone (UUIDs, unique across workspaces): these runs were just read from the caller's
  // workspace, and the unique runId index answers it where a workspace filter would make the embedded database scan.
  const inputs = await db.pipelineRuns
    .find({ runId: { $in: runs.map((run) => run.runId) } }, { runId: 1, 'input.prospectId': 1 }, ACROSS_WORKSPACES)
    .lean<Array<{ runId: string; input?: { prospectId?: unknown } }>>();
  return new Map(
    inputs.flatMap((run) => (Number.isInteger(run.input?.prospectId) ? [[run.runId, run.input!.prospectId as number] as const] : [])),
  );
}

/** /api/runs: recorded runs, one run, rerun, and a Server-Sent Events stream of its step changes. */
export const runsRoutes = [
  route<RunsDeps>(
    {
      method: 'get',
      path: '/api/runs',
      access: 'viewer',
      summary:
        'Recorded runs, newest first, filtered (pipeline, version, status, prospect, created between) and a page at a time; ' +
        'the X-Total-Count header holds how many match',
      tags: ['runs'],
      query: ListQuery,
      responses: {
        200: { description: 'One page of runs, without definition and input', schema: ListedRunSchema.array() },
        400: { description: 'A query parameter is unknown or invalid (each is named)' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const query = ListQuery.parse(ctx.query);
        const filter = runsFilter(workspaceId, query);
        const runs = await db.pipelineRuns
          .find(filter, { definition: 0, input: 0 })
          .sort({ createdAt: -1, runId: 1 })
          .skip(query.offset)
          .limit(query.limit)
          .lean();
        // A page that is not full is the last one, so it says the total itself: the embedded database
        // counts by scanning, so only a full page (or one past the end) pays for a count.
        const last = runs.length < query.limit && (runs.length > 0 || query.offset === 0);
        const total = last ? query.offset + runs.length : await db.pipelineRuns.countDocuments(filter);
        const prospects = query.prospect ? null : await prospectsOf(db, runs);
        ctx.set('X-Total-Count', String(total));
        ctx.body = runs.map((run) => {
          const prospectId = query.prospect ?? prospects?.get(run.runId);
          return prospectId === undefined ? withOwnTimes(run) : { ...withOwnTimes(run), prospectId };
        });
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
        ctx.body = withOwnTimes(await findRun(db, workspaceOf(ctx), ctx.params.id!));
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
        403: { description: STEP_NOT_ALLOWED },
        404: { description: 'No such run, or no such step in it' },
        422: { description: CANNOT_RUN_INPUT },
      },
    },
    ({ runner }) =>
      async (ctx) => {
        const body = RerunBody.parse(ctx.request.body ?? {});
        ctx.status = 201;
        ctx.body = await rerunPipeline(runner, workspaceOf(ctx), principalOf(ctx), ctx.params.id!, {
          fromNodeId: body.fromStep,
          input: body.input,
        });
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
    ({ db, accessRecheckMs = ACCESS_RECHECK_MS }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const runId = ctx.params.id!;
        const first = await findRun(db, workspaceId, runId);
        const stream = new PassThrough();
        const send = (event: string, data: unknown) => {
          if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        };
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
        // The access checked at the start must not outlive the session or token that had it.
        let checking = false;
        const recheck = setInterval(() => {
          if (checking) return;
          checking = true;
          void accessStillHeld(ctx)
            .then(
              (held) => {
                if (held) return;
                send('session-ended', { message: SESSION_ENDED });
                stop();
              },
              // Unreadable now (the database is down): the next check asks again, and the poll above reports the outage.
              () => {},
            )
            .finally(() => {
              checking = false;
            });
        }, accessRecheckMs);
        const stop = () => {
          clearInterval(timer);
          clearInterval(recheck);
          stream.end();
        };
        ctx.req.on('close', stop);
        if (ENDED.has(first.status)) stop();
      },
  ),
];

export const runsRouter = (db: RunsDeps['db'], runner: PipelineRunner, accessRecheckMs?: number) =>
  routerOf(runsRoutes, { db, runner, accessRecheckMs });
