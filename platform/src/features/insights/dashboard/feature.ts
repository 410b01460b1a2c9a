// The Learning Dashboard's metrics, trends and insights (/api/dashboard), served from rollups.
import { defineFeature } from '../../context.ts';
import { dashboardRouter, dashboardRoutes } from './routes.ts';
import { learningCycles } from '../learning/engine.ts';

export const dashboardFeature = defineFeature({
  name: 'dashboard',
  domain: 'insights',
  uses: ['dashboardRollups'],
  routes: [{ routes: dashboardRoutes, build: ({ app, product: { db } }) => dashboardRouter({ db, cycles: learningCycles(app) }) }],
});
