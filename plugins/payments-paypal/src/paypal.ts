import {
  PAYMENT_FAILURES,
  paymentEventSchema,
  paymentFailure,
  paymentIdempotencyKey,
  WEBHOOK_TOLERANCE_SECONDS,
  withPaymentRetries,
  type createInvoiceInput,
  type creditNoteInput,
  type ensureCustomerInput,
  type finalizeAndCollectInput,
  type InvoiceView,
  type ParsedWebhook,
  type parseWebhookInput,
  type PaymentEvent,
  type PluginDeps,
  type refundInput,
} from '@meetflow/plugin-sdk';
import { retryAfterSeconds } from '@meetflow/plugin-sdk/oauth';
import { z } from 'zod';
import type { PayPalAccount, PayPalConfig } from './manifest.ts';
import { toMinor, toPayPalValue } from './money.ts';

type In<S extends z.ZodType> = z.output<S>;

// PayPal's answers, read through zod (only the fields used).
const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const invoiceSchema = z.object({
  id: z.string(),
  status: z.string(),
  detail: z.object({
    currency_code: z.string(),
    reference: z.string().optional(),
    invoice_number: z.string().optional(),
    metadata: z.object({ recipient_view_url: z.string().optional() }).loose().optional(),
  }),
  amount: z
    .object({
      value: z.string(),
      breakdown: z
        .object({
          item_total: moneySchema.optional(),
          tax_total: moneySchema.optional(),
          discount: z.object({ invoice_discount: z.object({ amount: moneySchema.optional() }).optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
  due_amount: moneySchema.optional(),
  payments: z
    .object({
      paid_amount: moneySchema.optional(),
      transactions: z.array(z.object({ payment_id: z.string().optional(), method: z.string().optional() })).optional(),
    })
    .optional(),
});
type PayPalInvoice = z.output<typeof invoiceSchema>;
const errorSchema = z
  .object({
    name: z.string().optional(),
    message: z.string().optional(),
    error_description: z.string().optional(),
    details: z
      .array(z.object({ field: z.string().optional(), issue: z.string().optional(), description: z.string().optional() }))
      .optional(),
  })
  .loose();

/** PayPal's invoice statuses in the contract's terms (a refunded invoice was paid: its refunds are their own objects). */
const STATUSES: Record<string, InvoiceView['status']> = {
  DRAFT: 'draft',
  SCHEDULED: 'open',
  SENT: 'open',
  UNPAID: 'open',
  PAYMENT_PENDING: 'open',
  PARTIALLY_PAID: 'open',
  PAID: 'paid',
  MARKED_AS_PAID: 'paid',
  PARTIALLY_REFUNDED: 'paid',
  REFUNDED: 'paid',
  MARKED_AS_REFUNDED: 'paid',
  CANCELLED: 'void',
};

/** A PayPal invoice in the contract's terms, amounts converted exactly to minor units. */
export function invoiceView(invoice: PayPalInvoice): InvoiceView {
  const currency = invoice.detail.currency_code.toLowerCase();
  const minor = (value: string | undefined) => (value === undefined ? 0 : toMinor(value, currency));
  const total = minor(invoice.amount?.value);
  const paid = minor(invoice.payments?.paid_amount?.value);
  return {
    invoice: invoice.id,
    externalId: invoice.detail.reference ?? null,
    status: STATUSES[invoice.status] ?? 'open',
    number: invoice.detail.invoice_number ?? null,
    currency,
    subtotalMinor: minor(invoice.amount?.breakdown?.item_total?.value),
    taxMinor: minor(invoice.amount?.breakdown?.tax_total?.value),
    totalMinor: total,
    amountDueMinor: total,
    amountPaidMinor: paid,
    amountRemainingMinor: invoice.due_amount ? minor(invoice.due_amount.value) : total - paid,
    hostedUrl: invoice.status === 'DRAFT' ? null : (invoice.detail.metadata?.recipient_view_url ?? null),
    pdfUrl: null,
  };
}

/** The recipient, as ensureCustomer encodes it (PayPal Invoicing keeps no customer: each invoice carries its recipient). */
const recipientSchema = z.object({
  email: z.string(),
  name: z.string(),
  address: z
    .object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      postalCode: z.string().nullable(),
      state: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
});
const RECIPIENT_PREFIX = 'paypal-recipient:';

function recipientOf(customer: string) {
  try {
    if (!customer.startsWith(RECIPIENT_PREFIX)) throw new Error('not a recipient');
    return recipientSchema.parse(JSON.parse(Buffer.from(customer.slice(RECIPIENT_PREFIX.length), 'base64url').toString('utf8')));
  } catch {
    throw paymentFailure(PAYMENT_FAILURES.invalid, 'creating the invoice: the customer is not one ensureCustomer answered for PayPal', {
      field: 'customer',
    });
  }
}

/** The events the contract names, from PayPal's event types. */
const EVENT_TYPES: Record<string, PaymentEvent['type']> = {
  'INVOICING.INVOICE.PAID': 'invoice.paid',
  'INVOICING.INVOICE.CANCELLED': 'invoice.voided',
  'PAYMENT.CAPTURE.DENIED': 'invoice.payment_failed',
  'PAYMENT.CAPTURE.DECLINED': 'invoice.payment_failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refund.succeeded',
};

const webhookEventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  create_time: z.iso.datetime({ offset: true }),
  resource: z.record(z.string(), z.unknown()).default({}),
});

/** The PayPal activities over one plugin instance's config and clock. */
export function payPalActivities(deps: PluginDeps<PayPalConfig>) {
  const { config, clock } = deps;
  const retry = { clock, attempts: config.attempts, maxRetryAfterSeconds: config.maxRetryAfterSeconds };
  const base = config.apiBase.replace(/\/$/, '');
  /** Access tokens by client id, until they expire (by the plugin's clock, a minute early). */
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  async function fetchOnce(url: string, init: RequestInit, doing: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutSeconds * 1000) });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      throw paymentFailure(
        PAYMENT_FAILURES.unavailable,
        `${doing}: PayPal ${timedOut ? 'did not answer in time' : 'could not be reached'}`,
      );
    }
  }

  /** The contract's failure for a PayPal error answer. */
  async function failureOf(response: Response, doing: string) {
    const text = await response.text();
    let parsed: z.output<typeof errorSchema> = {};
    try {
      parsed = errorSchema.parse(JSON.parse(text));
    } catch {
      // Not JSON: the status says enough.
    }
    const status = response.status;
    const detail = parsed.details?.[0];
    const said = [parsed.message ?? parsed.error_description, detail?.issue, detail?.description].filter(Boolean).join(' — ');
    const suffix = said ? `: ${said.slice(0, 200)}` : '';
    const base = { status, ...(parsed.name ? { code: parsed.name } : {}) };
    if (status === 429) {
      const asked = retryAfterSeconds(response.headers.get('retry-after'), clock.now());
      return paymentFailure(PAYMENT_FAILURES.unavailable, `${doing}: PayPal's rate limit was reached (429), try again later`, {
        ...base,
        ...(asked === null ? {} : { retryAfterSeconds: asked }),
      });
    }
    if (status >= 500 || status === 408)
      return paymentFailure(PAYMENT_FAILURES.unavailable, `${doing}: PayPal answered ${status}, try again later`, base);
    if (status === 401 || status === 403)
      return paymentFailure(
        PAYMENT_FAILURES.authRefused,
        `${doing}: PayPal refused the app's credentials (${status}); reconnect the account`,
        base,
      );
    if (detail?.issue && /DECLINED|DENIED/.test(detail.issue))
      return paymentFailure(PAYMENT_FAILURES.declined, `${doing}: the payment was declined${suffix}`, {
        ...base,
        declineCode: detail.issue,
      });
    if (status === 400 || status === 422) {
      const field = detail?.field;
      return paymentFailure(
        PAYMENT_FAILURES.invalid,
        `${doing}: PayPal refused ${field ? `the field "${field}"` : 'the data'} (${status})${suffix}`,
        {
          ...base,
          ...(field ? { field } : {}),
        },
      );
    }
    return paymentFailure(PAYMENT_FAILURES.refused, `${doing}: PayPal refused it (${status})${suffix}`, base);
  }

  /** An access token for the account (client credentials), cached until it is due. */
  async function accessToken(account: PayPalAccount, doing: string): Promise<string> {
    const cached = tokens.get(account.clientId);
    if (cached && cached.expiresAt > clock.now().getTime()) return cached.token;
    const response = await fetchOnce(
      `${base}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      },
      doing,
    );
    if (!response.ok) throw await failureOf(response, `${doing} (getting an access token)`);
    const token = tokenSchema.parse(await response.json());
    tokens.set(account.clientId, { token: token.access_token, expiresAt: clock.now().getTime() + (token.expires_in - 60) * 1000 });
    return token.access_token;
  }

  /**
   * One call with the account's token, the contract's failures and retries: a 401 drops the
   * cached token and tries once more with a new one; a 429 or a 5xx waits and tries again (with
   * the same PayPal-Request-Id, so a create is not repeated).
   */
  function call<S extends z.ZodType>(
    account: PayPalAccount,
    request: { method: 'GET' | 'POST'; path: string; body?: unknown; requestId?: string; doing: string },
    schema: S,
  ): Promise<z.output<S>> {
    return withPaymentRetries(retry, async () => {
      for (let tries = 1; ; tries++) {
        const token = await accessToken(account, request.doing);
        const response = await fetchOnce(
          `${base}${request.path}`,
          {
            method: request.method,
            headers: {
              accept: 'application/json',
              authorization: `Bearer ${token}`,
              prefer: 'return=representation',
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(request.requestId ? { 'paypal-request-id': request.requestId } : {}),
            },
            ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          },
          request.doing,
        );
        if (response.status === 401 && tries === 1) {
          tokens.delete(account.clientId);
          await response.body?.cancel();
          continue;
        }
        if (!response.ok) throw await failureOf(response, request.doing);
        const parsed = schema.safeParse(await response.json().catch(() => null));
        if (!parsed.success) throw paymentFailure(PAYMENT_FAILURES.unavailable, `${request.doing}: PayPal's answer did not read`);
        return parsed.data;
      }
    });
  }

  const getInvoice = (account: PayPalAccount, invoice: string, doing = 'reading the invoice') =>
    call(account, { method: 'GET', path: `/v2/invoicing/invoices/${encodeURIComponent(invoice)}`, doing }, invoiceSchema);

  /** Refunds the invoice's PayPal capture (Payments v2). */
  async function refundCapture(account: PayPalAccount, invoiceId: string, amountMinor: number | undefined, note: string, key: string) {
    const invoice = await getInvoice(account, invoiceId);
    const capture = invoice.payments?.transactions?.find(
      (transaction) => transaction.payment_id && transaction.method !== 'EXTERNAL',
    )?.payment_id;
    if (!capture)
      throw paymentFailure(PAYMENT_FAILURES.refused, 'refunding the invoice: PayPal holds no PayPal payment for it', { field: 'invoice' });
    const currency = invoice.detail.currency_code.toLowerCase();
    const refund = await call(
      account,
      {
        method: 'POST',
        path: `/v2/payments/captures/${encodeURIComponent(capture)}/refund`,
        requestId: key,
        doing: 'refunding the payment',
        body: {
          ...(amountMinor === undefined
            ? {}
            : { amount: { currency_code: currency.toUpperCase(), value: toPayPalValue(amountMinor, currency) } }),
          note_to_payer: note.slice(0, 255),
        },
      },
      z.object({ id: z.string(), status: z.string(), amount: moneySchema.optional() }),
    );
    const status =
      refund.status === 'COMPLETED' ? 'succeeded' : refund.status === 'CANCELLED' || refund.status === 'FAILED' ? 'failed' : 'pending';
    return {
      refund: refund.id,
      amountMinor: refund.amount ? toMinor(refund.amount.value, currency) : (amountMinor ?? 0),
      currency,
      status,
    } as const;
  }

  return {
    /** No call: the recipient is encoded in the reference each invoice is created with. */
    async ensureCustomer(input: In<typeof ensureCustomerInput>) {
      const recipient = { email: input.email, name: input.name, address: input.address };
      const customer = `${RECIPIENT_PREFIX}${Buffer.from(JSON.stringify(recipient)).toString('base64url')}`;
      return { customer, created: input.customer !== customer };
    },

    async createInvoice(account: PayPalAccount, input: In<typeof createInvoiceInput> & { discountMinor?: number }): Promise<InvoiceView> {
      if (input.collect !== 'send')
        throw paymentFailure(
          PAYMENT_FAILURES.invalid,
          'creating the invoice: PayPal invoices are paid on PayPal\'s page; collect must be "send"',
          {
            field: 'collect',
          },
        );
      const recipient = recipientOf(input.customer);
      const code = input.currency.toUpperCase();
      const due = new Date(clock.now().getTime() + input.daysUntilDue * 86_400_000).toISOString().slice(0, 10);
      const invoice = await call(
        account,
        {
          method: 'POST',
          path: '/v2/invoicing/invoices',
          requestId: paymentIdempotencyKey('invoice', input.externalId),
          doing: 'creating the invoice',
          body: {
            detail: {
              currency_code: code,
              reference: input.externalId,
              ...(input.memo ? { note: input.memo } : {}),
              payment_term: { due_date: due },
            },
            primary_recipients: [
              {
                billing_info: {
                  email_address: recipient.email,
                  name: { full_name: recipient.name },
                  ...(recipient.address
                    ? {
                        address: {
                          address_line_1: recipient.address.line1,
                          ...(recipient.address.line2 ? { address_line_2: recipient.address.line2 } : {}),
                          admin_area_2: recipient.address.city,
                          ...(recipient.address.state ? { admin_area_1: recipient.address.state } : {}),
                          ...(recipient.address.postalCode ? { postal_code: recipient.address.postalCode } : {}),
                          country_code: recipient.address.country,
                        },
                      }
                    : {}),
                },
              },
            ],
            items: input.lines.map((line) => ({
              name: line.description.slice(0, 200),
              description: `Meetflow line ${line.externalId}`,
              quantity: String(line.quantity),
              unit_amount: { currency_code: code, value: toPayPalValue(line.unitAmountMinor, input.currency) },
              unit_of_measure: 'QUANTITY',
            })),
            ...(input.discountMinor
              ? {
                  amount: {
                    breakdown: {
                      discount: {
                        invoice_discount: { amount: { currency_code: code, value: toPayPalValue(input.discountMinor, input.currency) } },
                      },
                    },
                  },
                }
              : {}),
          },
        },
        invoiceSchema,
      );
      return invoiceView(invoice);
    },

    /** Sends a draft (PayPal emails the payer the link to its page); an invoice sent before is left as it is. */
    async finalizeAndCollect(account: PayPalAccount, input: In<typeof finalizeAndCollectInput>): Promise<InvoiceView> {
      const current = await getInvoice(account, input.invoice);
      if (current.status === 'DRAFT') {
        await call(
          account,
          {
            method: 'POST',
            path: `/v2/invoicing/invoices/${encodeURIComponent(input.invoice)}/send`,
            requestId: paymentIdempotencyKey('collect', input.externalId),
            doing: 'sending the invoice',
            body: { send_to_invoicer: false, send_to_recipient: true },
          },
          z.unknown(),
        );
        return invoiceView(await getInvoice(account, input.invoice));
      }
      return invoiceView(current);
    },

    /** PayPal has no credit notes nor customer balance: a paid invoice is credited by a refund; the rest is refused. */
    async creditNote(account: PayPalAccount, input: In<typeof creditNoteInput>) {
      const amount = input.lines
        ? input.lines.reduce((sum, line) => sum + line.quantity * line.unitAmountMinor, 0)
        : (input.amountMinor ?? 0);
      if (input.settle !== 'refund')
        throw paymentFailure(
          PAYMENT_FAILURES.invalid,
          'crediting the invoice: PayPal keeps no customer balance; credit a paid invoice with settle "refund", or cancel an unpaid one and invoice again',
          { field: 'settle' },
        );
      const refund = await refundCapture(
        account,
        input.invoice,
        amount,
        input.reason,
        paymentIdempotencyKey('credit-note', input.externalId),
      );
      return { creditNote: refund.refund, totalMinor: refund.amountMinor, currency: refund.currency };
    },

    refund: (account: PayPalAccount, input: In<typeof refundInput>) =>
      refundCapture(account, input.invoice, input.amountMinor, input.reason, paymentIdempotencyKey('refund', input.externalId)),

    getInvoice: async (account: PayPalAccount, invoice: string) => invoiceView(await getInvoice(account, invoice)),

    /**
     * PayPal's documented scheme: the transmission headers and the event go to its
     * verify-webhook-signature API with the webhook id (the `secret`), which answers SUCCESS or
     * FAILURE. Refused before that call: missing headers, a body that is no event, a transmission
     * time more than 300 s from `receivedAt` (the same tolerance as Stripe's).
     */
    async parseWebhook(
      account: PayPalAccount,
      { rawBody, headers, secret, receivedAt }: In<typeof parseWebhookInput>,
    ): Promise<ParsedWebhook> {
      const names = [
        'paypal-transmission-id',
        'paypal-transmission-time',
        'paypal-transmission-sig',
        'paypal-cert-url',
        'paypal-auth-algo',
      ] as const;
      const missing = names.filter((name) => !headers[name]);
      if (missing.length > 0) return { ok: false, refusal: 'missing-signature', message: `the request lacks ${missing.join(', ')}` };
      const sentAt = Date.parse(headers['paypal-transmission-time']!);
      if (Number.isNaN(sentAt)) return { ok: false, refusal: 'malformed', message: 'PAYPAL-TRANSMISSION-TIME is not a date' };
      if (Math.abs(Date.parse(receivedAt) - sentAt) > WEBHOOK_TOLERANCE_SECONDS * 1000)
        return { ok: false, refusal: 'too-old', message: `the transmission time is more than ${WEBHOOK_TOLERANCE_SECONDS} s from now` };
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        return { ok: false, refusal: 'malformed', message: 'the body is not JSON' };
      }
      const event = webhookEventSchema.safeParse(body);
      if (!event.success)
        return { ok: false, refusal: 'malformed', message: 'the body is not a PayPal event (id, event_type, create_time, resource)' };
      const verified = await call(
        account,
        {
          method: 'POST',
          path: '/v1/notifications/verify-webhook-signature',
          doing: 'verifying the webhook',
          body: {
            auth_algo: headers['paypal-auth-algo'],
            cert_url: headers['paypal-cert-url'],
            transmission_id: headers['paypal-transmission-id'],
            transmission_sig: headers['paypal-transmission-sig'],
            transmission_time: headers['paypal-transmission-time'],
            webhook_id: secret,
            webhook_event: body,
          },
        },
        z.object({ verification_status: z.string() }),
      );
      if (verified.verification_status !== 'SUCCESS')
        return {
          ok: false,
          refusal: 'bad-signature',
          message: "PayPal's verify-webhook-signature answered FAILURE for this body and webhook id",
        };
      const { id, event_type: providerType, create_time: occurredAt, resource } = event.data;
      const type = EVENT_TYPES[providerType] ?? 'ignored';
      const invoice = (resource.invoice ?? (providerType.startsWith('INVOICING.') ? resource : null)) as Record<string, unknown> | null;
      const detail = (invoice?.detail ?? {}) as { reference?: string; currency_code?: string };
      const amount = (invoice?.amount ?? resource.amount) as { value?: string; currency_code?: string } | undefined;
      const currency = (amount?.currency_code ?? detail.currency_code)?.toLowerCase() ?? null;
      let amountMinor: number | null = null;
      try {
        amountMinor = amount?.value && currency ? toMinor(amount.value, currency) : null;
      } catch {
        amountMinor = null;
      }
      const reason = (resource.status_details as { reason?: string } | undefined)?.reason;
      return {
        ok: true,
        event: paymentEventSchema.parse({
          id,
          type,
          providerType,
          occurredAt,
          invoice:
            typeof invoice?.id === 'string'
              ? invoice.id
              : ((resource.supplementary_data as Record<string, Record<string, string>> | undefined)?.related_ids?.invoice_id ?? null),
          invoiceExternalId: detail.reference ?? null,
          customer: null,
          amountMinor,
          currency,
          failureReason: type === 'invoice.payment_failed' ? (reason ?? 'the payment was denied') : null,
        }),
      };
    },
  };
}
