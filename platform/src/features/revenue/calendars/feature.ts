// The workspace's connected calendar (/api/calendars): its account, the secret sealed; meetings read its free/busy and write their events in it.
import { defineFeature, viaPlugins } from '../../context.ts';
import { NO_SECRETS } from '../../context.ts';
import { calendarModels } from './model.ts';
import { registerCalendarOAuth } from './oauth-connect.ts';
import { calendarsRouter, calendarsRoutes } from './routes.ts';
import { startCalendarSync } from './sync.ts';

/** How often the changes made in connected calendars are read back (cancelled and moved meetings). */
export const CALENDAR_SYNC_MS = 60_000;

export const calendarsFeature = defineFeature({
  name: 'calendars',
  domain: 'revenue',
  uses: ['calendarAccounts', 'calendarEvents'],
  models: calendarModels,
  routes: [
    {
      routes: calendarsRoutes,
      build: ({ app, product: { db, secrets = NO_SECRETS, httpAllowHosts = [] } }) => {
        const deps = { db, host: app.plugins, secrets, allowHosts: httpAllowHosts };
        // Google and Microsoft connect through /api/oauth: the calendars store what it was granted.
        registerCalendarOAuth(app.database, deps);
        return calendarsRouter(deps);
      },
    },
  ],
  onStart: {
    does: 'read back the changes made in connected calendars every minute',
    after: [],
    run: async (context) => {
      startCalendarSync(viaPlugins(context), context.app.logger, CALENDAR_SYNC_MS);
    },
  },
});
