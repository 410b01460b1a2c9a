import { setTimeout as realSleep } from 'node:timers/promises';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { Clock } from '../deps.ts';

// The contract of a payment provider (a plugin of kind `payments`): the customer a workspace is
// billed as, the provider's hosted page where a payment method is saved (card data never reaches
// Meetflow), invoices with lines in integer minor units, collecting them (charging the saved
// method, or sending the invoice to be paid on the provider's page), credit notes, refunds, and
// the provider's webhooks read into typed events. Every activity takes one connected account's
// fields as `account` (a secret key, client credentials), so all are `inProcess`: the platform
// calls them in its own process (inside its billing activities, or its webhook route), never as a
// Temporal activity whose history would keep the secret.
//
// Exactly once: every create carries an idempotency key derived from the caller's `externalId`
// (paymentIdempotencyKey: Stripe's Idempotency-Key header, PayPal's PayPal-Request-Id), so a retry
// of a call whose answer was lost returns the first call's object instead of a second one. The
// platform derives each externalId from what it bills (a ledger entry, a billing period), so the
// same meeting can never become two invoice lines.

/** The payment plugins' ids: the platform names the one it bills through by this, never by a string. */
export const PAYMENTS_PLUGINS = { stripe: 'payments-stripe', paypal: 'payments-paypal' } as const;

const instant = z.iso.datetime({ offset: true }).describe('An instant, ISO 8601');

/** Meetflow's id of what a call creates: the idempotency key is derived from it, and it is stored with the provider's object. */
export const paymentExternalIdSchema = z
  .string()
  .regex(/^[\w.:-]{1,100}$/, 'letters, digits and . _ : - only, at most 100')
  .describe("Meetflow's id of the object: the key that makes a create happen once");

/** An ISO 4217 currency code, lowercase (eur, usd). */
export const currencySchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[a-z]{3}$/, 'a three-letter currency code such as eur'));

/** An amount in the currency's smallest unit (cents): an integer, never a float. */
export const minorAmountSchema = z.number().int().describe("An amount in the currency's minor unit (cents), an integer");

/** A postal address (billing). */
export const billingAddressSchema = z.object({
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).nullable().default(null),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().max(20).nullable().default(null),
  state: z.string().trim().max(100).nullable().default(null),
  /** ISO 3166-1 alpha-2, uppercase. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code such as DE')),
});

/** A tax id as the provider types it (Stripe's eu_vat, gb_vat, us_ein…) and its value. */
export const taxIdSchema = z.object({ type: z.string().regex(/^[a-z]{2,3}_[a-z]+$/), value: z.string().trim().min(1).max(50) });

/** The customer a workspace is billed as. `customer`: the provider's id when one was created before (then it is updated). */
export const ensureCustomerInput = z.object({
  externalId: paymentExternalIdSchema,
  customer: z.string().min(1).nullable().default(null),
  email: z.email().transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1).max(200),
  address: billingAddressSchema.nullable().default(null),
  taxId: taxIdSchema.nullable().default(null),
  currency: currencySchema,
});
export const paymentCustomerSchema = z.object({ customer: z.string().min(1), created: z.boolean() });

/** A hosted page where the customer saves a payment method (card data goes to the provider, never to Meetflow). */
export const createSetupSessionInput = z.object({
  externalId: paymentExternalIdSchema,
  customer: z.string().min(1),
  currency: currencySchema,
  /** Where the provider sends the customer back; `{SESSION_ID}` may appear (Stripe fills it in). */
  returnUrl: z.url({ protocol: /^https?$/ }),
  cancelUrl: z.url({ protocol: /^https?$/ }),
});
export const setupSessionSchema = z.object({ session: z.string().min(1), url: z.url(), expiresAt: instant.nullable() });

/** The payment method the customer saved on the provider's page, read back from the provider (never stored by Meetflow). */
export const getPaymentMethodInput = z.object({ customer: z.string().min(1) });
export const paymentMethodSchema = z.object({
  /** null: none saved (or a provider that saves none ahead, as PayPal's invoices are paid on its page). */
  paymentMethod: z
    .object({
      id: z.string().min(1),
      /** The provider's kind of method: card, sepa_debit, us_bank_account… */
      type: z.string().min(1),
      /** A card's network (visa, mastercard…) or a bank's name; null when the provider names none. */
      brand: z.string().nullable(),
      /** The last four digits of the card or account: all of it Meetflow ever sees. */
      last4: z.string().nullable(),
      expMonth: z.number().int().min(1).max(12).nullable(),
      expYear: z.number().int().nullable(),
    })
    .nullable(),
});
export type PaymentMethodView = z.output<typeof paymentMethodSchema>['paymentMethod'];

/**
 * Makes a method the customer saved the one its invoices are charged to (Stripe's
 * `invoice_settings.default_payment_method`). The method is named, or found through the setup that
 * saved it (a completed setup-mode Checkout names its SetupIntent, not the method). Setting the
 * same default again changes nothing, so a retry is safe.
 */
export const setDefaultPaymentMethodInput = z
  .object({
    customer: z.string().min(1),
    paymentMethod: z.string().min(1).optional(),
    /** The setup that saved it (Stripe's SetupIntent id), when the method is not named. */
    setupIntent: z.string().min(1).optional(),
  })
  .refine(({ paymentMethod, setupIntent }) => paymentMethod !== undefined || setupIntent !== undefined, {
    message: 'give paymentMethod or setupIntent',
    path: ['paymentMethod'],
  });
/** The method now the customer's invoice default (its id only: what identifies it to a person is read with getPaymentMethod). */
export const defaultPaymentMethodSchema = z.object({ paymentMethod: z.string().min(1) });

/** Largest number of lines one invoice takes (Stripe's add_lines limit; PayPal's is 100). */
export const INVOICE_LINES_LIMIT = 100;

/** One invoice line: `quantity` × `unitAmountMinor` (an integer: no rounding anywhere). */
export const invoiceLineSchema = z.object({
  externalId: paymentExternalIdSchema,
  description: z.string().trim().min(1).max(500),
  quantity: z.number().int().min(1).max(100_000),
  unitAmountMinor: minorAmountSchema.min(0),
});
export type InvoiceLine = z.input<typeof invoiceLineSchema>;

/** How an invoice is collected: `charge` the saved payment method at once, or `send` it to be paid on the provider's page. */
export const collectSchema = z.enum(['charge', 'send']);

export const createInvoiceInput = z
  .object({
    externalId: paymentExternalIdSchema,
    customer: z.string().min(1),
    currency: currencySchema,
    lines: z.array(invoiceLineSchema).min(1).max(INVOICE_LINES_LIMIT),
    collect: collectSchema,
    /** Days the customer has to pay a sent invoice. */
    daysUntilDue: z.number().int().min(0).max(365).default(14),
    memo: z.string().max(500).nullable().default(null),
  })
  .refine(({ lines }) => new Set(lines.map((line) => line.externalId)).size === lines.length, {
    message: 'each line has its own externalId',
    path: ['lines'],
  });

/** An invoice's total before tax: the sum of its lines, exactly. */
export const linesTotalMinor = (lines: readonly Pick<InvoiceLine, 'quantity' | 'unitAmountMinor'>[]): number =>
  lines.reduce((sum, line) => sum + line.quantity * line.unitAmountMinor, 0);

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;

/** An invoice as the provider holds it, amounts as the provider computed them (integers, minor units). */
export const invoiceViewSchema = z.object({
  invoice: z.string().min(1),
  /** The externalId it was created with (read back from the provider's metadata / reference), null when it has none. */
  externalId: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  number: z.string().nullable(),
  currency: currencySchema,
  subtotalMinor: minorAmountSchema,
  taxMinor: minorAmountSchema,
  totalMinor: minorAmountSchema,
  amountDueMinor: minorAmountSchema,
  amountPaidMinor: minorAmountSchema,
  amountRemainingMinor: minorAmountSchema,
  /** The provider's page where it is seen and paid; null for a draft. */
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type InvoiceView = z.output<typeof invoiceViewSchema>;

export const getInvoiceInput = z.object({ invoice: z.string().min(1) });
/**
 * Finalizes a draft and collects it as it was created to be (`charge` or `send`); `externalId` keys
 * the collection. `hold`: finalize only, and collect with a second call: a charged invoice's credit
 * notes (which need a finalized invoice) go between, so the method is charged the total, never more.
 */
export const finalizeAndCollectInput = z.object({
  invoice: z.string().min(1),
  externalId: paymentExternalIdSchema,
  hold: z.boolean().default(false),
});

export const creditNoteInput = z
  .object({
    externalId: paymentExternalIdSchema,
    invoice: z.string().min(1),
    /** Lines credited (a meeting corrected to no-show), or one amount. Exactly one. */
    lines: z
      .array(invoiceLineSchema.pick({ externalId: true, description: true, quantity: true, unitAmountMinor: true }))
      .min(1)
      .max(INVOICE_LINES_LIMIT)
      .optional(),
    amountMinor: minorAmountSchema.min(1).optional(),
    reason: z.string().trim().min(1).max(500),
    /** For a paid invoice: credit the customer's balance (the next invoice pays less), or refund the payment. */
    settle: z.enum(['balance', 'refund']).default('balance'),
  })
  .refine(({ lines, amountMinor }) => (lines === undefined) !== (amountMinor === undefined), {
    message: 'give either lines or amountMinor',
    path: ['lines'],
  });
export const creditNoteSchema = z.object({ creditNote: z.string().min(1), totalMinor: minorAmountSchema, currency: currencySchema });

export const refundInput = z.object({
  externalId: paymentExternalIdSchema,
  invoice: z.string().min(1),
  /** Omitted: the whole payment. */
  amountMinor: minorAmountSchema.min(1).optional(),
  reason: z.string().trim().min(1).max(500),
});
export const refundSchema = z.object({
  refund: z.string().min(1),
  amountMinor: minorAmountSchema,
  currency: currencySchema,
  status: z.enum(['pending', 'succeeded', 'failed']),
});

/** What the platform acts on from a provider's webhook; every other event is `ignored` (acknowledged, nothing done). */
export const PAYMENT_EVENT_TYPES = [
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'payment_method.saved',
  'refund.succeeded',
  'ignored',
] as const;

/** A webhook read and verified. `id` is the provider's event id: the platform keeps those it has seen and refuses one again (replay). */
export const paymentEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(PAYMENT_EVENT_TYPES),
  /** The provider's own name of the event (invoice.payment_succeeded, INVOICING.INVOICE.PAID…). */
  providerType: z.string(),
  /** When the provider says it happened. */
  occurredAt: instant,
  invoice: z.string().nullable(),
  /** The invoice's externalId, as created (null when the event is not about one of Meetflow's invoices). */
  invoiceExternalId: z.string().nullable(),
  customer: z.string().nullable(),
  amountMinor: minorAmountSchema.nullable(),
  currency: z.string().nullable(),
  /** Why a payment failed, in the provider's words (a decline reason). */
  failureReason: z.string().nullable(),
  /** `payment_method.saved`: the method saved, when the event names it (Stripe's setup_intent.succeeded). */
  paymentMethod: z.string().nullable().optional(),
  /** `payment_method.saved`: the setup that saved it (a setup-mode Checkout session names only this). */
  setupIntent: z.string().nullable().optional(),
});
export type PaymentEvent = z.output<typeof paymentEventSchema>;

/**
 * Why a webhook was refused: no signature header, a signature that does not match, a timestamp out
 * of tolerance, a body or header that does not parse (the plugin's `parseWebhook`), or an event id
 * seen before (`replayed`: the platform's, through refuseReplay, since only it keeps the ids).
 */
export const WEBHOOK_REFUSALS = ['missing-signature', 'bad-signature', 'too-old', 'malformed', 'replayed'] as const;
export type WebhookRefusal = (typeof WEBHOOK_REFUSALS)[number];

export const parseWebhookInput = z.object({
  /** The body exactly as received (the signature covers these bytes; a re-serialised body does not verify). */
  rawBody: z.string(),
  /** The request's headers, names lowercase. */
  headers: z.record(z.string(), z.string()),
  /** The endpoint's secret: Stripe's signing secret (whsec_…), PayPal's webhook id. */
  secret: z.string().min(1),
  /** When it was received (the platform's clock): the tolerance is measured from it. */
  receivedAt: instant,
});
export const parsedWebhookSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), event: paymentEventSchema }),
  z.object({ ok: z.literal(false), refusal: z.enum(WEBHOOK_REFUSALS), message: z.string() }),
]);
export type ParsedWebhook = z.output<typeof parsedWebhookSchema>;

/**
 * The replay refusal: a verified event whose id `firstTime` has seen before is refused as
 * `replayed`. `firstTime(id)` records the id and answers true the first time, atomically (the
 * platform's: an insert into a unique index of (provider account, event id), false on a duplicate
 * key), so two deliveries of one event at once still act once.
 */
export async function refuseReplay(parsed: ParsedWebhook, firstTime: (eventId: string) => Promise<boolean>): Promise<ParsedWebhook> {
  if (!parsed.ok) return parsed;
  if (await firstTime(parsed.event.id)) return parsed;
  return { ok: false, refusal: 'replayed', message: `event ${parsed.event.id} was received before` };
}

/** Seconds a signed webhook stays acceptable (Stripe's documented default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * How a payments activity fails (the `type` of the ApplicationFailure it throws); never a raw error.
 * The message names what was being done and, for a refused request, the provider's field.
 */
export const PAYMENT_FAILURES = {
  /** The provider refused the key or credentials (401/403): someone must reconnect the account. Not retryable. */
  authRefused: 'PaymentAuthRefused',
  /** The payment method was declined: the message carries the provider's reason (details.declineCode). Not retryable as such: dunning retries later. */
  declined: 'PaymentDeclined',
  /** No answer, a timeout, a 5xx or a 429 that outlasted the waits: retryable (after Retry-After when the provider sent one). */
  unavailable: 'PaymentUnavailable',
  /** The provider refused the data (400, 422): the message names the field. Not retryable: the same data fails again. */
  invalid: 'PaymentInvalid',
  /** Any other refusal (an object that does not exist, a state that forbids it). Not retryable. */
  refused: 'PaymentRefused',
} as const;
export type PaymentFailureType = (typeof PAYMENT_FAILURES)[keyof typeof PAYMENT_FAILURES];

/** What a payment failure carries in its details (the first detail). */
export interface PaymentFailureDetails {
  status?: number;
  /** The provider's field a refused request names. */
  field?: string;
  /** Seconds the provider asked to wait (429 Retry-After). */
  retryAfterSeconds?: number;
  /** The provider's code (card_declined, INSTRUMENT_DECLINED…). */
  code?: string;
  /** A card decline's reason code (insufficient_funds…). */
  declineCode?: string;
}

/** The ApplicationFailure a payments activity throws: retryable only for `unavailable`, then after Retry-After when known. */
export function paymentFailure(type: PaymentFailureType, message: string, details: PaymentFailureDetails = {}): ApplicationFailure {
  return ApplicationFailure.create({
    type,
    message,
    nonRetryable: type !== PAYMENT_FAILURES.unavailable,
    details: [details],
    ...(type === PAYMENT_FAILURES.unavailable && details.retryAfterSeconds ? { nextRetryDelay: details.retryAfterSeconds * 1000 } : {}),
  });
}

/** True for a failure of this contract's (an ApplicationFailure whose type is one of PAYMENT_FAILURES). */
export function isPaymentFailure(error: unknown): error is ApplicationFailure {
  return (
    error instanceof ApplicationFailure && (Object.values(PAYMENT_FAILURES) as Array<string | undefined>).includes(error.type ?? undefined)
  );
}

/** The details a payment failure carries. */
export const paymentFailureDetails = (error: ApplicationFailure): PaymentFailureDetails =>
  (error.details?.[0] as PaymentFailureDetails | undefined) ?? {};

/**
 * The idempotency key of one create: `meetflow-<what>-<externalId>`, the same on every retry of it
 * and different for every other object. Sent as Stripe's Idempotency-Key and PayPal's
 * PayPal-Request-Id; the provider answers a second request with the same key with the first's
 * object (Stripe keeps keys 24 hours, PayPal a provider-defined while), so the plugins also store
 * the externalId on the object (metadata, a reference) for a later look-up.
 */
export const paymentIdempotencyKey = (what: string, externalId: string): string => `meetflow-${what}-${externalId}`;

/** How a provider's calls are retried in process. */
export interface PaymentRetrySettings {
  clock: Clock;
  /** Tries of one call before its `unavailable` failure goes to the caller. */
  attempts: number;
  /** The longest Retry-After waited for in process; a longer one fails at once, carrying it. */
  maxRetryAfterSeconds: number;
}

/**
 * Runs one provider call, retrying what the contract says is retryable: a `PaymentUnavailable`
 * failure waits its Retry-After (else 1 s, 2 s, 4 s…) on the plugin's clock and tries again, up to
 * `attempts`. Safe for creates as well as reads: each carries its idempotency key, so a second try
 * of a create whose answer was lost returns the first one's object.
 */
export async function withPaymentRetries<T>(settings: PaymentRetrySettings, call: () => Promise<T>): Promise<T> {
  const sleep = (ms: number) => (settings.clock.sleep ? settings.clock.sleep(ms) : realSleep(ms));
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isPaymentFailure(error) || error.type !== PAYMENT_FAILURES.unavailable || attempt >= settings.attempts) throw error;
      const asked = paymentFailureDetails(error).retryAfterSeconds;
      const wait = asked ?? 2 ** (attempt - 1);
      if (wait > settings.maxRetryAfterSeconds) throw error;
      await sleep(wait * 1000);
    }
  }
}
