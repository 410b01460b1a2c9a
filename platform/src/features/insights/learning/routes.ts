import { z } from 'zod';
import type { ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import type { CyclesModel } from './cycles.ts';
import { learningStatus } from './status.ts';
import { startLearningCycle, type LearningStarter } from './trigger.ts';
import type { OutcomesDb } from '../outcomes/record.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { auditChange } from '../../accounts/services.ts';
import type { ScoringRefitsDb } from './refit-model.ts';
import { latestRefit, rollBackRefit, ScoringRefitView } from './refits.ts';

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
  minSampleSize: z.number().int().describe('Contacted prospects the learning engine needs before it refits the scoring weights'),
  scoringRefit: ScoringRefitView.nullable().describe(
    "The newest cycle's refit of the scoring weights from meetings; null before the first",
  ),
});

const CycleParams = z.object({ cycleId: z.string().min(1).max(200).meta({ description: 'The learning cycle whose refit to roll back' }) });

/** What /api/learning needs: where cycles start, and what the Learning Queue reads. */
export interface LearningRouteDeps extends LearningStarter {
  db: ConfigStoreDb & Pick<OutcomesDb, 'outcomeEvents'> & ScoringRefitsDb;
  cycles: CyclesModel | undefined;
  minSampleSize: number;
}

/** /api/learning: the dashboard's "Trigger Learning Cycle", its Learning Queue (with the last scoring refit) and the refit's rollback (sales ops and above). */
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
      const workspaceId = workspaceOf(ctx);
      const [status, scoringRefit] = await Promise.all([learningStatus(deps, workspaceId), latestRefit(deps.db, workspaceId)]);
      ctx.body = { ...status, scoringRefit };
    },
  ),
  route<LearningRouteDeps>(
    {
      method: 'post',
      path: '/api/learning/refits/{cycleId}/rollback',
      access: 'sales-ops',
      summary: 'Rolls back the scoring weights a learning cycle applied from meetings: the weights in force before it come back',
      tags: ['learning'],
      params: CycleParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The refit, rolled back', schema: ScoringRefitView },
        400: { description: 'Invalid workspace slug, or the cycle id is too long' },
        404: { description: 'No refit of that cycle in this workspace' },
        409: { description: 'It applied nothing, it is rolled back already, or the weights changed after it' },
      },
    },
    (deps) => async (ctx) => {
      const { cycleId } = CycleParams.parse(ctx.params);
      const workspaceId = workspaceOf(ctx);
      const after = await rollBackRefit(deps.db, workspaceId, cycleId, accessOf(ctx).principal.id);
      auditChange(ctx, { before: { ...after, rolledBackAt: null, rolledBackBy: null }, after });
      ctx.body = after;
    },
  ),
];

export const learningRouter = (deps: LearningRouteDeps) => routerOf(learningRoutes, deps);
