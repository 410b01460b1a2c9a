// Billing (/api/billing, issue #35 slice B): the workspace's billing account, and its upcoming
// invoice explained line by line from the pricing ledger (read through the ppm-pricing plugin).
// Slice C: a month's invoice issued through the account's payments plugin (Stripe or PayPal) with this server's credentials for it.
// The cycle (cycle.ts): a billingCycle workflow per workspace with an account closes each month
// (its true-up against the pre-paid credits, then the next month's pre-pay).
import { defineFeature, schedulesOf, viaPlugins } from '../../context.ts';
import { billingCycleActivities, migrateInvoiceIndex, resumeBillingCycles } from './cycle.ts';
import { billingRouter, billingRoutes } from './routes.ts';
import { payPalWebhookIdOf, stripeWebhookSecretOf } from './webhooks.ts';

export const billingFeature = defineFeature({
  name: 'billing',
  domain: 'revenue',
  // The accounts and issued invoices are kept on the app's connection (model.ts), the ledger by the plugin.
  uses: [],
  routes: [
    {
      routes: billingRoutes,
      build: (context) =>
        billingRouter({
          ...viaPlugins(context),
          stripeSecretKey: context.product.stripeSecretKey ?? null,
          stripeWebhookSecret: stripeWebhookSecretOf(process.env),
          paypal: context.product.paypal ?? null,
          paypalWebhookId: payPalWebhookIdOf(process.env),
          systemMail: context.product.systemMail ?? null,
          ...(context.product.publicUrl ? { publicUrl: context.product.publicUrl } : {}),
        }),
    },
  ],
  // The month's close (workflow billingCycle) runs on the worker, which composes it with the plugins and the providers' credentials.
  activities: ({ billingClose }) => (billingClose ? { ...billingCycleActivities(billingClose) } : {}),
  onStart: {
    does: "migrate the invoices' unique index to (workspace, month, kind), then start every billing account's monthly cycle",
    after: [],
    run: async ({ app, product }) => {
      await migrateInvoiceIndex(app.database);
      return resumeBillingCycles(app.database, schedulesOf({ product }));
    },
  },
});
