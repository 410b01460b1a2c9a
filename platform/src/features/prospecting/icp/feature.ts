// The ideal customer profile built from customer sites (/api/icp, POST /api/superagent/analyze-icp).
import { defineFeature, viaPlugins } from '../../context.ts';
import { icpRouter, icpRoutes } from './routes.ts';
import { workspaceIcpModels } from './model.ts';

export const icpFeature = defineFeature({
  name: 'icp',
  domain: 'prospecting',
  uses: ['workspaceIcp', 'workspaceOffers'],
  models: workspaceIcpModels,
  routes: [
    {
      routes: icpRoutes,
      build: (context) => icpRouter({ ...viaPlugins(context), db: context.product.db, samplesUrl: context.product.samplesUrl }),
    },
  ],
});
