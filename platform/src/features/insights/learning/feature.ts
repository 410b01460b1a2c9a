// The learning cycle: its schedule, runs and the activity log (/api/learning, /api/activity).
import { defineFeature, schedulesOf } from '../../context.ts';
import { activityRouter, activityRoutes } from './activity-routes.ts';
import { learningRouter, learningRoutes } from './routes.ts';
import { activityEntryModels } from './activity-model.ts';
import { scoringRefitModels } from './refit-model.ts';
import { learningCycles, minSampleSize } from './engine.ts';
import { createLearningActivities } from './activities.ts';
import { applyLearningSettings } from './settings.ts';
import { DEFAULT_WORKSPACE } from '../../accounts/services.ts';
import { getWorkspaceConfig } from '../workspace-config/workspace-config.ts';

export const learningFeature = defineFeature({
  name: 'learning',
  domain: 'insights',
  uses: ['activityEntries', 'workspaceConfig', 'outcomeEvents', 'dashboardRollups', 'scoringRefits'],
  models: (connection) => ({ ...activityEntryModels(connection), ...scoringRefitModels(connection) }),
  routes: [
    { routes: activityRoutes, build: ({ product }) => activityRouter(product.db) },
    {
      routes: learningRoutes,
      build: (context) =>
        learningRouter({
          ...schedulesOf(context),
          db: context.product.db,
          cycles: learningCycles(context.app),
          minSampleSize: minSampleSize(context.app),
        }),
    },
  ],
  activities: (worker) => createLearningActivities(worker),
  // The default workspace's weekly learning schedule, following its "Automatic Learning Cycles" switch.
  onStart: {
    does: "start the default workspace's learning schedule",
    after: ['workspaces'],
    run: async (context) =>
      applyLearningSettings(
        schedulesOf(context),
        DEFAULT_WORKSPACE.slug,
        (await getWorkspaceConfig(context.product.db, DEFAULT_WORKSPACE.slug)).learningSettings,
      ),
  },
});
