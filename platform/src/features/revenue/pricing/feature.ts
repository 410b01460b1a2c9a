// Pay-per-meeting pricing: slices, bids and charges (/api/pricing), through the pricing agent.
import { defineFeature, viaPlugins } from '../../context.ts';
import { pricingRouter, pricingRoutes } from './routes.ts';
import { ensureDefaultSlices } from './default-slices.ts';
import { DEFAULT_WORKSPACE } from '../../accounts/services.ts';

export const pricingFeature = defineFeature({
  name: 'pricing',
  domain: 'revenue',
  uses: [],
  routes: [{ routes: pricingRoutes, build: (context) => pricingRouter(viaPlugins(context)) }],
  // The default workspace's pricing slices, written by the ppm-pricing plugin on the worker (so this waits for one).
  onStart: {
    does: "prepare the default workspace's pricing slices",
    after: ['workspaces'],
    run: (context) => ensureDefaultSlices(viaPlugins(context), DEFAULT_WORKSPACE.slug),
  },
});
