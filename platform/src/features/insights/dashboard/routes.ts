import type { CyclesModel } from '../learning/cycles.ts';
import { recentInsights } from '../learning/cycles.ts';
import { dashboardMetrics, dashboardTrends } from '../outcomes/dashboard.ts';
import type { OutcomesDb } from '../outcomes/record.ts';
import { InsightsQuery, InsightsSchema, MetricsSchema, TrendsQuery, TrendsSchema } from './api-schemas.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** What the dashboard reads: the outcome rollups and the learning engine's stored cycles. */
export interface DashboardDeps {
  db: Pick<OutcomesDb, 'dashboardRollups'>;
  /** `host.models('learning-engine', connection).cycles`; absent when the learning engine is not installed. */
  cycles?: CyclesModel;
  /** The clock the trend ranges end at (tests fix it). */
  now?: () => Date;
}

const badWorkspace = { description: 'Invalid workspace slug' };

/** /api/dashboard: the Learning Dashboard's metrics strip, trend chart and insights. */
export const dashboardRoutes = [
  route<DashboardDeps>(
    {
      method: 'get',
      path: '/api/dashboard/metrics',
      access: 'viewer',
      summary: 'Learning cycles, response rate, meetings booked, learning score (0 when none)',
      tags: ['dashboard'],
      query: WorkspaceQuery,
      responses: { 200: { description: 'The metrics strip', schema: MetricsSchema }, 400: badWorkspace },
    },
    ({ db, cycles }) =>
      async (ctx) => {
        ctx.body = await dashboardMetrics(db, cycles, workspaceOf(ctx));
      },
  ),
  route<DashboardDeps>(
    {
      method: 'get',
      path: '/api/dashboard/trends',
      access: 'viewer',
      summary: 'Response, booking and lead-quality rates per week (or day), oldest first: a range, or the last 12 weeks with data',
      tags: ['dashboard'],
      query: WorkspaceQuery.extend(TrendsQuery.shape),
      responses: { 200: { description: 'Trend points', schema: TrendsSchema }, 400: { description: 'A bad query field, named' } },
    },
    ({ db, now = () => new Date() }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        ctx.body = await dashboardTrends(db, workspaceId, TrendsQuery.parse(ctx.query).range, now());
      },
  ),
  route<DashboardDeps>(
    {
      method: 'get',
      path: '/api/dashboard/insights',
      access: 'viewer',
      summary: 'Insights of the latest learning cycles, newest first',
      tags: ['dashboard'],
      query: WorkspaceQuery.extend(InsightsQuery.shape),
      responses: { 200: { description: 'Insights', schema: InsightsSchema }, 400: { description: 'A bad query field, named' } },
    },
    ({ cycles }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        ctx.body = await recentInsights(cycles, workspaceId, InsightsQuery.parse(ctx.query).cycles);
      },
  ),
];

export const dashboardRouter = (deps: DashboardDeps) => routerOf(dashboardRoutes, deps);
