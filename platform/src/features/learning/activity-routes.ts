import Router from '@koa/router';
import { z } from 'zod';
import { listActivity, type ActivityLogDb } from './activity-log.ts';
import type { RouteDoc } from '../../core/http/route-doc.ts';
import { WorkspaceQuery, workspaceOf } from '../../core/http/workspace.ts';

const ActivityQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const ActivityList = z.array(z.object({ title: z.string(), description: z.string(), time: z.string().describe('ISO date-time'),
  icon: z.string(), color: z.string() }));

/** /api/activity: the dashboard's Recent Activity, newest first. */
export function activityRouter(db: ActivityLogDb): Router {
  return new Router().get('/api/activity', async (ctx) => {
    const workspaceId = workspaceOf(ctx);
    ctx.body = await listActivity(db, workspaceId, ActivityQuery.parse(ctx.query).limit);
  });
}

/** The OpenAPI description of /api/activity. */
export const activityRouteDocs: RouteDoc[] = [
  { method: 'get', path: '/api/activity', summary: 'Recent activity, newest first', tags: ['dashboard'], query: WorkspaceQuery.extend(ActivityQuery.shape),
    responses: { 200: { description: 'Activity lines', schema: ActivityList }, 400: { description: 'A bad query field, named' } } },
];
