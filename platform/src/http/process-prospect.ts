import Router from '@koa/router';
import { z } from 'zod';
import type { Models } from '../db/models.ts';
import type { PipelineRunner } from '../pipelines/runs.ts';
import { processProspect } from '../superagent/process-prospect.ts';
import type { RouteDoc } from './route-doc.ts';
import { WorkspaceQuery, workspaceOf } from './workspace.ts';

/** Body of POST /api/superagent/process-prospect (the Workflow Test page sends prospect 1). */
export const ProcessProspectBody = z.object({ prospectId: z.number().int().min(1) });

const Sequence = z.array(z.object({ step: z.number(), dayOffset: z.number(), template: z.string(), subject: z.string(), body: z.string() }));

/** The product's Workflow response. */
export const WorkflowResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  runId: z.string().meta({ description: 'The pipeline run: open it in the pipeline view, or rerun it from a step' }),
  data: z.object({
    research: z.object({ enrichedData: z.object({ companyInfo: z.string(), painPoints: z.array(z.string()), techStack: z.array(z.string()) }), confidence: z.number() }).optional(),
    scoring: z.object({ totalScore: z.number(), priority: z.string(), reasoning: z.string(), confidence: z.number() }).optional(),
    content: z.object({ sequence: Sequence, overallStrategy: z.string(), expectedResponseRate: z.number(), confidence: z.number() }).optional(),
    outreach: z.object({ campaignId: z.string(), channels: z.array(z.string()), deliveryStatus: z.string(), confidence: z.number() }).optional(),
    metrics: z.object({ researchConfidence: z.number(), scoringConfidence: z.number(), finalScore: z.number(), contentGenerated: z.boolean(), outreachTriggered: z.boolean() }),
    recommendations: z.array(z.string()),
  }),
});

/** POST /api/superagent/process-prospect: the built-in pipeline for one prospect, answered when it ends. */
export function processProspectRouter(db: Models, runner: PipelineRunner): Router {
  return new Router().post('/api/superagent/process-prospect', async (ctx) => {
    const { prospectId } = ProcessProspectBody.parse(ctx.request.body ?? {});
    ctx.body = WorkflowResponseSchema.parse(await processProspect({ db, runner }, workspaceOf(ctx), prospectId));
  });
}

export const processProspectRouteDocs: RouteDoc[] = [{
  method: 'post', path: '/api/superagent/process-prospect', tags: ['superagent'],
  summary: 'Research, score, write and enrol one prospect through the built-in pipeline; answers when the run ends',
  query: WorkspaceQuery, body: ProcessProspectBody,
  responses: {
    200: { description: 'The Workflow response; success is false when a step failed (its error names it)', schema: WorkflowResponseSchema },
    400: { description: 'Invalid body' }, 404: { description: 'No such prospect in this workspace' }, 409: { description: 'The workspace has no ICP yet' },
  },
}];
