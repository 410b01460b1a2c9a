// The workspace's connected CRM (/api/crm, issue #34 item 3): the connection (its token sealed), the
// durable sync to it (workflow crmSync: prospects created or scored, emails sent, replies, meetings
// booked or cancelled, by Meetflow's ids), the per-object sync log, and the CRM's customers and open deals discovery leaves out.
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { defineFeature, NO_SECRETS, schedulesOf } from '../../context.ts';
import { crmModels } from './model.ts';
import { registerCrmOAuth } from './oauth-connect.ts';
import { crmRouter, crmRoutes } from './routes.ts';
import { crmSyncActivities, resumeCrmSyncs } from './run.ts';

export const crmFeature = defineFeature({
  name: 'crm',
  domain: 'revenue',
  // inboxMessages: a reply's subject and text, logged as an incoming email (sync.ts).
  uses: ['crmConnections', 'crmSyncLog', 'crmExclusions', 'events', 'counters', 'prospects', 'outbox', 'inboxMessages'],
  models: crmModels,
  routes: [
    {
      routes: crmRoutes,
      build: ({ app, product }) => {
        const deps = { db: product.db, host: app.plugins, secrets: product.secrets ?? NO_SECRETS, workflows: schedulesOf({ product }) };
        // Salesforce (and any CRM whose manifest declares oauth) connects through /api/oauth: the CRMs store what it was granted.
        registerCrmOAuth(app.database, deps);
        return crmRouter(deps);
      },
    },
  ],
  // The worker calls the CRM plugin in its own process (a worker without the plugins syncs nothing).
  activities: ({ db, secrets, crm }) => (crm ? { ...crmSyncActivities({ db, secrets, host: crm }) } : {}),
  onStart: {
    does: 'resume the CRM syncs',
    run: async ({ product }) => {
      // Every workspace's, on purpose: the platform resumes each connected CRM's sync.
      const connected = await product.db.crmConnections
        .find({}, { workspaceId: 1, _id: 0 }, ACROSS_WORKSPACES)
        .lean<Array<{ workspaceId: string }>>();
      return resumeCrmSyncs(
        schedulesOf({ product }),
        connected.map((row) => row.workspaceId),
      );
    },
  },
});
