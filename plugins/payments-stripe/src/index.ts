// @meetflow/plugin-payments-stripe: Stripe as a payment provider (the official `stripe` package).
import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { parseStripeWebhook, stripeActivities } from './stripe.ts';

/** The Stripe payments plugin (id "payments-stripe"), as the platform installs it. */
export const stripePayments = definePlugin(manifest, (deps) => {
  const stripe = stripeActivities(deps);
  return {
    ensureCustomer: ({ account, ...input }) => stripe.ensureCustomer(account, input),
    createSetupSession: ({ account, ...input }) => stripe.createSetupSession(account, input),
    getPaymentMethod: ({ account, ...input }) => stripe.getPaymentMethod(account, input),
    setDefaultPaymentMethod: ({ account, ...input }) => stripe.setDefaultPaymentMethod(account, input),
    createInvoice: ({ account, ...input }) => stripe.createInvoice(account, input),
    finalizeAndCollect: ({ account, ...input }) => stripe.finalizeAndCollect(account, input),
    creditNote: ({ account, ...input }) => stripe.creditNote(account, input),
    refund: ({ account, ...input }) => stripe.refund(account, input),
    getInvoice: ({ account, invoice }) => stripe.getInvoice(account, invoice),
    parseWebhook: async ({ account: _account, ...input }) => parseStripeWebhook(input),
  };
});

export { manifest as stripeManifest, stripeAccountSchema, type StripeAccount, type StripeConfig } from './manifest.ts';
export { STRIPE_EXTERNAL_ID_KEY } from './stripe.ts';
