// A workspace's settings: sending, review, learning (GET/PUT /api/config).
import { defineFeature, schedulesOf } from '../../context.ts';
import { configRouter, configRoutes } from './routes.ts';
import { workspaceConfigModels } from './model.ts';
import { learningSettingsChanged } from '../../insights/learning/settings.ts';

export const workspaceConfigFeature = defineFeature({
  name: 'workspace-config',
  domain: 'insights',
  uses: ['workspaceConfig'],
  models: workspaceConfigModels,
  routes: [{ routes: configRoutes, build: (context) => configRouter(context.product.db, learningSettingsChanged(schedulesOf(context))) }],
});
