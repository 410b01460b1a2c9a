// Discovering prospects that match the ICP from the source plugins (POST /api/superagent/discover-prospects).
import { defineFeature, viaPlugins } from '../../context.ts';
import { discoveryRouter, discoveryRoutes } from './routes.ts';

export const discoveryFeature = defineFeature({
  name: 'discovery',
  domain: 'prospecting',
  uses: ['workspaceConfig', 'prospects', 'suppressions', 'outbox'],
  routes: [
    {
      routes: discoveryRoutes,
      build: (context) => discoveryRouter({ ...viaPlugins(context), db: context.product.db, samplesUrl: context.product.samplesUrl }),
    },
  ],
});
