// Sending: the guarded send, unsubscribe and open links (/api/unsubscribe, /api/o), and when emails go out (/api/sending/forecast).
import { defineFeature, NO_SECRETS } from '../../context.ts';
import { unsubscribeRouter, unsubscribeRoutes } from './unsubscribe-routes.ts';
import { openTrackingRouter, openTrackingRoutes } from './open-routes.ts';
import { mailLinkModels } from './mail-links.ts';
import { forecastRouter, forecastRoutes } from './forecast-routes.ts';

export const sendingFeature = defineFeature({
  name: 'sending',
  domain: 'email',
  uses: [
    'mailLinks',
    'suppressions',
    'outcomeEvents',
    'dashboardRollups',
    'mailboxes',
    'sendCounters',
    'outbox',
    'workspaceConfig',
    'sequenceDirectory',
  ],
  models: mailLinkModels,
  routes: [
    {
      routes: unsubscribeRoutes,
      build: ({ product: { db, runner, secrets = NO_SECRETS } }) => unsubscribeRouter({ db, temporal: runner.temporal, secrets }),
    },
    { routes: openTrackingRoutes, build: ({ product: { db, secrets = NO_SECRETS } }) => openTrackingRouter({ db, secrets }) },
    { routes: forecastRoutes, build: ({ product: { db } }) => forecastRouter({ db }) },
  ],
});
