// The workspace's connected calendar (/api/calendars): its account, the secret sealed; meetings read its free/busy and write their events in it.
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { defineFeature, schedulesOf } from '../../context.ts';
import { NO_SECRETS } from '../../context.ts';
import { calendarModels } from './model.ts';
import { registerCalendarOAuth } from './oauth-connect.ts';
import { calendarNotificationRoutes, calendarsRouter, calendarsRoutes } from './routes.ts';
import { calendarSyncActivities, resumeCalendarSyncs } from './run.ts';

export const calendarsFeature = defineFeature({
  name: 'calendars',
  domain: 'revenue',
  uses: ['calendarAccounts', 'calendarEvents'],
  models: calendarModels,
  routes: [
    {
      routes: [...calendarsRoutes, ...calendarNotificationRoutes],
      build: ({ app, product }) => {
        const { db, secrets = NO_SECRETS, httpAllowHosts = [], publicUrl } = product;
        const deps = {
          db,
          host: app.plugins,
          secrets,
          allowHosts: httpAllowHosts,
          workflows: schedulesOf({ product }),
          ...(publicUrl ? { publicUrl } : {}),
          logger: app.logger,
        };
        // Google and Microsoft connect through /api/oauth: the calendars store what it was granted.
        registerCalendarOAuth(app.database, deps);
        return calendarsRouter(deps);
      },
    },
  ],
  // The read-back (workflow calendarSync) runs on the worker, which composes it with the plugins (a worker without them reads nothing back).
  activities: ({ calendarReadBack }) => (calendarReadBack ? { ...calendarSyncActivities(calendarReadBack) } : {}),
  onStart: {
    does: 'resume the read-back of every connected calendar (a workflow per workspace)',
    after: [],
    run: async ({ product }) => {
      // Every workspace's, on purpose: the platform resumes each connected calendar's read-back.
      const connected = await product.db.calendarAccounts
        .find({}, { workspaceId: 1, _id: 0 }, ACROSS_WORKSPACES)
        .lean<Array<{ workspaceId: string }>>();
      return resumeCalendarSyncs(
        schedulesOf({ product }),
        connected.map((row) => row.workspaceId),
      );
    },
  },
});
