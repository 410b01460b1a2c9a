// The outbox: every email written, reviewed, queued and sent (/api/outbox; the Review Queue).
import { defineFeature } from '../../context.ts';
import { outboxRouter, outboxRoutes } from './routes.ts';
import { outboxModels } from './model.ts';

export const outboxFeature = defineFeature({
  name: 'outbox',
  domain: 'email',
  uses: ['outbox', 'prospects', 'campaigns', 'pipelineRuns', 'stepOutputs', 'sequenceDirectory'],
  models: outboxModels,
  routes: [{ routes: outboxRoutes, build: ({ product }) => outboxRouter({ db: product.db, temporal: product.runner.temporal }) }],
});
