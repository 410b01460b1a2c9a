// Sending mailboxes: SMTP/IMAP settings, sealed passwords, warm-up and tests (/api/mailboxes).
import { defineFeature, NO_SECRETS } from '../../context.ts';
import { mailboxesRouter, mailboxesRoutes } from './routes.ts';
import { mailboxModels } from './model.ts';

export const mailboxesFeature = defineFeature({
  name: 'mailboxes',
  domain: 'email',
  uses: [
    'mailboxes',
    'outbox',
    'sendCounters',
    'suppressions',
    'prospects',
    'heldReplies',
    'workspaceConfig',
    'outcomeEvents',
    'dashboardRollups',
    'activityEntries',
  ],
  models: mailboxModels,
  routes: [
    {
      routes: mailboxesRoutes,
      build: ({ app, product: { db, runner, secrets = NO_SECRETS, imapPollSeconds = 30, mailAllowHosts = [] } }) =>
        mailboxesRouter({
          db,
          secrets,
          mailAllowHosts,
          channel: app.plugins.channel('email', app.logger),
          polling: { temporal: runner.temporal, taskQueue: runner.taskQueue, intervalSeconds: imapPollSeconds },
        }),
    },
  ],
});
