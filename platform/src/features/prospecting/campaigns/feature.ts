// Campaigns: launch from an ICP slice, pause, resume, their runs and figures (/api/campaigns).
import { defineFeature } from '../../context.ts';
import { campaignRunsRouter, campaignRunsRoutes, campaignsRouter, campaignsRoutes } from './routes.ts';
import { campaignModel } from './model.ts';
import { campaignSelectionRouter, campaignSelectionRoutes } from './selection-routes.ts';

export const campaignsFeature = defineFeature({
  name: 'campaigns',
  domain: 'prospecting',
  uses: [
    'campaigns',
    'prospects',
    'prospectSearchKeys',
    'counters',
    'mailboxes',
    'pipelines',
    'pipelineRuns',
    'pipelineBatches',
    'stepOutputs',
    'workspaceIcp',
    'workspaceOffers',
    'workspaceConfig',
    'events',
    'sequenceDirectory',
  ],
  models: (connection) => ({ campaigns: campaignModel(connection) }),
  routes: [
    { routes: campaignsRoutes, build: ({ product }) => campaignsRouter(product.db) },
    { routes: campaignRunsRoutes, build: ({ product }) => campaignRunsRouter(product.db, product.runner) },
    { routes: campaignSelectionRoutes, build: ({ product }) => campaignSelectionRouter(product.db, product.runner) },
  ],
});
