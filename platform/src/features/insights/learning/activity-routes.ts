import { z } from 'zod';
import { listActivity, type ActivityLogDb } from './activity-log.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

const ActivityQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const ActivityList = z.array(
  z.object({ title: z.string(), description: z.string(), time: z.string().describe('ISO date-time'), icon: z.string(), color: z.string() }),
);

/** /api/activity: the dashboard's Recent Activity, newest first. */
export const activityRoutes = [
  route<ActivityLogDb>(
    {
      method: 'get',
      path: '/api/activity',
      access: 'viewer',
      summary: 'Recent activity, newest first',
      tags: ['dashboard'],
      query: WorkspaceQuery.extend(ActivityQuery.shape),
      responses: { 200: { description: 'Activity lines', schema: ActivityList }, 400: { description: 'A bad query field, named' } },
    },
    (db) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      ctx.body = await listActivity(db, workspaceId, ActivityQuery.parse(ctx.query).limit);
    },
  ),
];

export const activityRouter = (db: ActivityLogDb) => routerOf(activityRoutes, db);
