// Pay-per-meeting pricing: slices, bids and charges (/api/pricing), through the pricing agent.
import { defineFeature, viaPlugins } from '../../context.ts';
import { pricingRouter, pricingRoutes } from './routes.ts';

export const pricingFeature = defineFeature({
  name: 'pricing',
  domain: 'revenue',
  uses: [],
  routes: [{ routes: pricingRoutes, build: (context) => pricingRouter(viaPlugins(context)) }],
});
