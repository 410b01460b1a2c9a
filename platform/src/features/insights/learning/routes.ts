import { z } from 'zod';
import type { ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import type { CyclesModel } from './cycles.ts';
import { learningStatus } from './status.ts';
import { startLearningCycle, type LearningStarter } from './trigger.ts';
import type { OutcomesDb } from '../outcomes/record.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

const Started = z.object({
  runId: z.string().describe('Temporal run id'),
  workflowId: z.string(),
  cycleId: z.string().describe("The learning cycle's id"),
});

const Status = z.object({
  nextCycleAt: z
    .string()
    .nullable()
    .describe("ISO time of the weekly schedule's next run; null when automatic cycles are off or no schedule exists"),
  automaticCycles: z.boolean().describe('The workspace\'s "Automatic Learning Cycles" switch'),
  lastCycleAt: z.string().nullable().describe('ISO time of the newest cycle; null before the first'),
  pendingOutcomes: z.number().int().describe('Outcome events no cycle has learned from yet'),
  pendingScoredLeads: z.number().int().describe('Scored leads among them'),
  minSampleSize: z.number().int().describe('Scored leads the learning engine needs before it re-fits the scoring weights'),
});

/** What /api/learning needs: where cycles start, and what the Learning Queue reads. */
export interface LearningRouteDeps extends LearningStarter {
  db: ConfigStoreDb & Pick<OutcomesDb, 'outcomeEvents'>;
  cycles: CyclesModel | undefined;
  minSampleSize: number;
}

/** /api/learning: the dashboard's "Trigger Learning Cycle" and its Learning Queue. */
export const learningRoutes = [
  route<LearningRouteDeps>(
    {
      method: 'post',
      path: '/api/learning/trigger',
      access: 'sales-ops',
      summary: 'Starts a learning cycle now (it runs on the worker)',
      tags: ['learning'],
      query: WorkspaceQuery,
      responses: {
        202: { description: 'Started; the cycle shows on the dashboard when done', schema: Started },
        400: { description: 'Invalid workspace slug' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      ctx.status = 202;
      ctx.body = await startLearningCycle(deps, workspaceId);
    },
  ),
  route<LearningRouteDeps>(
    {
      method: 'get',
      path: '/api/learning/status',
      access: 'viewer',
      summary: 'The Learning Queue: next scheduled cycle, outcomes gathered since the last one, the minimum sample size',
      tags: ['learning'],
      query: WorkspaceQuery,
      responses: { 200: { description: "The workspace's learning queue", schema: Status }, 400: { description: 'Invalid workspace slug' } },
    },
    (deps) => async (ctx) => {
      ctx.body = await learningStatus(deps, workspaceOf(ctx));
    },
  ),
];

export const learningRouter = (deps: LearningRouteDeps) => routerOf(learningRoutes, deps);
