// Signed outgoing webhooks (/api/webhooks, issue #34 item 4): a workspace's endpoints, the delivery
// of the platform's domain events (core/events.ts) to them as durable workflows, and the delivery log.
import type { WebhookActivities } from '@meetflow/workflows';
import { defineFeature, NO_SECRETS, schedulesOf } from '../../context.ts';
import { attemptDelivery, dispatchEvents, failDelivery } from './delivery.ts';
import { deliveryStarter, resumeDispatch } from './dispatch.ts';
import { webhooksModels } from './model.ts';
import { webhooksRouter, webhooksRoutes } from './routes.ts';

export const webhooksFeature = defineFeature({
  name: 'webhooks',
  domain: 'revenue',
  uses: ['webhookEndpoints', 'webhookDeliveries', 'events', 'counters'],
  models: webhooksModels,
  routes: [
    {
      routes: webhooksRoutes,
      build: ({ product }) =>
        webhooksRouter({ db: product.db, secrets: product.secrets ?? NO_SECRETS, workflows: schedulesOf({ product }) }),
    },
  ],
  // Dispatching starts delivery workflows, so it needs the worker's Temporal client (a worker without one delivers nothing).
  activities: ({ db, secrets, inbox }) =>
    inbox
      ? {
          ...({
            dispatchWebhookEvents: ({ workspaceId }) =>
              dispatchEvents(db, workspaceId, deliveryStarter({ client: inbox.temporal, taskQueue: inbox.taskQueue })),
            attemptWebhookDelivery: async ({ workspaceId, deliveryId }) => ({
              outcome: await attemptDelivery({ db, secrets }, workspaceId, deliveryId),
            }),
            failWebhookDelivery: ({ workspaceId, deliveryId }) => failDelivery(db, workspaceId, deliveryId),
          } satisfies WebhookActivities),
        }
      : {},
  onStart: {
    does: 'resume delivering webhooks',
    run: ({ product }) => resumeDispatch(product.db, schedulesOf({ product })),
  },
});
