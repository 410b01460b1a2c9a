// The prospect pipeline (research → score → copy → outreach) and running it for one prospect (/api/superagent).
import { defineFeature } from '../../context.ts';
import { processProspectRouter, processProspectRoutes } from './routes.ts';

export const superagentFeature = defineFeature({
  name: 'superagent',
  domain: 'prospecting',
  routes: [{ routes: processProspectRoutes, build: ({ app, product }) => processProspectRouter(product.db, product.runner, app.logger) }],
});
