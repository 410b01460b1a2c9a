// The seven agents' status, activity and settings (/api/agents).
import { defineFeature } from '../../context.ts';
import { agentsRouter, agentsRoutes } from './routes.ts';
import { agentSettingsRouter, agentSettingsRoutes } from './settings-routes.ts';
import { agentActivityModel } from './activity-model.ts';
import { LLM_DEFAULTS } from '../../../core/config.ts';

export const agentsFeature = defineFeature({
  name: 'agents',
  domain: 'insights',
  uses: ['agentActivity', 'dashboardRollups'],
  models: (connection) => ({ agentActivity: agentActivityModel(connection) }),
  routes: [
    { routes: agentsRoutes, build: ({ app, product: { db } }) => agentsRouter(app.plugins, db.agentActivity, db.dashboardRollups) },
    {
      routes: agentSettingsRoutes,
      build: ({ app, product: { llm = { configured: false, settings: LLM_DEFAULTS } } }) => agentSettingsRouter({ host: app.plugins, llm }),
    },
  ],
});
