// The Inbox: every reply, threaded with what was sent, classified, answered or closed in one click (/api/inbox).
import { defineFeature } from '../../context.ts';
import { inboxModels } from './model.ts';
import { inboxRouter, inboxRoutes } from './routes.ts';

export const inboxFeature = defineFeature({
  name: 'inbox',
  domain: 'email',
  uses: ['inboxMessages', 'prospects', 'outbox', 'campaigns', 'suppressions', 'workspaceConfig', 'sequenceDirectory'],
  models: inboxModels,
  routes: [
    {
      routes: inboxRoutes,
      build: ({ product: { db, runner } }) => inboxRouter({ db, temporal: runner.temporal, taskQueue: runner.taskQueue }),
    },
  ],
});
