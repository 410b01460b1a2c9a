import {
  PAYMENTS_PLUGINS,
  createInvoiceInput,
  createSetupSessionInput,
  creditNoteInput,
  creditNoteSchema,
  defaultPaymentMethodSchema,
  defineManifest,
  ensureCustomerInput,
  finalizeAndCollectInput,
  getInvoiceInput,
  getPaymentMethodInput,
  invoiceViewSchema,
  parsedWebhookSchema,
  parseWebhookInput,
  paymentCustomerSchema,
  paymentMethodSchema,
  refundInput,
  refundSchema,
  serverOnly,
  setDefaultPaymentMethodInput,
  setupSessionSchema,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** One Stripe account: a secret key (sk_…) or a restricted key (rk_…) with the rights the manifest lists, test or live. */
export const stripeAccountSchema = z.object({
  secretKey: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)'),
});
export type StripeAccount = z.input<typeof stripeAccountSchema>;

export const stripeConfig = z.object({
  apiBase: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api.stripe.com')
      .describe("Base URL of Stripe's API; change only to point at stripe-mock or a test server."),
    'decides where the secret key is sent',
  ),
  timeoutSeconds: z.number().int().min(1).max(120).default(30).describe('Seconds one request may take before it counts as unavailable.'),
  attempts: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .describe('Tries of one call (a 429, a 5xx or a lost connection each use one) before it fails as PaymentUnavailable.'),
  maxRetryAfterSeconds: z
    .number()
    .int()
    .min(0)
    .max(300)
    .default(30)
    .describe('On 429, wait what Retry-After asks up to this many seconds and try again; a longer wait fails at once, retryable after it.'),
});
export type StripeConfig = z.output<typeof stripeConfig>;

const account = stripeAccountSchema;

/** Stripe's customers, Checkout in setup mode, invoices, credit notes and refunds, on the official `stripe` package. */
export const manifest = defineManifest({
  id: PAYMENTS_PLUGINS.stripe,
  name: 'Stripe payments',
  version: '0.1.0',
  description:
    "Bills a workspace through Stripe: its customer, a payment method saved on Stripe's hosted Checkout page, invoices with one line per billed item, charged or sent, credit notes, refunds, and Stripe's signed webhooks.",
  kind: 'payments',
  ui: { icon: 'credit-card', color: '#635bff', category: 'Payments', order: 500 },
  payments: {
    displayName: 'Stripe',
    credentials: [{ key: 'secretKey', label: 'Secret key', secret: true }],
    credentialsTest: 'Any call with a wrong or revoked key fails with PaymentAuthRefused ("reconnect the account").',
    idempotency:
      'every create sends Idempotency-Key: meetflow-<what>-<externalId> (Stripe answers a repeat within 24 h with the first object); the externalId is also stored as metadata.meetflow_id',
    webhook:
      'Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256 of "t.body" with the endpoint signing secret (whsec_…, the secret given to parseWebhook)>, compared in constant time, tolerance 300 s',
    collect: ['charge', 'send'],
  },
  config: stripeConfig,
  activities: {
    ensureCustomer: {
      description: "Creates the workspace's Stripe customer once (or updates the one given): email, name, address, tax id.",
      access: 'internal',
      input: ensureCustomerInput.extend({ account }),
      output: paymentCustomerSchema,
      inProcess: true,
    },
    createSetupSession: {
      description: 'A Stripe Checkout page in setup mode where the customer saves a card; the card goes to Stripe, never to Meetflow.',
      access: 'internal',
      input: createSetupSessionInput.extend({ account }),
      output: setupSessionSchema,
      inProcess: true,
    },
    getPaymentMethod: {
      description:
        "The customer's payment method as Stripe holds it (its invoices' default, else the one saved last): brand, last four digits, expiry; none when the customer saved none.",
      access: 'internal',
      input: getPaymentMethodInput.extend({ account }),
      output: paymentMethodSchema,
      inProcess: true,
    },
    setDefaultPaymentMethod: {
      description:
        'Makes the method the customer saved (named, or found through the setup that saved it) the one its invoices are charged to.',
      access: 'internal',
      input: setDefaultPaymentMethodInput.safeExtend({ account }),
      output: defaultPaymentMethodSchema,
      inProcess: true,
    },
    createInvoice: {
      description:
        'A draft invoice with its lines (quantity × unit amount in minor units), to be charged or sent; created once per externalId.',
      access: 'internal',
      input: createInvoiceInput.safeExtend({ account }),
      output: invoiceViewSchema,
      inProcess: true,
    },
    finalizeAndCollect: {
      description: 'Finalizes a draft invoice, then charges the saved payment method or emails the invoice, as it was created to be.',
      access: 'internal',
      input: finalizeAndCollectInput.extend({ account }),
      output: invoiceViewSchema,
      inProcess: true,
    },
    creditNote: {
      description: 'A credit note on an invoice (lines or an amount): reduces what is due, or credits the balance or refunds a paid one.',
      access: 'internal',
      input: creditNoteInput.safeExtend({ account }),
      output: creditNoteSchema,
      inProcess: true,
    },
    refund: {
      description: "Refunds a paid invoice's payment, whole or in part, once per externalId.",
      access: 'internal',
      input: refundInput.extend({ account }),
      output: refundSchema,
      inProcess: true,
    },
    getInvoice: {
      description: "An invoice's status, totals and hosted page as Stripe holds them.",
      access: 'internal',
      input: getInvoiceInput.extend({ account }),
      output: invoiceViewSchema,
      inProcess: true,
    },
    parseWebhook: {
      description: "Verifies a webhook's Stripe-Signature and reads it into a typed event, or says why it is refused.",
      access: 'internal',
      input: parseWebhookInput.extend({ account }),
      output: parsedWebhookSchema,
      inProcess: true,
    },
  },
});
