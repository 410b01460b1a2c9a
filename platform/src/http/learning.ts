import Router from '@koa/router';
import { z } from 'zod';
import { startLearningCycle, type LearningStarter } from '../learning/trigger.ts';
import type { RouteDoc } from './route-doc.ts';
import { WorkspaceQuery, workspaceOf } from './workspace.ts';

const Started = z.object({
  runId: z.string().describe('Temporal run id'), workflowId: z.string(), cycleId: z.string().describe('The learning cycle\'s id'),
});

/** /api/learning: the dashboard's "Trigger Learning Cycle". */
export function learningRouter(starter: LearningStarter): Router {
  return new Router().post('/api/learning/trigger', async (ctx) => {
    const workspaceId = workspaceOf(ctx);
    ctx.status = 202;
    ctx.body = await startLearningCycle(starter, workspaceId);
  });
}

/** The OpenAPI description of /api/learning. */
export const learningRouteDocs: RouteDoc[] = [
  { method: 'post', path: '/api/learning/trigger', summary: 'Starts a learning cycle now (it runs on the worker)', tags: ['learning'], query: WorkspaceQuery,
    responses: { 202: { description: 'Started; the cycle shows on the dashboard when done', schema: Started }, 400: { description: 'Invalid workspace slug' } } },
];
