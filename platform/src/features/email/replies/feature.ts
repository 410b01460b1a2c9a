// Replies: classified, acted on, or held for a person when they do not thread (/api/replies).
import { defineFeature } from '../../context.ts';
import { repliesRouter, repliesRoutes } from './routes.ts';
import { heldReplyModels } from './held-reply-model.ts';

export const repliesFeature = defineFeature({
  name: 'replies',
  domain: 'email',
  uses: [
    'heldReplies',
    'inboxMessages',
    'prospects',
    'outcomeEvents',
    'dashboardRollups',
    'experiments',
    'experimentDecisions',
    'workspaceConfig',
    'events',
    'counters',
    'sequenceDirectory',
  ],
  models: heldReplyModels,
  routes: [
    {
      routes: repliesRoutes,
      build: ({ product: { db, runner } }) => repliesRouter({ db, temporal: runner.temporal, taskQueue: runner.taskQueue }),
    },
  ],
});
