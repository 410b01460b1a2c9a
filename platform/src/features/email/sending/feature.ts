// Sending: the guarded send, unsubscribe and open links (/api/unsubscribe, /api/o).
import { defineFeature, NO_SECRETS } from '../../context.ts';
import { unsubscribeRouter, unsubscribeRoutes } from './unsubscribe-routes.ts';
import { openTrackingRouter, openTrackingRoutes } from './open-routes.ts';
import { mailLinkModels } from './mail-links.ts';

export const sendingFeature = defineFeature({
  name: 'sending',
  domain: 'email',
  uses: ['mailLinks', 'suppressions', 'outcomeEvents', 'dashboardRollups'],
  models: mailLinkModels,
  routes: [
    {
      routes: unsubscribeRoutes,
      build: ({ product: { db, runner, secrets = NO_SECRETS } }) => unsubscribeRouter({ db, temporal: runner.temporal, secrets }),
    },
    { routes: openTrackingRoutes, build: ({ product: { db, secrets = NO_SECRETS } }) => openTrackingRouter({ db, secrets }) },
  ],
});
