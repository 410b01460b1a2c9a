import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { z, ZodError } from 'zod';
import type { Models } from '../../models.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { findPipeline } from './catalog.ts';
import { accessProblems, definitionProblems, PipelineDefinitionSchema, type DefinitionProblem } from './definition.ts';
import type { RunPrincipal } from '@meetflow/plugin-sdk';
import { CANNOT_RUN_HERE, PipelineParams, STEP_NOT_ALLOWED } from './api-schemas.ts';
import { startPipelineRun, type PipelineRunner } from './runs.ts';
import { RunSchema } from './runs-api-schemas.ts';
import type { BuiltInPipelines, ProspectRunInputDb } from './built-ins.ts';
import { versionDiff } from './version-diff.ts';

const Problem = z.object({
  at: z.string().meta({
    description:
      'Where: a field of the definition (`name`, `nodes.2.id`), `nodes.<id>`, `nodes.<id>.input.<field>`, `nodes.<id>.when`, `edges`',
  }),
  message: z.string(),
});
const Validation = z.object({ valid: z.boolean(), problems: z.array(Problem) });

const Edge = z.object({ from: z.string(), to: z.string() });
const Diff = z.object({
  pipelineId: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  nodes: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(
      z.object({ id: z.string(), changes: z.array(z.string()).meta({ description: '`activity`, `when`, `input.<field>`, …' }) }),
    ),
  }),
  edges: z.object({ added: z.array(Edge), removed: z.array(Edge) }),
});
const DiffQuery = z.object({
  from: z.coerce.number().int().min(1).meta({ description: 'The older version' }),
  to: z.coerce.number().int().min(1).optional().meta({ description: 'The newer version (default: the latest)' }),
});

const TestRunBody = z
  .object({
    definition: PipelineDefinitionSchema.meta({
      description: 'The draft, as POST /api/pipelines takes it (it is checked the same way, and not saved)',
    }),
    input: z.record(z.string(), z.unknown()).optional().meta({ description: 'The run input, pasted' }),
    prospectId: z.number().int().min(1).optional().meta({
      description:
        "A prospect of the workspace: the run input is built as the prospect pipeline's is (website, prospect, icp, contact, offer, config)",
    }),
  })
  .refine((body) => body.input === undefined || body.prospectId === undefined, {
    message: 'give input or prospectId, not both',
    path: ['prospectId'],
  });

/**
 * A definition's problems as the editor shows them: its shape first (each bad field), then everything
 * definitionProblems finds, and the steps the caller's role may not place (saving or running it would be a 403).
 */
function validate(raw: unknown, activities: PipelineRunner['activities'], role: RunPrincipal['role']): DefinitionProblem[] {
  try {
    const definition = PipelineDefinitionSchema.parse(raw) as PipelineDefinition;
    return [...definitionProblems(definition, activities), ...accessProblems(definition, activities, role)];
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    return error.issues.map((issue) => ({ at: issue.path.join('.') || '(definition)', message: issue.message }));
  }
}

interface VersionsDeps {
  /** The saved pipelines, and what a test run on a prospect builds its input from. */
  db: Pick<Models, 'pipelines'> & ProspectRunInputDb;
  runner: PipelineRunner;
  /** The built-in pipelines the runner was given: with them, how a prospect's run input is built. */
  builtIns: BuiltInPipelines;
}

/** The editor's Test run. */
const testRunRoute = route<VersionsDeps>(
  {
    method: 'post',
    path: '/api/pipelines/test-runs',
    access: 'sales-ops',
    summary: 'Test run: run an unsaved draft on a prospect or a pasted input (recorded as a draft run; every step runs for real)',
    tags: ['pipelines', 'runs'],
    query: WorkspaceQuery,
    body: TestRunBody,
    responses: {
      201: { description: 'The run, pending: follow it with GET /api/runs/{id}/events', schema: RunSchema },
      400: { description: 'The body breaks its schema (the shape of the draft included): each bad field named, also under `fields`' },
      403: { description: STEP_NOT_ALLOWED },
      404: { description: 'No such prospect in this workspace' },
      409: { description: 'With a prospect: the workspace has no ICP or no offer yet, so the prospect has no run input' },
      422: { description: CANNOT_RUN_HERE },
    },
  },
  ({ db, runner, builtIns }) =>
    async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const body = TestRunBody.parse(ctx.request.body ?? {});
      let input: unknown = body.input ?? {};
      if (body.prospectId !== undefined) input = await builtIns.prospectRunInput(db, workspaceId, body.prospectId);
      ctx.status = 201;
      ctx.body = await startPipelineRun(runner, {
        workspaceId,
        principal: principalOf(ctx),
        definition: body.definition,
        input,
        draft: true,
      });
    },
);

/** The editor's routes: checking a draft, running it as a test, and the version history's diff (saving a version: routes.ts). */
export const pipelineEditorRoutes = [
  route<VersionsDeps>(
    {
      method: 'post',
      path: '/api/pipelines/validate',
      access: 'viewer',
      summary:
        'Check a draft definition (the body, as POST /api/pipelines takes it) without saving it: every problem, each with where it is; a draft with problems is a 200',
      tags: ['pipelines'],
      query: WorkspaceQuery,
      responses: {
        200: { description: 'valid, or every problem found (a draft with problems is an answer, not an error)', schema: Validation },
        400: { description: 'Invalid workspace slug' },
      },
    },
    ({ runner }) =>
      async (ctx) => {
        const problems = validate(ctx.request.body ?? {}, runner.activities, principalOf(ctx).role);
        ctx.body = { valid: problems.length === 0, problems };
      },
  ),
  route<VersionsDeps>(
    {
      method: 'get',
      path: '/api/pipelines/{id}/diff',
      access: 'viewer',
      summary: 'What changed between two saved versions: nodes added, removed and changed (with what), edges added and removed',
      tags: ['pipelines'],
      params: PipelineParams,
      query: WorkspaceQuery.extend(DiffQuery.shape),
      responses: {
        200: { description: 'The difference', schema: Diff },
        400: { description: 'Missing or invalid versions' },
        404: { description: 'No such pipeline or version in this workspace' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const { from, to } = DiffQuery.parse(ctx.query);
        const id = PipelineParams.parse(ctx.params).id;
        const [before, after] = await Promise.all([findPipeline(db, workspaceId, id, from), findPipeline(db, workspaceId, id, to)]);
        ctx.body = { pipelineId: id, from: before.version, to: after.version, ...versionDiff(before.definition, after.definition) };
      },
  ),
  testRunRoute,
];

export const pipelineEditorRouter = (db: VersionsDeps['db'], runner: PipelineRunner) =>
  routerOf(pipelineEditorRoutes, { db, runner, builtIns: runner.builtIns });
