// Inbound mail: the webhook and IMAP polling that read replies and bounces (/api/inbound).
import { defineFeature, NO_SECRETS } from '../../context.ts';
import { inboundRouter, inboundRoutes } from './routes.ts';
import { inboundKeyModels } from './inbound-key.ts';
import { createInboxActivities } from './activities.ts';
import { resumeInboxPolling } from './polling.ts';

export const inboundFeature = defineFeature({
  name: 'inbound',
  domain: 'email',
  uses: [
    'inboundKeys',
    'workspaces',
    'outbox',
    'prospects',
    'heldReplies',
    'inboxMessages',
    'suppressions',
    'mailboxes',
    'outcomeEvents',
    'dashboardRollups',
    'activityEntries',
    'experiments',
    'experimentDecisions',
    'workspaceConfig',
    'events',
    'counters',
    'sequenceDirectory',
  ],
  models: inboundKeyModels,
  routes: [
    {
      routes: inboundRoutes,
      build: ({ product: { db, runner, secrets = NO_SECRETS, publicUrl = 'http://localhost:3000' } }) =>
        inboundRouter({ db, temporal: runner.temporal, taskQueue: runner.taskQueue, secrets, publicUrl }),
    },
  ],
  // IMAP reading needs where to classify replies (a plugin run); a worker without it reads no inbox.
  activities: ({ inbox, db, secrets, mailAllowHosts }) => (inbox ? createInboxActivities({ db, secrets, mailAllowHosts, ...inbox }) : {}),
  // Replies are read over IMAP by one polling workflow per workspace with an IMAP mailbox (the demo one included).
  onStart: {
    does: 'start reading the mailboxes over IMAP',
    after: ['mailboxes'],
    run: ({ product: { db, runner, imapPollSeconds = 30 } }) =>
      resumeInboxPolling(db, { temporal: runner.temporal, taskQueue: runner.taskQueue, intervalSeconds: imapPollSeconds }),
  },
});
