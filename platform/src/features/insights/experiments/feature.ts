// Experiments (issue #33): which template a prospect's first email uses, decided per prospect at
// send time by Thompson sampling over each arm's Beta posterior (the learning engine's maths),
// rewarded by positive replies and meetings, a winner declared by the engine's rule and, with
// Auto-Apply on, made the population's default until rolled back (/api/experiments).
import { defineFeature } from '../../context.ts';
import { reconcileExperimentCounts } from './counts.ts';
import { createDecideActivity, DECIDE_ACTIVITY, DECIDE_OPTIONS } from './decide.ts';
import { installedDecisionPoints } from './decision-points.ts';
import { experimentsModels } from './model.ts';
import { experimentsRouter, experimentsRoutes } from './routes.ts';

export const experimentsFeature = defineFeature({
  name: 'experiments',
  domain: 'insights',
  uses: ['experiments', 'experimentDecisions', 'campaigns', 'prospects', 'workspaceIcp', 'workspaceConfig', 'outcomeEvents'],
  models: experimentsModels,
  routes: [
    {
      routes: experimentsRoutes,
      build: ({ app, product }) => experimentsRouter({ db: product.db, decisionPoints: installedDecisionPoints(app.plugins.plugins) }),
    },
  ],
  steps: { options: new Map([[DECIDE_ACTIVITY, DECIDE_OPTIONS]]), activities: (worker) => createDecideActivity(worker.db) },
  onStart: { does: 'finish the experiment count updates a stop cut short', run: ({ product }) => reconcileExperimentCounts(product.db) },
});
