// Sending mailboxes: SMTP/IMAP settings, sealed passwords, warm-up and tests (/api/mailboxes).
import { defineFeature, NO_SECRETS } from '../../context.ts';
import { mailboxesRouter, mailboxesRoutes } from './routes.ts';
import { mailboxModels } from './model.ts';
import { ensureDemoMailbox } from './demo-mailbox.ts';
import { DEFAULT_WORKSPACE } from '../../accounts/services.ts';

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
    'inboxMessages',
    'workspaceConfig',
    'outcomeEvents',
    'dashboardRollups',
    'activityEntries',
    'experiments',
    'experimentDecisions',
    'events',
    'counters',
    'sequenceDirectory',
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
  // npm start's demo workspace gets a mailbox on the local mail server (when passwords can be sealed).
  onStart: {
    does: "connect the demo workspace's sample mailbox",
    after: ['workspaces'],
    run: async ({ product: { db, secrets }, settings }) => {
      if (settings.demoMailServer && secrets && !('unavailable' in secrets))
        await ensureDemoMailbox(db, secrets, DEFAULT_WORKSPACE.slug, settings.demoMailServer);
    },
  },
});
