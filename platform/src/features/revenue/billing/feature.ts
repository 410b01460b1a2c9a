// Billing (/api/billing, issue #35 slice B): the workspace's billing account, and its upcoming
// invoice explained line by line from the pricing ledger (read through the ppm-pricing plugin).
// No payment provider is called yet.
import { defineFeature, viaPlugins } from '../../context.ts';
import { billingRouter, billingRoutes } from './routes.ts';

export const billingFeature = defineFeature({
  name: 'billing',
  domain: 'revenue',
  // The accounts are kept on the app's connection (model.ts), the ledger by the plugin.
  uses: [],
  routes: [{ routes: billingRoutes, build: (context) => billingRouter(viaPlugins(context)) }],
});
