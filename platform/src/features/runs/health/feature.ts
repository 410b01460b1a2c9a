// Whether the database, Temporal and a worker answer (GET /api/health).
import { defineFeature } from '../../context.ts';
import { healthRouter, healthRoutes } from './routes.ts';

export const healthFeature = defineFeature({
  name: 'health',
  domain: 'runs',
  uses: [],
  platformRoutes: [{ routes: healthRoutes, build: (app) => healthRouter(app.database, app.temporal, app.product?.runner.taskQueue) }],
});
