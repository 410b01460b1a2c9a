import {
  bindActivities,
  isPaymentFailure,
  PAYMENT_FAILURES,
  refuseReplay,
  validatePlugins,
  type ActivityContext,
  type InvoiceView,
  type ParsedWebhook,
} from '@meetflow/plugin-sdk';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payPalPayments, type PayPalConfig } from './index.ts';
import { toMinor, toPayPalValue } from './money.ts';
import { FAKE_PAYPAL_CLIENT, FAKE_PAYPAL_WEBHOOK_ID, startFakePayPal, type FakePayPal } from './testing.ts';

// Every test runs against the local fake of PayPal's REST APIs (./testing.ts, written from PayPal's
// API reference), on a stepping clock: a wait (Retry-After, back-off) moves that clock instead of taking time.

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});

let clock: ReturnType<typeof steppingClock>;
let fake: FakePayPal;
const account = { clientId: FAKE_PAYPAL_CLIENT.clientId, clientSecret: FAKE_PAYPAL_CLIENT.clientSecret };

beforeEach(async () => {
  clock = steppingClock('2026-11-30T10:00:00Z');
  fake = await startFakePayPal({ now: () => clock.now() });
});
afterEach(() => fake.close());

function activities(config: Partial<PayPalConfig> = {}, as = account) {
  const deps = testDeps(payPalPayments, { clock, config: { apiBase: fake.baseUrl, timeoutSeconds: 5, ...config } });
  const bound = bindActivities(payPalPayments, deps, context);
  const call =
    <T>(name: string) =>
    (input: Record<string, unknown>) =>
      bound[`payments-paypal.${name}`]!({ account: as, ...input }) as Promise<T>;
  return {
    ensureCustomer: call<{ customer: string; created: boolean }>('ensureCustomer'),
    createSetupSession: call<unknown>('createSetupSession'),
    getPaymentMethod: call<{ paymentMethod: unknown }>('getPaymentMethod'),
    createInvoice: call<InvoiceView>('createInvoice'),
    finalizeAndCollect: call<InvoiceView>('finalizeAndCollect'),
    creditNote: call<{ creditNote: string; totalMinor: number; currency: string }>('creditNote'),
    refund: call<{ refund: string; amountMinor: number; currency: string; status: string }>('refund'),
    getInvoice: call<InvoiceView>('getInvoice'),
    parseWebhook: call<ParsedWebhook>('parseWebhook'),
  };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isPaymentFailure(error)).toBe(true);
  return error as { type: string; message: string; nonRetryable: boolean; details: Array<Record<string, unknown>> };
}

/** 3 × 120.00 + 2 × 99.50 + 2 × 49.99 = 658.98 EUR: 65 898 cents. */
const sevenLines = [
  ['m1', 12_000],
  ['m2', 12_000],
  ['m3', 12_000],
  ['m4', 9_950],
  ['m5', 9_950],
  ['m6', 4_999],
  ['m7', 4_999],
].map(([id, amount]) => ({ externalId: `ledger:${id}`, description: `Meeting ${id}`, quantity: 1, unitAmountMinor: amount as number }));

async function customer() {
  return (
    await activities().ensureCustomer({ externalId: 'billing:ws1', email: 'Billing@Acme.test', name: 'Acme Robotics', currency: 'eur' })
  ).customer;
}

describe('payments-paypal', () => {
  it('has a manifest the platform accepts', () => {
    expect(() => validatePlugins([payPalPayments])).not.toThrow();
  });

  it('converts minor units to PayPal amounts and back exactly, refusing a fraction of a cent', () => {
    expect(toPayPalValue(65_898, 'eur')).toBe('658.98');
    expect(toPayPalValue(5, 'usd')).toBe('0.05');
    expect(toPayPalValue(1500, 'jpy')).toBe('1500');
    expect(toMinor('658.98', 'eur')).toBe(65_898);
    expect(toMinor('0.1', 'eur')).toBe(10);
    expect(() => toMinor('0.105', 'eur')).toThrow(/not an amount/);
    expect(() => toPayPalValue(0.5, 'eur')).toThrow(/integer/);
  });

  it('creates an invoice of 7 lines that PayPal totals to the cent, and the same externalId twice is one invoice', async () => {
    const { createInvoice } = activities();
    const input = { externalId: 'invoice:ws1:2026-11', customer: await customer(), currency: 'eur', lines: sevenLines, collect: 'send' };
    const first = await createInvoice(input);
    const second = await createInvoice(input);
    expect(first).toMatchObject({
      status: 'draft',
      currency: 'eur',
      subtotalMinor: 65_898,
      totalMinor: 65_898,
      amountRemainingMinor: 65_898,
      externalId: 'invoice:ws1:2026-11',
    });
    expect(second.invoice).toBe(first.invoice);
    expect(fake.invoices.size).toBe(1);
    const stored = fake.invoices.get(first.invoice)!;
    expect(stored.items.map((item) => item.unit_amount.value)).toEqual(['120.00', '120.00', '120.00', '99.50', '99.50', '49.99', '49.99']);
    expect(stored.primary_recipients).toEqual([
      { billing_info: { email_address: 'billing@acme.test', name: { full_name: 'Acme Robotics' } } },
    ]);
    const creates = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v2/invoicing/invoices');
    expect(creates.map((request) => request.headers['paypal-request-id'])).toEqual([
      'meetflow-invoice-invoice:ws1:2026-11',
      'meetflow-invoice-invoice:ws1:2026-11',
    ]);
    // One token for both calls: it is cached until it expires.
    expect(fake.requests.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('sends the invoice for payment on PayPal’s page, reads it paid, and refunds it once per externalId', async () => {
    const { createInvoice, finalizeAndCollect, getInvoice, refund } = activities();
    const draft = await createInvoice({
      externalId: 'invoice:a',
      customer: await customer(),
      currency: 'eur',
      lines: sevenLines.slice(0, 2),
      collect: 'send',
    });
    const sent = await finalizeAndCollect({ invoice: draft.invoice, externalId: 'collect:invoice:a' });
    expect(sent).toMatchObject({ status: 'open', hostedUrl: `https://www.sandbox.paypal.com/invoice/p/#${draft.invoice}` });
    // Sent again (a retry): nothing is sent twice.
    await finalizeAndCollect({ invoice: draft.invoice, externalId: 'collect:invoice:a' });
    expect(fake.requests.filter((request) => request.path.endsWith('/send'))).toHaveLength(1);

    fake.pay(draft.invoice);
    expect(await getInvoice({ invoice: draft.invoice })).toMatchObject({
      status: 'paid',
      amountPaidMinor: 24_000,
      amountRemainingMinor: 0,
    });
    const first = await refund({
      externalId: 'refund:1',
      invoice: draft.invoice,
      amountMinor: 12_000,
      reason: 'meeting corrected to no-show',
    });
    const again = await refund({
      externalId: 'refund:1',
      invoice: draft.invoice,
      amountMinor: 12_000,
      reason: 'meeting corrected to no-show',
    });
    expect(first).toEqual({ refund: expect.stringMatching(/^REF-/), amountMinor: 12_000, currency: 'eur', status: 'succeeded' });
    expect(again.refund).toBe(first.refund);
    expect(fake.refunds).toHaveLength(1);
    // More than is left is refused, naming PayPal's field.
    const exceeded = await failureOf(refund({ externalId: 'refund:2', invoice: draft.invoice, amountMinor: 12_001, reason: 'x' }));
    expect(exceeded.type).toBe(PAYMENT_FAILURES.invalid);
    expect(exceeded.details[0]).toMatchObject({ status: 422, field: '/amount/value' });
  });

  it('credits a paid invoice by a refund; refuses a balance credit (PayPal keeps none) and a charge, naming the field', async () => {
    const { createInvoice, finalizeAndCollect, creditNote, createSetupSession, getPaymentMethod } = activities();
    const draft = await createInvoice({
      externalId: 'invoice:b',
      customer: await customer(),
      currency: 'eur',
      lines: sevenLines,
      collect: 'send',
    });
    await finalizeAndCollect({ invoice: draft.invoice, externalId: 'collect:b' });
    fake.pay(draft.invoice);
    const line = sevenLines[6]!;
    const note = await creditNote({
      externalId: 'credit:ledger:m7',
      invoice: draft.invoice,
      lines: [line],
      reason: 'no-show',
      settle: 'refund',
    });
    expect(note).toMatchObject({ totalMinor: 4_999, currency: 'eur' });
    expect(fake.refunds[0]).toMatchObject({ amountMinor: 4_999, requestId: 'meetflow-credit-note-credit:ledger:m7' });

    const balance = await failureOf(creditNote({ externalId: 'credit:x', invoice: draft.invoice, amountMinor: 100, reason: 'x' }));
    expect(balance).toMatchObject({ type: PAYMENT_FAILURES.invalid, nonRetryable: true });
    expect(balance.details[0]).toMatchObject({ field: 'settle' });
    const charge = await failureOf(
      createInvoice({ externalId: 'invoice:c', customer: await customer(), currency: 'eur', lines: sevenLines, collect: 'charge' }),
    );
    expect(charge.details[0]).toMatchObject({ field: 'collect' });
    const setup = await failureOf(
      createSetupSession({ externalId: 's', customer: 'c', currency: 'eur', returnUrl: 'https://a.test/', cancelUrl: 'https://a.test/' }),
    );
    expect(setup.type).toBe(PAYMENT_FAILURES.refused);
    // Nor is there a saved method to read back: none, honestly.
    expect(await getPaymentMethod({ customer: await customer() })).toEqual({ paymentMethod: null });
  });

  it('waits out a 429’s Retry-After on its clock and sends the same PayPal-Request-Id again', async () => {
    const { createInvoice } = activities();
    const payer = await customer();
    fake.rateLimitNext(9);
    const invoice = await createInvoice({ externalId: 'invoice:d', customer: payer, currency: 'eur', lines: sevenLines, collect: 'send' });
    expect(clock.waits).toEqual([9_000]);
    const creates = fake.requests.filter((request) => request.path === '/v2/invoicing/invoices');
    expect(creates.map((request) => [request.status, request.headers['paypal-request-id']])).toEqual([
      [429, 'meetflow-invoice-invoice:d'],
      [201, 'meetflow-invoice-invoice:d'],
    ]);
    expect(fake.invoices.size).toBe(1);
    expect(invoice.totalMinor).toBe(65_898);

    fake.rateLimitNext(600);
    const failure = await failureOf(
      createInvoice({ externalId: 'invoice:e', customer: payer, currency: 'eur', lines: sevenLines, collect: 'send' }),
    );
    expect(failure).toMatchObject({ type: PAYMENT_FAILURES.unavailable, nonRetryable: false });
    expect(failure.details[0]).toMatchObject({ status: 429, retryAfterSeconds: 600 });
  });

  it('maps refused credentials to PaymentAuthRefused and a refused field to PaymentInvalid naming it', async () => {
    const wrong = activities({}, { ...account, clientSecret: 'not-the-secret' });
    const auth = await failureOf(wrong.getInvoice({ invoice: 'INV2-X' }));
    expect(auth.type).toBe(PAYMENT_FAILURES.authRefused);
    expect(auth.message).toMatch(/reconnect the account/);

    const { createInvoice, getInvoice } = activities();
    const invalid = await failureOf(
      createInvoice({ externalId: 'invoice:f', customer: await customer(), currency: 'xts', lines: sevenLines, collect: 'send' }),
    );
    expect(invalid).toMatchObject({ type: PAYMENT_FAILURES.invalid, nonRetryable: true });
    expect(invalid.details[0]).toMatchObject({ status: 422, field: '/detail/currency_code' });
    expect((await failureOf(getInvoice({ invoice: 'INV2-NONE' }))).type).toBe(PAYMENT_FAILURES.refused);
  });
});

describe('payments-paypal webhooks', () => {
  const now = '2026-11-30T10:00:00.000Z';
  const paid = {
    id: 'WH-PAID-1',
    event_version: '1.0',
    create_time: '2026-11-30T09:59:58Z',
    resource_type: 'invoices',
    event_type: 'INVOICING.INVOICE.PAID',
    summary: 'An invoice was paid',
    resource: {
      invoice: {
        id: 'INV2-FAKE-0001',
        status: 'PAID',
        detail: { reference: 'invoice:ws1:2026-11', currency_code: 'EUR' },
        amount: { currency_code: 'EUR', value: '658.98' },
      },
    },
  };
  const parse = (webhook: { rawBody: string; headers: Record<string, string> }) =>
    activities().parseWebhook({ ...webhook, secret: FAKE_PAYPAL_WEBHOOK_ID, receivedAt: now });

  it('accepts an event PayPal verifies and reads it; the same event again is refused as a replay', async () => {
    const webhook = fake.webhook(paid, '2026-11-30T09:59:59Z');
    const parsed = await parse(webhook);
    expect(parsed).toEqual({
      ok: true,
      event: {
        id: 'WH-PAID-1',
        type: 'invoice.paid',
        providerType: 'INVOICING.INVOICE.PAID',
        occurredAt: '2026-11-30T09:59:58Z',
        invoice: 'INV2-FAKE-0001',
        invoiceExternalId: 'invoice:ws1:2026-11',
        customer: null,
        amountMinor: 65_898,
        currency: 'eur',
        failureReason: null,
      },
    });
    const seen = new Set<string>();
    const firstTime = async (id: string) => (seen.has(id) ? false : (seen.add(id), true));
    expect((await refuseReplay(parsed, firstTime)).ok).toBe(true);
    expect(await refuseReplay(await parse(webhook), firstTime)).toMatchObject({ ok: false, refusal: 'replayed' });
  });

  it('reads a denied capture as a failed payment with PayPal’s reason', async () => {
    const denied = {
      id: 'WH-DENIED',
      create_time: '2026-11-30T09:59:00Z',
      event_type: 'PAYMENT.CAPTURE.DENIED',
      resource: {
        id: 'CAP-1',
        status: 'DECLINED',
        status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' },
        amount: { currency_code: 'EUR', value: '49.99' },
        supplementary_data: { related_ids: { invoice_id: 'INV2-FAKE-0002' } },
      },
    };
    const parsed = await parse(fake.webhook(denied, '2026-11-30T09:59:30Z'));
    expect(parsed).toMatchObject({
      ok: true,
      event: {
        type: 'invoice.payment_failed',
        failureReason: 'DECLINED_BY_RISK_FRAUD_FILTERS',
        amountMinor: 4_999,
        invoice: 'INV2-FAKE-0002',
      },
    });
  });

  it('refuses a wrong signature, an old transmission, missing headers and a malformed body, each with its reason', async () => {
    const refusal = async (webhook: { rawBody: string; headers: Record<string, string> }) => {
      const parsed = await parse(webhook);
      return parsed.ok ? 'accepted' : parsed.refusal;
    };
    const good = fake.webhook(paid, '2026-11-30T09:59:59Z');
    expect(await refusal({ ...good, rawBody: good.rawBody.replace('658.98', '1.00') })).toBe('bad-signature');
    expect(await refusal(fake.webhook(paid, '2026-11-30T09:59:59Z', { webhookId: 'SOMEONE-ELSES' }))).toBe('bad-signature');
    expect(await refusal(fake.webhook(paid, '2026-11-30T09:54:59Z'))).toBe('too-old');
    const { 'paypal-transmission-sig': _sig, ...unsigned } = good.headers;
    expect(await refusal({ rawBody: good.rawBody, headers: unsigned })).toBe('missing-signature');
    expect(await refusal(fake.webhook({ hello: 'world' }, '2026-11-30T09:59:59Z'))).toBe('malformed');
    expect(await refusal({ rawBody: 'not json', headers: good.headers })).toBe('malformed');
    expect(await refusal(good)).toBe('accepted');
  });
});
