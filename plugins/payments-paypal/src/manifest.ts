import {
  PAYMENTS_PLUGINS,
  createInvoiceInput,
  createSetupSessionInput,
  creditNoteInput,
  creditNoteSchema,
  defineManifest,
  ensureCustomerInput,
  finalizeAndCollectInput,
  getInvoiceInput,
  getPaymentMethodInput,
  invoiceViewSchema,
  linesTotalMinor,
  parsedWebhookSchema,
  parseWebhookInput,
  paymentCustomerSchema,
  paymentMethodSchema,
  refundInput,
  refundSchema,
  serverOnly,
  setupSessionSchema,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** One PayPal account: a REST app's client id and secret (Developer Dashboard → Apps & Credentials), sandbox or live. */
export const payPalAccountSchema = z.object({
  clientId: z.string().trim().min(1),
  clientSecret: z.string().trim().min(1),
});
export type PayPalAccount = z.input<typeof payPalAccountSchema>;

export const payPalConfig = z.object({
  apiBase: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api-m.paypal.com')
      .describe("Base URL of PayPal's REST API (https://api-m.sandbox.paypal.com for the sandbox); a test server in tests."),
    'decides where the client secret is sent',
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
export type PayPalConfig = z.output<typeof payPalConfig>;

const account = payPalAccountSchema;

/** PayPal's Invoicing v2 (invoices paid on PayPal's page), Payments v2 refunds and verified webhooks, over plain fetch. */
export const manifest = defineManifest({
  id: PAYMENTS_PLUGINS.paypal,
  name: 'PayPal payments',
  version: '0.1.0',
  description:
    "Bills a workspace through PayPal Invoicing: invoices with one item per billed line, sent to be paid on PayPal's page, refunds of their captures, and PayPal's webhooks verified with its verify-webhook-signature API.",
  kind: 'payments',
  ui: { icon: 'wallet', color: '#003087', category: 'Payments', order: 500 },
  payments: {
    displayName: 'PayPal',
    credentials: [
      { key: 'clientId', label: 'Client ID', secret: false },
      { key: 'clientSecret', label: 'Secret', secret: true },
    ],
    credentialsTest:
      'The OAuth 2.0 token request with a wrong client id or secret is refused (401): every call fails with PaymentAuthRefused.',
    idempotency:
      'every create sends PayPal-Request-Id: meetflow-<what>-<externalId> (PayPal answers a repeat with the first result); the invoice also carries the externalId as detail.reference',
    webhook:
      "PAYPAL-TRANSMISSION-ID/-TIME/-SIG, PAYPAL-CERT-URL and PAYPAL-AUTH-ALGO are sent with the event to PayPal's POST /v1/notifications/verify-webhook-signature (parseWebhook's secret is the webhook id); transmission time within 300 s",
    collect: ['send'],
  },
  config: payPalConfig,
  activities: {
    ensureCustomer: {
      description:
        'The invoice recipient (email, name, address) as PayPal invoices carry it: PayPal Invoicing has no customer object, so the reference encodes it and no call is made.',
      access: 'internal',
      input: ensureCustomerInput.extend({ account }),
      output: paymentCustomerSchema,
      inProcess: true,
    },
    createSetupSession: {
      description: "Refused: PayPal invoices are paid on PayPal's own page, so no payment method is saved ahead (collect is send only).",
      access: 'internal',
      input: createSetupSessionInput.extend({ account }),
      output: setupSessionSchema,
      inProcess: true,
    },
    getPaymentMethod: {
      description: "Always none: PayPal invoices are paid on PayPal's own page, so no payment method is saved ahead (no call is made).",
      access: 'internal',
      input: getPaymentMethodInput.extend({ account }),
      output: paymentMethodSchema,
      inProcess: true,
    },
    createInvoice: {
      description: 'A draft PayPal invoice with one item per line (quantity × unit amount), created once per externalId.',
      access: 'internal',
      input: createInvoiceInput
        .safeExtend({
          account,
          /**
           * Taken off the whole invoice (PayPal's invoice_discount): PayPal keeps no customer balance
           * and credits only a paid invoice, so a bill's credits travel on it. At most the lines' total.
           */
          discountMinor: z.number().int().min(0).default(0),
        })
        .refine(({ lines, discountMinor }) => discountMinor <= linesTotalMinor(lines), {
          message: "the discount is more than the lines' total",
          path: ['discountMinor'],
        }),
      output: invoiceViewSchema,
      inProcess: true,
    },
    finalizeAndCollect: {
      description: 'Sends a draft invoice: PayPal emails the recipient a link to pay it on its page.',
      access: 'internal',
      input: finalizeAndCollectInput.extend({ account }),
      output: invoiceViewSchema,
      inProcess: true,
    },
    creditNote: {
      description:
        'PayPal has no credit notes: a paid invoice is credited by refunding its capture (settle "refund"); anything else is refused.',
      access: 'internal',
      input: creditNoteInput.safeExtend({ account }),
      output: creditNoteSchema,
      inProcess: true,
    },
    refund: {
      description: "Refunds a paid invoice's PayPal capture, whole or in part, once per externalId.",
      access: 'internal',
      input: refundInput.extend({ account }),
      output: refundSchema,
      inProcess: true,
    },
    getInvoice: {
      description: "An invoice's status, totals and payer page as PayPal holds them.",
      access: 'internal',
      input: getInvoiceInput.extend({ account }),
      output: invoiceViewSchema,
      inProcess: true,
    },
    parseWebhook: {
      description:
        "Verifies a webhook with PayPal's verify-webhook-signature API and reads it into a typed event, or says why it is refused.",
      access: 'internal',
      input: parseWebhookInput.extend({ account }),
      output: parsedWebhookSchema,
      inProcess: true,
    },
  },
});
