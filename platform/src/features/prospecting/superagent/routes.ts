import { z } from 'zod';
import type { PipelineRunner } from '../../runs/services.ts';
import type { Logger } from '../../../core/logger.ts';
import { processProspect, processProspectResult, startProcessProspect, type ProcessDeps } from './process-prospect.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, principalOf, workspaceOf } from '../../../core/http/workspace.ts';

/** Body of POST /api/superagent/process-prospect (the Workflow Test page sends prospect 1). */
export const ProcessProspectBody = z.object({
  prospectId: z.number().int().min(1),
  wait: z
    .boolean()
    .default(true)
    .describe('false: answer 202 with the run id at once and follow the run (GET /api/runs/{id}/events), then fetch the result'),
});

const Started = z.object({ runId: z.string(), workflowId: z.string() });
const Running = z.object({ runId: z.string(), status: z.literal('running') });
const RunParams = z.object({ runId: z.string().min(1).max(200) });

const Sequence = z.array(
  z.object({ step: z.number(), dayOffset: z.number(), template: z.string(), subject: z.string(), body: z.string() }),
);

/** The product's Workflow response. */
export const WorkflowResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  runId: z.string().meta({ description: 'The pipeline run: open it in the pipeline view, or rerun it from a step' }),
  data: z.object({
    research: z
      .object({
        enrichedData: z.object({ companyInfo: z.string(), painPoints: z.array(z.string()), techStack: z.array(z.string()) }),
        confidence: z.number(),
      })
      .optional(),
    scoring: z.object({ totalScore: z.number(), priority: z.string(), reasoning: z.string(), confidence: z.number() }).optional(),
    content: z
      .object({ sequence: Sequence, overallStrategy: z.string(), expectedResponseRate: z.number(), confidence: z.number() })
      .optional(),
    outreach: z
      .object({ campaignId: z.string(), channels: z.array(z.string()), deliveryStatus: z.string(), confidence: z.number() })
      .optional(),
    metrics: z.object({
      researchConfidence: z.number(),
      scoringConfidence: z.number(),
      finalScore: z.number(),
      contentGenerated: z.boolean(),
      outreachTriggered: z.boolean(),
    }),
    recommendations: z.array(z.string()),
  }),
});

/**
 * POST /api/superagent/process-prospect: the built-in pipeline for one prospect, answered when it
 * ends, or (wait: false) started and followed; GET …/{runId} answers its result once it has ended.
 */
export const processProspectRoutes = [
  route<ProcessProspectDeps>(
    {
      method: 'post',
      path: '/api/superagent/process-prospect',
      access: 'sales-ops',
      tags: ['superagent'],
      summary: 'Research, score, write and enrol one prospect through the built-in pipeline; answers when the run ends',
      query: WorkspaceQuery,
      body: ProcessProspectBody,
      responses: {
        200: {
          description: 'The Workflow response; success is false when a step failed (its error names it)',
          schema: WorkflowResponseSchema,
        },
        202: { description: 'With wait: false, the run started: follow it, then GET its result', schema: Started },
        400: { description: 'Invalid body' },
        404: { description: 'No such prospect in this workspace' },
        409: { description: 'The workspace has no ICP yet' },
      },
    },
    (deps) => async (ctx) => {
      const { prospectId, wait } = ProcessProspectBody.parse(ctx.request.body ?? {});
      const workspaceId = workspaceOf(ctx);
      if (wait) {
        ctx.body = WorkflowResponseSchema.parse(await processProspect(deps, workspaceId, principalOf(ctx), prospectId));
        return;
      }
      // The run applies its own score (its apply step), whether or not anyone asks for the result.
      const started = await startProcessProspect(deps, workspaceId, principalOf(ctx), prospectId);
      ctx.status = 202;
      ctx.body = Started.parse(started);
    },
  ),
  route<ProcessProspectDeps>(
    {
      method: 'get',
      path: '/api/superagent/process-prospect/{runId}',
      access: 'viewer',
      tags: ['superagent'],
      summary: 'The Workflow response of a prospect-pipeline run once it has ended (its apply step has applied its score by then)',
      params: RunParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The Workflow response', schema: WorkflowResponseSchema },
        202: { description: 'The run is still going', schema: Running },
        400: { description: 'Invalid workspace slug' },
        404: { description: 'No prospect-pipeline run with this id in this workspace' },
      },
    },
    ({ db, runner }) =>
      async (ctx) => {
        const { runId } = RunParams.parse(ctx.params);
        const response = await processProspectResult({ db, runner }, workspaceOf(ctx), runId);
        if (response) ctx.body = WorkflowResponseSchema.parse(response);
        else {
          ctx.status = 202;
          ctx.body = { runId, status: 'running' };
        }
      },
  ),
];

/** What the routes run over: they start runs and read their results, and write nothing of a run's own. */
interface ProcessProspectDeps {
  db: ProcessDeps['db'];
  runner: PipelineRunner;
}

/** The routes over the models and the runner (`_logger`: taken as the app passes it; nothing here logs any more). */
export const processProspectRouter = (db: ProcessDeps['db'], runner: PipelineRunner, _logger?: Logger) =>
  routerOf(processProspectRoutes, { db, runner });
