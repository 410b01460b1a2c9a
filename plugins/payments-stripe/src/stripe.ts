import {
  INVOICE_STATUSES,
  isPaymentFailure,
  linesTotalMinor,
  PAYMENT_FAILURES,
  paymentEventSchema,
  paymentFailure,
  paymentIdempotencyKey,
  WEBHOOK_TOLERANCE_SECONDS,
  withPaymentRetries,
  type createInvoiceInput,
  type createSetupSessionInput,
  type creditNoteInput,
  type ensureCustomerInput,
  type finalizeAndCollectInput,
  type getPaymentMethodInput,
  type InvoiceView,
  type ParsedWebhook,
  type parseWebhookInput,
  type PaymentEvent,
  type PaymentMethodView,
  type PluginDeps,
  type refundInput,
  type setDefaultPaymentMethodInput,
} from '@meetflow/plugin-sdk';
import { retryAfterSeconds } from '@meetflow/plugin-sdk/oauth';
import Stripe from 'stripe';
import type { z } from 'zod';
import type { StripeAccount, StripeConfig } from './manifest.ts';

/** Where Stripe keeps Meetflow's id of an object (its metadata key). */
export const STRIPE_EXTERNAL_ID_KEY = 'meetflow_id';

type In<S extends z.ZodType> = z.output<S>;

/** A Stripe client for one account, pointed at `apiBase` (stripe-mock in tests), with the library's own retries off (ours wait on the plugin's clock). */
function client(config: StripeConfig, account: StripeAccount): Stripe {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(account.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: config.timeoutSeconds * 1000,
    telemetry: false,
    appInfo: { name: 'Meetflow' },
  });
}

/**
 * The contract's failure for an error of the `stripe` package: 401/403 authRefused, a card error
 * (402) declined with Stripe's reason, 429 / 5xx / a lost connection unavailable (with
 * Retry-After), 400 invalid naming Stripe's `param`, 404 and the rest refused.
 */
export function stripeFailure(error: unknown, doing: string, now: Date) {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return paymentFailure(PAYMENT_FAILURES.unavailable, `${doing}: Stripe could not be reached`);
  }
  const status = error.statusCode;
  const said = error.message ? `: ${error.message.replace(/\s+/g, ' ').trim().slice(0, 200)}` : '';
  const base = { ...(status === undefined ? {} : { status }), ...(error.code ? { code: error.code } : {}) };
  if (error instanceof Stripe.errors.StripeCardError || status === 402) {
    return paymentFailure(PAYMENT_FAILURES.declined, `${doing}: the payment was declined${said}`, {
      ...base,
      ...(error.decline_code ? { declineCode: error.decline_code } : {}),
    });
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    status === 401 ||
    status === 403
  ) {
    return paymentFailure(
      PAYMENT_FAILURES.authRefused,
      `${doing}: Stripe refused the account's key (${status ?? 401}); reconnect the account`,
      base,
    );
  }
  if (status === 429 || error instanceof Stripe.errors.StripeRateLimitError) {
    const asked = retryAfterSeconds(error.headers?.['retry-after'] ?? null, now);
    return paymentFailure(PAYMENT_FAILURES.unavailable, `${doing}: Stripe's rate limit was reached (429), try again later`, {
      ...base,
      ...(asked === null ? {} : { retryAfterSeconds: asked }),
    });
  }
  if (status === undefined || status >= 500 || error instanceof Stripe.errors.StripeConnectionError) {
    return paymentFailure(PAYMENT_FAILURES.unavailable, `${doing}: Stripe answered ${status ?? 'nothing'}, try again later`, base);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return paymentFailure(
      PAYMENT_FAILURES.invalid,
      `${doing}: Stripe refused the idempotency key: the same externalId was used before with different data${said}`,
      { ...base, field: 'Idempotency-Key' },
    );
  }
  if (status === 400 || status === 422) {
    return paymentFailure(
      PAYMENT_FAILURES.invalid,
      `${doing}: Stripe refused ${error.param ? `the field "${error.param}"` : 'the data'} (${status})${said}`,
      {
        ...base,
        ...(error.param ? { field: error.param } : {}),
      },
    );
  }
  return paymentFailure(PAYMENT_FAILURES.refused, `${doing}: Stripe refused it (${status})${said}`, base);
}

const status = (value: string | null | undefined): InvoiceView['status'] =>
  (INVOICE_STATUSES as readonly string[]).includes(value ?? '') ? (value as InvoiceView['status']) : 'draft';

/** A Stripe invoice in the contract's terms: the amounts Stripe computed, in minor units. */
export function invoiceView(invoice: Stripe.Invoice): InvoiceView {
  const tax = (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
  return {
    invoice: invoice.id ?? '',
    externalId: invoice.metadata?.[STRIPE_EXTERNAL_ID_KEY] ?? null,
    status: status(invoice.status),
    number: invoice.number,
    currency: invoice.currency,
    subtotalMinor: invoice.subtotal,
    taxMinor: tax,
    totalMinor: invoice.total,
    amountDueMinor: invoice.amount_due,
    amountPaidMinor: invoice.amount_paid,
    amountRemainingMinor: invoice.amount_remaining,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  };
}

const idOf = (value: string | { id?: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The events the contract names, from Stripe's event types. */
const EVENT_TYPES: Record<string, PaymentEvent['type']> = {
  'invoice.finalized': 'invoice.finalized',
  'invoice.paid': 'invoice.paid',
  'invoice.payment_failed': 'invoice.payment_failed',
  'invoice.voided': 'invoice.voided',
  'checkout.session.completed': 'payment_method.saved',
  'setup_intent.succeeded': 'payment_method.saved',
  'refund.created': 'refund.succeeded',
  'refund.updated': 'refund.succeeded',
  'charge.refunded': 'refund.succeeded',
};

/** A verified Stripe event in the contract's terms. */
function paymentEvent(event: Stripe.Event): PaymentEvent {
  const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
  const kind = typeof object.object === 'string' ? object.object : '';
  let type = EVENT_TYPES[event.type] ?? 'ignored';
  // A Checkout session completes in every mode; only a setup-mode one saved a payment method.
  if (event.type === 'checkout.session.completed' && object.mode !== 'setup') type = 'ignored';
  if (event.type.startsWith('refund.') && object.status !== 'succeeded') type = 'ignored';
  const metadata = (object.metadata ?? {}) as Record<string, string>;
  const amount =
    kind === 'invoice'
      ? (object.amount_due as number | undefined)
      : kind === 'refund' || kind === 'charge'
        ? (object.amount as number | undefined)
        : undefined;
  const failure = kind === 'invoice' ? (object.last_finalization_error as { message?: string } | null | undefined) : undefined;
  return paymentEventSchema.parse({
    id: event.id,
    type,
    providerType: event.type,
    occurredAt: new Date(event.created * 1000).toISOString(),
    invoice: kind === 'invoice' ? idOf(object.id as string) : idOf(object.invoice as string | null),
    invoiceExternalId: kind === 'invoice' ? (metadata[STRIPE_EXTERNAL_ID_KEY] ?? null) : null,
    customer: idOf(object.customer as string | null),
    amountMinor: typeof amount === 'number' && Number.isInteger(amount) ? amount : null,
    currency: typeof object.currency === 'string' ? object.currency : null,
    failureReason: type === 'invoice.payment_failed' ? (failure?.message ?? 'the payment failed') : null,
    ...(type === 'payment_method.saved'
      ? {
          // A SetupIntent names the method it saved; a setup-mode Checkout session names its SetupIntent only.
          paymentMethod: kind === 'setup_intent' ? idOf(object.payment_method as string | null) : null,
          setupIntent: kind === 'setup_intent' ? idOf(object.id as string) : idOf(object.setup_intent as string | null),
        }
      : {}),
  });
}

/**
 * Verifies and reads one webhook exactly as Stripe documents: the package's
 * `webhooks.constructEvent` checks `Stripe-Signature` (t=…,v1=…: HMAC-SHA256 of `t.body` with the
 * signing secret, compared in constant time) and that `t` is at most 300 s before `receivedAt`;
 * a `t` more than 300 s ahead is refused as well (a clock that far off cannot be trusted). The
 * event id is returned: the platform refuses an id it has seen (replay).
 */
export function parseStripeWebhook({ rawBody, headers, secret, receivedAt }: In<typeof parseWebhookInput>): ParsedWebhook {
  const header = headers['stripe-signature'];
  if (!header) return { ok: false, refusal: 'missing-signature', message: 'the request has no Stripe-Signature header' };
  const now = Date.parse(receivedAt);
  const timestamp = /(?:^|,)\s*t=(\d+)(?:,|$)/.exec(header)?.[1];
  if (!timestamp || !/(?:^|,)\s*v1=[0-9a-f]+/.test(header))
    return { ok: false, refusal: 'malformed', message: 'the Stripe-Signature header has no timestamp (t=) or no v1 signature' };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      if (/tolerance/i.test(message))
        return { ok: false, refusal: 'too-old', message: `the signature's timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS} s old` };
      if (/extract|expected scheme/i.test(message))
        return { ok: false, refusal: 'malformed', message: 'the Stripe-Signature header does not parse' };
      return { ok: false, refusal: 'bad-signature', message: "no v1 signature matches the body with this endpoint's signing secret" };
    }
    return { ok: false, refusal: 'malformed', message: 'the body is not a JSON event' };
  }
  if (Number(timestamp) * 1000 - now > WEBHOOK_TOLERANCE_SECONDS * 1000)
    return {
      ok: false,
      refusal: 'too-old',
      message: `the signature's timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS} s in the future`,
    };
  if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number' || !event.data)
    return { ok: false, refusal: 'malformed', message: 'the body is not a Stripe event (id, type, created, data)' };
  try {
    return { ok: true, event: paymentEvent(event) };
  } catch {
    return { ok: false, refusal: 'malformed', message: `the ${event.type} event's object does not read` };
  }
}

/** The Stripe activities over one plugin instance's config and clock. */
export function stripeActivities(deps: PluginDeps<StripeConfig>) {
  const { config, clock } = deps;
  const retry = { clock, attempts: config.attempts, maxRetryAfterSeconds: config.maxRetryAfterSeconds };
  /** One call with the contract's failures and retries. */
  const call = <T>(doing: string, request: () => Promise<T>) =>
    withPaymentRetries(retry, async () => {
      try {
        return await request();
      } catch (error) {
        throw stripeFailure(error, doing, clock.now());
      }
    });

  return {
    async ensureCustomer(account: StripeAccount, input: In<typeof ensureCustomerInput>) {
      const stripe = client(config, account);
      const fields = {
        email: input.email,
        name: input.name,
        preferred_locales: [] as string[],
        metadata: { [STRIPE_EXTERNAL_ID_KEY]: input.externalId },
        ...(input.address
          ? {
              address: {
                line1: input.address.line1,
                line2: input.address.line2 ?? '',
                city: input.address.city,
                postal_code: input.address.postalCode ?? '',
                state: input.address.state ?? '',
                country: input.address.country,
              },
            }
          : {}),
      };
      if (input.customer) {
        const existing = input.customer;
        await call('updating the customer', () => stripe.customers.update(existing, fields));
        return { customer: existing, created: false };
      }
      const created = await call('creating the customer', () =>
        stripe.customers.create(
          {
            ...fields,
            ...(input.taxId
              ? { tax_id_data: [{ type: input.taxId.type as Stripe.CustomerCreateParams.TaxIdDatum['type'], value: input.taxId.value }] }
              : {}),
          },
          { idempotencyKey: paymentIdempotencyKey('customer', input.externalId) },
        ),
      );
      return { customer: created.id, created: true };
    },

    async createSetupSession(account: StripeAccount, input: In<typeof createSetupSessionInput>) {
      const stripe = client(config, account);
      const session = await call('opening the payment method page', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'setup',
            customer: input.customer,
            currency: input.currency,
            success_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            metadata: { [STRIPE_EXTERNAL_ID_KEY]: input.externalId },
          },
          { idempotencyKey: paymentIdempotencyKey('setup', input.externalId) },
        ),
      );
      if (!session.url) throw paymentFailure(PAYMENT_FAILURES.refused, 'opening the payment method page: Stripe answered no page URL');
      return {
        session: session.id,
        url: session.url,
        expiresAt: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null,
      };
    },

    /**
     * The customer's payment method: the one its invoices default to, else the one saved last
     * (Stripe lists the newest first; a method saved on the setup page is attached, not made the
     * default). Only what identifies it to a person: brand, last four digits, expiry.
     */
    async getPaymentMethod(account: StripeAccount, input: In<typeof getPaymentMethodInput>): Promise<{ paymentMethod: PaymentMethodView }> {
      const stripe = client(config, account);
      const customer = await call('reading the customer', () => stripe.customers.retrieve(input.customer));
      const preferred = customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
      const method = preferred
        ? await call('reading the payment method', () => stripe.paymentMethods.retrieve(preferred))
        : (await call('listing the payment methods', () => stripe.customers.listPaymentMethods(input.customer, { limit: 1 }))).data[0];
      if (!method) return { paymentMethod: null };
      const card = method.card;
      const bank = method.us_bank_account ?? method.sepa_debit ?? method.bacs_debit ?? method.au_becs_debit ?? null;
      return {
        paymentMethod: {
          id: method.id,
          type: method.type,
          brand: card?.brand ?? (bank && 'bank_name' in bank ? (bank.bank_name ?? null) : null),
          last4: card?.last4 ?? bank?.last4 ?? null,
          expMonth: card?.exp_month ?? null,
          expYear: card?.exp_year ?? null,
        },
      };
    },

    /**
     * Makes the method the customer saved its invoices' default (invoice_settings.default_payment_method),
     * so an invoice created to be charged is paid from it. The method named, else the one the
     * SetupIntent saved; a SetupIntent of another customer is refused. A SetupIntent that names no
     * method (stripe-mock's fixture does not; Stripe's succeeded ones do) falls back to the method
     * the customer saved last, as getPaymentMethod reads it. Setting the same default again is a
     * no-op at Stripe, so no idempotency key is needed.
     */
    async setDefaultPaymentMethod(account: StripeAccount, input: In<typeof setDefaultPaymentMethodInput>) {
      const stripe = client(config, account);
      let method = input.paymentMethod ?? null;
      if (!method && input.setupIntent) {
        const setupIntent = input.setupIntent;
        const intent = await call('reading the setup', () => stripe.setupIntents.retrieve(setupIntent));
        const owner = idOf(intent.customer);
        if (owner && owner !== input.customer)
          throw paymentFailure(
            PAYMENT_FAILURES.refused,
            `setting the default payment method: the setup ${setupIntent} is another customer's`,
            {
              field: 'setupIntent',
            },
          );
        method = idOf(intent.payment_method);
      }
      method ??=
        (await call('listing the payment methods', () => stripe.customers.listPaymentMethods(input.customer, { limit: 1 }))).data[0]?.id ??
        null;
      if (!method)
        throw paymentFailure(PAYMENT_FAILURES.refused, 'setting the default payment method: the customer has saved none', {
          field: 'paymentMethod',
        });
      const chosen = method;
      await call('setting the default payment method', () =>
        stripe.customers.update(input.customer, { invoice_settings: { default_payment_method: chosen } }),
      );
      return { paymentMethod: chosen };
    },

    /**
     * A draft invoice (nothing pending from elsewhere pulled in), then its lines in one add_lines
     * call, each a price of `unitAmountMinor` × `quantity` with Meetflow's line id in its metadata.
     * Both calls carry keys derived from the externalId: a retry returns the same invoice and adds no line twice.
     */
    async createInvoice(account: StripeAccount, input: In<typeof createInvoiceInput>): Promise<InvoiceView> {
      const stripe = client(config, account);
      const key = paymentIdempotencyKey('invoice', input.externalId);
      const draft = await call('creating the invoice', () =>
        stripe.invoices.create(
          {
            customer: input.customer,
            currency: input.currency,
            auto_advance: false,
            pending_invoice_items_behavior: 'exclude',
            ...(input.collect === 'charge'
              ? { collection_method: 'charge_automatically' as const }
              : { collection_method: 'send_invoice' as const, days_until_due: input.daysUntilDue }),
            ...(input.memo ? { description: input.memo } : {}),
            metadata: { [STRIPE_EXTERNAL_ID_KEY]: input.externalId, meetflow_lines_total: String(linesTotalMinor(input.lines)) },
          },
          { idempotencyKey: key },
        ),
      );
      const invoiceId = draft.id ?? '';
      const withLines = await call('adding the invoice lines', () =>
        stripe.invoices.addLines(
          invoiceId,
          {
            lines: input.lines.map((line) => ({
              description: line.description,
              quantity: line.quantity,
              price_data: {
                currency: input.currency,
                unit_amount: line.unitAmountMinor,
                product_data: { name: line.description.slice(0, 250) },
              },
              metadata: { [STRIPE_EXTERNAL_ID_KEY]: line.externalId },
            })),
          },
          { idempotencyKey: `${key}-lines` },
        ),
      );
      return invoiceView(withLines);
    },

    /**
     * Finalizes the draft (`hold`: only that), then emails it (send) or charges the customer's
     * default method (charge): automatic collection turned on, so Stripe retries a failed payment
     * on its schedule, and one attempt now. A declined card answers the invoice still open (Stripe
     * reports the failure as invoice.payment_failed and tries again); other failures are thrown.
     */
    async finalizeAndCollect(account: StripeAccount, input: In<typeof finalizeAndCollectInput>): Promise<InvoiceView> {
      const stripe = client(config, account);
      const key = paymentIdempotencyKey('collect', input.externalId);
      const current = await call('reading the invoice', () => stripe.invoices.retrieve(input.invoice));
      const open =
        current.status === 'draft'
          ? await call('finalizing the invoice', () =>
              stripe.invoices.finalizeInvoice(input.invoice, { auto_advance: false }, { idempotencyKey: `${key}-finalize` }),
            )
          : current;
      // Paid already (a zero total, or a retry after the payment), or closed: nothing to collect.
      if (input.hold || open.status === 'paid' || open.status === 'void' || open.status === 'uncollectible') return invoiceView(open);
      if (open.collection_method === 'send_invoice')
        return invoiceView(
          await call('sending the invoice', () => stripe.invoices.sendInvoice(input.invoice, {}, { idempotencyKey: `${key}-send` })),
        );
      const collecting = await call('turning on automatic collection', () =>
        stripe.invoices.update(input.invoice, { auto_advance: true }, { idempotencyKey: `${key}-auto` }),
      );
      try {
        return invoiceView(
          await call('charging the invoice', () => stripe.invoices.pay(input.invoice, {}, { idempotencyKey: `${key}-pay` })),
        );
      } catch (error) {
        if (isPaymentFailure(error) && error.type === PAYMENT_FAILURES.declined) return invoiceView(collecting);
        throw error;
      }
    },

    async creditNote(account: StripeAccount, input: In<typeof creditNoteInput>) {
      const stripe = client(config, account);
      const invoice = await call('reading the invoice', () => stripe.invoices.retrieve(input.invoice));
      const amount = input.lines ? linesTotalMinor(input.lines) : (input.amountMinor ?? 0);
      // A paid invoice's credit must go somewhere: the customer's balance, or back as a refund.
      const settle = invoice.status === 'paid' ? (input.settle === 'refund' ? { refund_amount: amount } : { credit_amount: amount }) : {};
      const note = await call('creating the credit note', () =>
        stripe.creditNotes.create(
          {
            invoice: input.invoice,
            memo: input.reason,
            metadata: { [STRIPE_EXTERNAL_ID_KEY]: input.externalId },
            ...(input.lines
              ? {
                  lines: input.lines.map((line) => ({
                    type: 'custom_line_item' as const,
                    description: line.description,
                    quantity: line.quantity,
                    unit_amount: line.unitAmountMinor,
                    metadata: { [STRIPE_EXTERNAL_ID_KEY]: line.externalId },
                  })),
                }
              : { amount }),
            ...settle,
          },
          { idempotencyKey: paymentIdempotencyKey('credit-note', input.externalId) },
        ),
      );
      return { creditNote: note.id, totalMinor: note.total, currency: note.currency };
    },

    /** Refunds the invoice's payment (its PaymentIntent, found through the invoice's payments). */
    async refund(account: StripeAccount, input: In<typeof refundInput>) {
      const stripe = client(config, account);
      const invoice = await call('reading the invoice', () => stripe.invoices.retrieve(input.invoice, { expand: ['payments'] }));
      const payment = invoice.payments?.data.find((entry) => entry.status === 'paid') ?? invoice.payments?.data[0];
      const intent = idOf(payment?.payment.payment_intent as string | undefined);
      if (!intent)
        throw paymentFailure(PAYMENT_FAILURES.refused, 'refunding the invoice: Stripe holds no payment for it', { field: 'invoice' });
      const refund = await call('refunding the payment', () =>
        stripe.refunds.create(
          {
            payment_intent: intent,
            ...(input.amountMinor === undefined ? {} : { amount: input.amountMinor }),
            reason: 'requested_by_customer',
            metadata: { [STRIPE_EXTERNAL_ID_KEY]: input.externalId, reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: paymentIdempotencyKey('refund', input.externalId) },
        ),
      );
      const state =
        refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { refund: refund.id, amountMinor: refund.amount, currency: refund.currency, status: state } as const;
    },

    async getInvoice(account: StripeAccount, invoice: string): Promise<InvoiceView> {
      const stripe = client(config, account);
      return invoiceView(await call('reading the invoice', () => stripe.invoices.retrieve(invoice)));
    },
  };
}
