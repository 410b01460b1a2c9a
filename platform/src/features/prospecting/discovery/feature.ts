// Discovering prospects that match the ICP from the source plugins (POST /api/superagent/discover-prospects).
import { defineFeature, viaPlugins } from '../../context.ts';
import { discoveryRouter, discoveryRoutes } from './routes.ts';
import { prepareSampleSource } from './sample-source.ts';

export const discoveryFeature = defineFeature({
  name: 'discovery',
  domain: 'prospecting',
  uses: ['workspaceConfig', 'prospects', 'suppressions', 'outbox', 'crmExclusions'],
  routes: [
    {
      routes: discoveryRoutes,
      build: (context) => discoveryRouter({ ...viaPlugins(context), db: context.product.db, samplesUrl: context.product.samplesUrl }),
    },
  ],
  // The sample prospects discovery answers from without provider credentials: the sample source plugin generates them
  // once on the worker (about 21 s for the default 20,000 companies on the embedded database), resuming one a stop cut short.
  onStart: {
    does: 'prepare the sample prospect database',
    run: async (context) => {
      const result = await prepareSampleSource(viaPlugins(context), context.settings.sampleCompanies);
      if (result?.generated) context.app.logger.info(result, 'sample prospect database generated');
    },
  },
});
