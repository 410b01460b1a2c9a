// Prospects: the list, search, profiles and CSV import (/api/prospects).
import { defineFeature } from '../../context.ts';
import { prospectsImportRouter, prospectsImportRoutes } from './import-routes.ts';
import { prospectProfileRouter, prospectProfileRoutes, prospectsRouter, prospectsRoutes } from './routes.ts';
import { prospectModel } from './model.ts';

export const prospectsFeature = defineFeature({
  name: 'prospects',
  domain: 'prospecting',
  uses: ['prospects', 'counters', 'pipelineRuns', 'stepOutputs', 'outbox'],
  models: (connection) => ({ prospects: prospectModel(connection) }),
  routes: [
    { routes: prospectsImportRoutes, build: ({ product }) => prospectsImportRouter(product.db) },
    { routes: prospectsRoutes, build: ({ product }) => prospectsRouter(product.db) },
    { routes: prospectProfileRoutes, build: ({ product }) => prospectProfileRouter(product.db, product.runner.temporal) },
  ],
});
