// The learning cycle: its schedule, runs and the activity log (/api/learning, /api/activity).
import { defineFeature, schedulesOf } from '../../context.ts';
import { activityRouter, activityRoutes } from './activity-routes.ts';
import { learningRouter, learningRoutes } from './routes.ts';
import { activityEntryModels } from './activity-model.ts';
import { learningCycles, minSampleSize } from './engine.ts';
import { createLearningActivities } from './activities.ts';

export const learningFeature = defineFeature({
  name: 'learning',
  domain: 'insights',
  uses: ['activityEntries', 'workspaceConfig', 'outcomeEvents', 'dashboardRollups'],
  models: activityEntryModels,
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
});
