// Prospects: the list, search, profiles and CSV import (/api/prospects), and the Prospect Pipeline
// table's filters, row states, CSV export and bulk sequence stop.
import { defineFeature } from '../../context.ts';
import { prospectsImportRouter, prospectsImportRoutes } from './import-routes.ts';
import { prospectPipelineRouter, prospectPipelineRoutes } from './pipeline-routes.ts';
import { prospectProfileRouter, prospectProfileRoutes, prospectsRouter, prospectsRoutes } from './routes.ts';
import { prospectModel } from './model.ts';
import { backfillSearchKeys, prospectSearchKeyModel } from './search-keys.ts';

export const prospectsFeature = defineFeature({
  name: 'prospects',
  domain: 'prospecting',
  uses: [
    'prospects',
    'prospectSearchKeys',
    'counters',
    'events',
    'campaigns',
    'pipelineRuns',
    'stepOutputs',
    'outbox',
    'sequenceDirectory',
  ],
  models: (connection) => ({ prospects: prospectModel(connection), prospectSearchKeys: prospectSearchKeyModel(connection) }),
  routes: [
    { routes: prospectsImportRoutes, build: ({ product }) => prospectsImportRouter(product.db) },
    // Before /api/prospects/{id}, which would take /api/prospects/filters and the others.
    {
      routes: prospectPipelineRoutes,
      build: ({ product }) => prospectPipelineRouter({ db: product.db, temporal: product.runner.temporal }),
    },
    { routes: prospectsRoutes, build: ({ product }) => prospectsRouter(product.db, product.runner.temporal) },
    { routes: prospectProfileRoutes, build: ({ product }) => prospectProfileRouter(product.db, product.runner.temporal) },
  ],
  // Prospects written before the search keys existed (or by a version without them) are keyed once; a search keys its workspace itself if it comes first.
  onStart: { does: 'key the prospects the search index does not have yet', run: ({ product }) => backfillSearchKeys(product.db) },
});
