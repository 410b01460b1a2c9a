// @meetflow/plugin-payments-paypal: PayPal as a payment provider (Invoicing v2, Payments v2 refunds, over plain fetch).
import { definePlugin, PAYMENT_FAILURES, paymentFailure } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { payPalActivities } from './paypal.ts';

/** The PayPal payments plugin (id "payments-paypal"), as the platform installs it. */
export const payPalPayments = definePlugin(manifest, (deps) => {
  const paypal = payPalActivities(deps);
  return {
    ensureCustomer: async ({ account: _account, ...input }) => paypal.ensureCustomer(input),
    createSetupSession: async () => {
      throw paymentFailure(
        PAYMENT_FAILURES.refused,
        "opening the payment method page: PayPal invoices are paid on PayPal's own page, so no payment method is saved ahead",
        { field: 'collect' },
      );
    },
    // Nothing is saved ahead on PayPal (see createSetupSession), so there is never a method to show.
    getPaymentMethod: async () => ({ paymentMethod: null }),
    createInvoice: ({ account, ...input }) => paypal.createInvoice(account, input),
    finalizeAndCollect: ({ account, ...input }) => paypal.finalizeAndCollect(account, input),
    creditNote: ({ account, ...input }) => paypal.creditNote(account, input),
    refund: ({ account, ...input }) => paypal.refund(account, input),
    getInvoice: ({ account, invoice }) => paypal.getInvoice(account, invoice),
    parseWebhook: ({ account, ...input }) => paypal.parseWebhook(account, input),
  };
});

export { manifest as payPalManifest, payPalAccountSchema, type PayPalAccount, type PayPalConfig } from './manifest.ts';
