// The installed plugins and what each offers (GET /api/plugins); loading them is the plugin host (host.ts).
import { defineFeature } from '../../context.ts';
import { pluginsRouter, pluginsRoutes } from './routes.ts';

export const pluginsFeature = defineFeature({
  name: 'plugins',
  domain: 'runs',
  uses: [],
  platformRoutes: [{ routes: pluginsRoutes, build: (app) => pluginsRouter(app.plugins) }],
});
