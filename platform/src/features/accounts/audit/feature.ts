// The audit trail of state-changing calls (GET /api/audit); the trail itself is middleware (trail.ts).
import { defineFeature } from '../../context.ts';
import { auditRouter, auditRoutes } from './routes.ts';
import { auditModels } from './model.ts';

export const auditFeature = defineFeature({
  name: 'audit',
  domain: 'accounts',
  uses: ['auditEntries'],
  models: auditModels,
  routes: [{ routes: auditRoutes, build: ({ product }) => auditRouter(product.db) }],
});
