// The prospect pipeline (research → score → copy → outreach) and running it for one prospect (/api/superagent).
import { defineFeature } from '../../context.ts';
import { processProspectRouter, processProspectRoutes } from './routes.ts';
import { APPLY_SCORE_ACTIVITY, APPLY_SCORE_OPTIONS, createApplyScoreActivity } from './apply-score.ts';

export const superagentFeature = defineFeature({
  name: 'superagent',
  domain: 'prospecting',
  uses: [
    'prospects',
    'workspaceIcp',
    'workspaceOffers',
    'workspaceConfig',
    'pipelineRuns',
    'stepOutputs',
    'outcomeEvents',
    'dashboardRollups',
    'events',
    'counters',
  ],
  routes: [{ routes: processProspectRoutes, build: ({ app, product }) => processProspectRouter(product.db, product.runner, app.logger) }],
  steps: { options: new Map([[APPLY_SCORE_ACTIVITY, APPLY_SCORE_OPTIONS]]), activities: (worker) => createApplyScoreActivity(worker.db) },
});
