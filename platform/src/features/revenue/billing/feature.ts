// Billing (/api/billing, issue #35 slice B): the workspace's billing account, and its upcoming
// invoice explained line by line from the pricing ledger (read through the ppm-pricing plugin).
// Slice C: a month's invoice issued through the Stripe plugin with this server's Stripe key.
import { defineFeature, viaPlugins } from '../../context.ts';
import { billingRouter, billingRoutes } from './routes.ts';

export const billingFeature = defineFeature({
  name: 'billing',
  domain: 'revenue',
  // The accounts and issued invoices are kept on the app's connection (model.ts), the ledger by the plugin.
  uses: [],
  routes: [
    {
      routes: billingRoutes,
      build: (context) => billingRouter({ ...viaPlugins(context), stripeSecretKey: context.product.stripeSecretKey ?? null }),
    },
  ],
});
