import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestStripeMock, type TestStripeMock } from '@meetflow/platform/dev/testing/stripe-mock';
import { sendStripeWebhook, signStripeWebhook, stripeEvent } from '@meetflow/platform/dev/testing/stripe-webhooks';
import {
  bindActivities,
  isPaymentFailure,
  manifestProblems,
  PAYMENT_FAILURES,
  paymentIdempotencyKey,
  refuseReplay,
  validatePlugins,
  type ActivityContext,
  type AnyPlugin,
  type InvoiceView,
  type ParsedWebhook,
} from '@meetflow/plugin-sdk';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripePayments, type StripeConfig } from './index.ts';
import {
  cardDeclined,
  rateLimited,
  startStripeRecorder,
  type RecordedStripeRequest,
  type StripeRecorder,
} from '@meetflow/platform/dev/testing/stripe-recorder';

// Every call goes to a real stripe-mock (started for this file by the platform's test helper)
// through a recorder (the platform's dev/testing/stripe-recorder.ts) that keeps each request and can answer a fault or patch the
// state stripe-mock does not keep. stripe-mock is stateless: a create answers a fixture object and
// nothing is found again, so its answers' amounts are fixtures; what this file checks against it
// is what Meetflow sends (shapes, amounts to the cent, idempotency keys), that Stripe's (mock's)
// validation accepts it, and how answers and errors are read. Waits go on a stepping clock.

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});

let mock: TestStripeMock;
let recorder: StripeRecorder;
let clock: ReturnType<typeof steppingClock>;

beforeAll(async () => {
  mock = await startTestStripeMock();
});
afterAll(() => mock?.close());
beforeEach(async () => {
  clock = steppingClock('2026-11-30T10:00:00Z');
  recorder = await startStripeRecorder(mock.url);
});
afterEach(() => recorder.close());

function activities(config: Partial<StripeConfig> = {}) {
  const deps = testDeps(stripePayments, { clock, config: { apiBase: recorder.url, timeoutSeconds: 10, ...config } });
  const bound = bindActivities(stripePayments, deps, context);
  const call =
    <T>(name: string) =>
    (input: Record<string, unknown>) =>
      bound[`payments-stripe.${name}`]!({ account, ...input }) as Promise<T>;
  return {
    ensureCustomer: call<{ customer: string; created: boolean }>('ensureCustomer'),
    createSetupSession: call<{ session: string; url: string; expiresAt: string | null }>('createSetupSession'),
    getPaymentMethod: call<{ paymentMethod: Record<string, unknown> | null }>('getPaymentMethod'),
    setDefaultPaymentMethod: call<{ paymentMethod: string }>('setDefaultPaymentMethod'),
    createInvoice: call<InvoiceView>('createInvoice'),
    finalizeAndCollect: call<InvoiceView>('finalizeAndCollect'),
    creditNote: call<{ creditNote: string; totalMinor: number; currency: string }>('creditNote'),
    refund: call<{ refund: string; amountMinor: number; currency: string; status: string }>('refund'),
    getInvoice: call<InvoiceView>('getInvoice'),
    parseWebhook: call<ParsedWebhook>('parseWebhook'),
  };
}

const account = { secretKey: 'sk_test_meetflowlocal' };

/** The requests to `path` (a regular expression over the path), in order. */
const sent = (method: string, path: RegExp): RecordedStripeRequest[] =>
  recorder.requests.filter((request) => request.method === method && path.test(request.path));

/** The failure a promise rejects with (a failure of the contract's). */
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isPaymentFailure(error)).toBe(true);
  return error as {
    type: string;
    message: string;
    nonRetryable: boolean;
    nextRetryDelay?: unknown;
    details: Array<Record<string, unknown>>;
  };
}

/** Seven attended meetings at three slice prices, one line each: 3 × 12 000 + 2 × 9 950 + 2 × 4 999 = 65 898 cents. */
const sevenLines = [
  { externalId: 'ledger:m1', description: 'Meeting with Ada Park (Acme) — SaaS / VP', quantity: 1, unitAmountMinor: 12_000 },
  { externalId: 'ledger:m2', description: 'Meeting with Ben Ode (Birch) — SaaS / VP', quantity: 1, unitAmountMinor: 12_000 },
  { externalId: 'ledger:m3', description: 'Meeting with Cy Lum (Cedar) — SaaS / VP', quantity: 1, unitAmountMinor: 12_000 },
  { externalId: 'ledger:m4', description: 'Meeting with Di Vo (Dune) — Fintech / Director', quantity: 1, unitAmountMinor: 9_950 },
  { externalId: 'ledger:m5', description: 'Meeting with Eli Ng (Elm) — Fintech / Director', quantity: 1, unitAmountMinor: 9_950 },
  { externalId: 'ledger:m6', description: 'Meeting with Fay Ro (Fir) — Retail / Manager', quantity: 1, unitAmountMinor: 4_999 },
  { externalId: 'ledger:m7', description: 'Meeting with Gus Ta (Gale) — Retail / Manager', quantity: 1, unitAmountMinor: 4_999 },
];

describe('payments-stripe', () => {
  it('has a manifest the platform accepts, and the payments kind refuses one that lacks its contract', () => {
    expect(() => validatePlugins([stripePayments])).not.toThrow();
    const { parseWebhook: _dropped, ...withoutWebhook } = stripePayments.manifest.activities;
    const broken = {
      ...stripePayments,
      manifest: {
        ...stripePayments.manifest,
        payments: { ...stripePayments.manifest.payments, idempotency: '', collect: ['later'] },
        activities: {
          ...withoutWebhook,
          refund: { ...stripePayments.manifest.activities.refund, inProcess: false },
        },
      },
    } as unknown as AnyPlugin;
    expect(manifestProblems(broken)).toEqual(
      expect.arrayContaining([
        'payments.idempotency is missing (how a second create with one externalId finds the first)',
        'payments.collect must list "charge", "send" or both',
        'a payment provider plugin provides the parseWebhook activity',
        "a payment provider's refund is inProcess (its input carries the account's secret)",
      ]),
    );
    const noSection = { ...stripePayments, manifest: { ...stripePayments.manifest, payments: undefined } } as unknown as AnyPlugin;
    expect(manifestProblems(noSection)).toContain(
      'a payments plugin needs a payments section (displayName, credentials, credentialsTest, idempotency, webhook, collect)',
    );
    const wrongKind = { ...stripePayments, manifest: { ...stripePayments.manifest, kind: 'agent' } } as unknown as AnyPlugin;
    expect(manifestProblems(wrongKind)).toContain('only a plugin of kind "payments" declares a payments section');
  });

  it('creates the customer with an Idempotency-Key from its externalId, the same on a second call; updates one it is given', async () => {
    const { ensureCustomer } = activities();
    const input = {
      externalId: 'billing:ws1',
      email: 'Billing@Acme.test',
      name: 'Acme Robotics',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'de' },
      taxId: { type: 'eu_vat', value: 'DE123456789' },
      currency: 'EUR',
    };
    const first = await ensureCustomer(input);
    await ensureCustomer(input);
    expect(first).toEqual({ customer: expect.stringMatching(/^cus_/), created: true });
    const creates = sent('POST', /^\/v1\/customers$/);
    expect(creates).toHaveLength(2);
    for (const request of creates) {
      expect(request.headers['idempotency-key']).toBe(paymentIdempotencyKey('customer', 'billing:ws1'));
      expect(request.status).toBe(200);
      expect(Object.fromEntries(request.form)).toMatchObject({
        email: 'billing@acme.test',
        'metadata[meetflow_id]': 'billing:ws1',
        'address[country]': 'DE',
        'tax_id_data[0][type]': 'eu_vat',
        'tax_id_data[0][value]': 'DE123456789',
      });
    }
    const updated = await ensureCustomer({ ...input, customer: 'cus_existing' });
    expect(updated).toEqual({ customer: 'cus_existing', created: false });
    expect(sent('POST', /^\/v1\/customers\/cus_existing$/)).toHaveLength(1);
    expect(sent('POST', /^\/v1\/customers$/)).toHaveLength(2);
  });

  it("opens Stripe's hosted Checkout page in setup mode: no card field is ever sent or answered", async () => {
    const { createSetupSession } = activities();
    const session = await createSetupSession({
      externalId: 'setup:ws1:1',
      customer: 'cus_123',
      currency: 'eur',
      returnUrl: 'https://app.meetflow.test/billing?setup={SESSION_ID}',
      cancelUrl: 'https://app.meetflow.test/billing',
    });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [request] = sent('POST', /^\/v1\/checkout\/sessions$/);
    expect(Object.fromEntries(request!.form)).toMatchObject({ mode: 'setup', customer: 'cus_123', currency: 'eur' });
    expect(request!.headers['idempotency-key']).toBe('meetflow-setup-setup:ws1:1');
    expect([...request!.form.keys()].some((key) => /card|number|cvc/i.test(key))).toBe(false);
  });

  it("reads the customer's payment method back: its invoices' default, else the one saved last, else none; only brand, last4, expiry", async () => {
    const { getPaymentMethod } = activities();
    recorder.patchNext(/^\/v1\/customers\/cus_123$/, { invoice_settings: { default_payment_method: 'pm_default' } });
    recorder.patchNext(/^\/v1\/payment_methods\/pm_default$/, {
      id: 'pm_default',
      type: 'card',
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2029 },
    });
    expect(await getPaymentMethod({ customer: 'cus_123' })).toEqual({
      paymentMethod: { id: 'pm_default', type: 'card', brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029 },
    });
    expect(sent('GET', /^\/v1\/customers\/cus_123\/payment_methods$/)).toEqual([]);

    // No default: the newest method saved (a setup page attaches one without making it the default).
    recorder.patchNext(/^\/v1\/customers\/cus_456$/, { invoice_settings: { default_payment_method: null } });
    const listed = await getPaymentMethod({ customer: 'cus_456' });
    const [list] = sent('GET', /^\/v1\/customers\/cus_456\/payment_methods$/);
    expect(list!.status).toBe(200);
    const first = (list!.response as { data: Array<{ id: string; type: string; card: Record<string, unknown> }> }).data[0]!;
    expect(listed).toEqual({
      paymentMethod: {
        id: first.id,
        type: first.type,
        brand: first.card.brand,
        last4: first.card.last4,
        expMonth: first.card.exp_month,
        expYear: first.card.exp_year,
      },
    });

    recorder.patchNext(/^\/v1\/customers\/cus_789$/, { invoice_settings: { default_payment_method: null } });
    recorder.patchNext(/^\/v1\/customers\/cus_789\/payment_methods$/, { data: [] });
    expect(await getPaymentMethod({ customer: 'cus_789' })).toEqual({ paymentMethod: null });
  });

  it('creates an invoice of 7 lines whose amounts add up to the cent in integer minor units, keyed by its externalId', async () => {
    const { createInvoice } = activities();
    const input = { externalId: 'invoice:ws1:2026-11', customer: 'cus_123', currency: 'eur', lines: sevenLines, collect: 'send' };
    const invoice = await createInvoice(input);

    const [draft] = sent('POST', /^\/v1\/invoices$/);
    expect(Object.fromEntries(draft!.form)).toMatchObject({
      customer: 'cus_123',
      currency: 'eur',
      collection_method: 'send_invoice',
      days_until_due: '14',
      auto_advance: 'false',
      pending_invoice_items_behavior: 'exclude',
      'metadata[meetflow_id]': 'invoice:ws1:2026-11',
      'metadata[meetflow_lines_total]': '65898',
    });
    const [lines] = sent('POST', /^\/v1\/invoices\/[^/]+\/add_lines$/);
    expect(lines!.status).toBe(200);
    const form = lines!.form;
    const sentLines = sevenLines.map((_, index) => ({
      externalId: form.get(`lines[${index}][metadata][meetflow_id]`),
      quantity: Number(form.get(`lines[${index}][quantity]`)),
      unitAmount: Number(form.get(`lines[${index}][price_data][unit_amount]`)),
      currency: form.get(`lines[${index}][price_data][currency]`),
    }));
    expect(sentLines.map((line) => line.externalId)).toEqual(sevenLines.map((line) => line.externalId));
    expect(sentLines.every((line) => Number.isInteger(line.unitAmount) && line.currency === 'eur')).toBe(true);
    expect(sentLines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0)).toBe(65_898);
    expect(form.has('lines[7][quantity]')).toBe(false);

    // The totals answered are Stripe's (here stripe-mock's fixture amounts), read as integers, never recomputed.
    const answered = lines!.response as { id: string; total: number; subtotal: number; amount_due: number };
    expect(invoice).toMatchObject({
      invoice: answered.id,
      totalMinor: answered.total,
      subtotalMinor: answered.subtotal,
      amountDueMinor: answered.amount_due,
    });
    expect(Number.isInteger(invoice.totalMinor)).toBe(true);

    // The same externalId again (a retry whose answer was lost): the same keys, so Stripe answers the first invoice.
    await createInvoice(input);
    const keys = (path: RegExp) => sent('POST', path).map((request) => request.headers['idempotency-key']);
    expect(keys(/^\/v1\/invoices$/)).toEqual(['meetflow-invoice-invoice:ws1:2026-11', 'meetflow-invoice-invoice:ws1:2026-11']);
    expect(keys(/add_lines$/)).toEqual(['meetflow-invoice-invoice:ws1:2026-11-lines', 'meetflow-invoice-invoice:ws1:2026-11-lines']);
    // Another invoice gets other keys.
    await createInvoice({ ...input, externalId: 'invoice:ws1:2026-12' });
    expect(new Set(keys(/^\/v1\/invoices$/)).size).toBe(2);
  });

  it('refuses an invoice whose lines reuse an id or carry a fractional amount, before calling Stripe', async () => {
    const { createInvoice } = activities();
    const base = { externalId: 'invoice:bad', customer: 'cus_123', currency: 'eur', collect: 'charge' };
    await expect(createInvoice({ ...base, lines: [sevenLines[0], sevenLines[0]] })).rejects.toThrow(/each line has its own externalId/);
    await expect(createInvoice({ ...base, lines: [{ ...sevenLines[0], unitAmountMinor: 49.99 }] })).rejects.toThrow(/int/i);
    expect(recorder.requests).toHaveLength(0);
  });

  it('charges a finalized invoice with automatic collection on (Stripe retries); a declined card leaves it open, not thrown', async () => {
    const { finalizeAndCollect } = activities();
    recorder.patchNext(/^\/v1\/invoices\/in_123$/, { status: 'draft', collection_method: 'charge_automatically' });
    recorder.patchNext(/^\/v1\/invoices\/in_123\/finalize$/, { status: 'open', collection_method: 'charge_automatically' });
    recorder.patchNext(/^\/v1\/invoices\/in_123$/, { status: 'open', auto_advance: true });
    recorder.failNext(cardDeclined('insufficient_funds', 'Your card has insufficient funds.'), 1, /\/pay$/);
    const declined = await finalizeAndCollect({ invoice: 'in_123', externalId: 'collect:invoice:ws1:2026-11' });
    // Stripe reports the decline as invoice.payment_failed (dunning) and tries again itself.
    expect(declined).toMatchObject({ invoice: 'in_123', status: 'open' });
    expect(recorder.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      'GET /v1/invoices/in_123 200',
      'POST /v1/invoices/in_123/finalize 200',
      'POST /v1/invoices/in_123 200',
      'POST /v1/invoices/in_123/pay 402',
    ]);
    expect(sent('POST', /finalize$/)[0]!.form.get('auto_advance')).toBe('false');
    const [automatic] = sent('POST', /^\/v1\/invoices\/in_123$/);
    expect(Object.fromEntries(automatic!.form)).toEqual({ auto_advance: 'true' });
    expect(automatic!.headers['idempotency-key']).toBe('meetflow-collect-collect:invoice:ws1:2026-11-auto');
    expect(sent('POST', /\/pay$/)[0]!.headers['idempotency-key']).toBe('meetflow-collect-collect:invoice:ws1:2026-11-pay');

    // Paid at once: Stripe's answer to the payment.
    recorder.patchNext(/^\/v1\/invoices\/in_ok$/, { status: 'open', collection_method: 'charge_automatically' });
    recorder.patchNext(/\/pay$/, { status: 'paid', amount_paid: 5000, amount_remaining: 0 });
    expect(await finalizeAndCollect({ invoice: 'in_ok', externalId: 'collect:ok' })).toMatchObject({
      status: 'paid',
      amountPaidMinor: 5000,
    });

    // Any other failure of the charge is thrown, as before.
    recorder.patchNext(/^\/v1\/invoices\/in_down$/, { status: 'open', collection_method: 'charge_automatically' });
    recorder.failNext({ status: 401, error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }, 1, /\/pay$/);
    expect((await failureOf(finalizeAndCollect({ invoice: 'in_down', externalId: 'collect:down' }))).type).toBe(
      PAYMENT_FAILURES.authRefused,
    );
  });

  it('holds a charged invoice after finalizing it (its credit notes go first), then charges it on the second call', async () => {
    const { finalizeAndCollect } = activities();
    recorder.patchNext(/^\/v1\/invoices\/in_held$/, { status: 'draft', collection_method: 'charge_automatically' });
    recorder.patchNext(/finalize$/, { status: 'open', collection_method: 'charge_automatically' });
    expect(await finalizeAndCollect({ invoice: 'in_held', externalId: 'collect:held', hold: true })).toMatchObject({ status: 'open' });
    expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/invoices/in_held',
      'POST /v1/invoices/in_held/finalize',
    ]);
    recorder.patchNext(/^\/v1\/invoices\/in_held$/, { status: 'open', collection_method: 'charge_automatically' });
    recorder.patchNext(/\/pay$/, { status: 'paid' });
    expect(await finalizeAndCollect({ invoice: 'in_held', externalId: 'collect:held' })).toMatchObject({ status: 'paid' });
    expect(recorder.requests.slice(2).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/invoices/in_held',
      'POST /v1/invoices/in_held',
      'POST /v1/invoices/in_held/pay',
    ]);
  });

  it("makes the saved method the customer's invoice default: named, else the setup's, else the newest; another customer's setup refused", async () => {
    const { setDefaultPaymentMethod } = activities();
    const defaults = () =>
      sent('POST', /^\/v1\/customers\/cus_123$/).map((request) => request.form.get('invoice_settings[default_payment_method]'));
    expect(await setDefaultPaymentMethod({ customer: 'cus_123', paymentMethod: 'pm_named' })).toEqual({ paymentMethod: 'pm_named' });
    expect(sent('GET', /./)).toEqual([]);

    recorder.patchNext(/^\/v1\/setup_intents\/seti_1$/, { customer: 'cus_123', payment_method: 'pm_from_setup' });
    expect(await setDefaultPaymentMethod({ customer: 'cus_123', setupIntent: 'seti_1' })).toEqual({ paymentMethod: 'pm_from_setup' });

    // stripe-mock's SetupIntent names no method: the customer's newest one (Stripe lists newest first).
    const fallback = await setDefaultPaymentMethod({ customer: 'cus_123', setupIntent: 'seti_mock' });
    const [list] = sent('GET', /^\/v1\/customers\/cus_123\/payment_methods$/);
    const newest = (list!.response as { data: Array<{ id: string }> }).data[0]!.id;
    expect(fallback).toEqual({ paymentMethod: newest });
    expect(defaults()).toEqual(['pm_named', 'pm_from_setup', newest]);

    recorder.patchNext(/^\/v1\/setup_intents\/seti_other$/, { customer: 'cus_other', payment_method: 'pm_other' });
    const refused = await failureOf(setDefaultPaymentMethod({ customer: 'cus_123', setupIntent: 'seti_other' }));
    expect([refused.type, refused.message]).toEqual([
      PAYMENT_FAILURES.refused,
      "setting the default payment method: the setup seti_other is another customer's",
    ]);
    recorder.patchNext(/^\/v1\/customers\/cus_empty\/payment_methods$/, { data: [] });
    const none = await failureOf(setDefaultPaymentMethod({ customer: 'cus_empty', setupIntent: 'seti_mock' }));
    expect(none.message).toBe('setting the default payment method: the customer has saved none');
    expect(defaults()).toHaveLength(3);
    await expect(setDefaultPaymentMethod({ customer: 'cus_123' })).rejects.toThrow(/paymentMethod or setupIntent/);
  });

  it('sends an invoice created to be sent, and collects nothing from one already paid', async () => {
    const { finalizeAndCollect } = activities();
    recorder.patchNext(/^\/v1\/invoices\/in_send$/, { status: 'open', collection_method: 'send_invoice' });
    await finalizeAndCollect({ invoice: 'in_send', externalId: 'collect:a' });
    expect(recorder.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/invoices/in_send',
      'POST /v1/invoices/in_send/send',
    ]);
    recorder.patchNext(/^\/v1\/invoices\/in_paid$/, { status: 'paid', amount_paid: 1000, amount_remaining: 0 });
    const paid = await finalizeAndCollect({ invoice: 'in_paid', externalId: 'collect:b' });
    expect(paid).toMatchObject({ status: 'paid', amountPaidMinor: 1000, amountRemainingMinor: 0 });
    expect(sent('POST', /in_paid/)).toHaveLength(0);
  });

  it('waits out a 429’s Retry-After on its clock and tries again with the same key; a wait too long fails retryable', async () => {
    const { ensureCustomer } = activities({ maxRetryAfterSeconds: 30 });
    recorder.failNext(rateLimited(7));
    const input = { externalId: 'billing:ws2', email: 'a@b.test', name: 'B', currency: 'usd' };
    expect(await ensureCustomer(input)).toMatchObject({ created: true });
    expect(clock.waits).toEqual([7_000]);
    expect(recorder.requests.map((request) => request.status)).toEqual([429, 200]);
    expect(new Set(recorder.requests.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set(['meetflow-customer-billing:ws2']),
    );

    recorder.failNext(rateLimited(120));
    const failure = await failureOf(ensureCustomer(input));
    expect(failure.type).toBe(PAYMENT_FAILURES.unavailable);
    expect(failure.nonRetryable).toBe(false);
    expect(failure.details[0]).toMatchObject({ status: 429, retryAfterSeconds: 120 });
    expect(failure.nextRetryDelay).toBeDefined();
    expect(clock.waits).toEqual([7_000]);
  });

  it('maps a refused key to PaymentAuthRefused, a 5xx after its tries to PaymentUnavailable, and a refused field to PaymentInvalid naming it', async () => {
    const { getInvoice, createInvoice } = activities({ attempts: 2 });
    recorder.failNext({ status: 401, error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
    const auth = await failureOf(getInvoice({ invoice: 'in_1' }));
    expect(auth.type).toBe(PAYMENT_FAILURES.authRefused);
    expect(auth.message).toMatch(/reconnect the account/);

    recorder.failNext({ status: 500, error: { type: 'api_error', message: 'Something went wrong on our end.' } }, 2);
    const down = await failureOf(getInvoice({ invoice: 'in_1' }));
    expect(down.type).toBe(PAYMENT_FAILURES.unavailable);
    expect(clock.waits).toEqual([1_000]);

    recorder.failNext({
      status: 400,
      error: { type: 'invalid_request_error', code: 'parameter_invalid', param: 'currency', message: 'Invalid currency: zzz' },
    });
    const invalid = await failureOf(
      createInvoice({ externalId: 'invoice:x', customer: 'cus_1', currency: 'zzz', lines: [sevenLines[0]], collect: 'charge' }),
    );
    expect(invalid.type).toBe(PAYMENT_FAILURES.invalid);
    expect(invalid.nonRetryable).toBe(true);
    expect(invalid.details[0]).toMatchObject({ status: 400, field: 'currency' });
    expect(invalid.message).toBe('creating the invoice: Stripe refused the field "currency" (400): Invalid currency: zzz');
  });

  it('credits lines of an open invoice, and credits the balance (or refunds) for a paid one', async () => {
    const { creditNote } = activities();
    const note = await creditNote({
      externalId: 'credit:ledger:m7',
      invoice: 'in_open',
      lines: [{ externalId: 'ledger:m7', description: 'Meeting with Gus Ta corrected to no-show', quantity: 1, unitAmountMinor: 4_999 }],
      reason: 'meeting corrected to no-show',
    });
    expect(note.creditNote).toMatch(/^cn_/);
    const [open] = sent('POST', /^\/v1\/credit_notes$/);
    expect(open!.headers['idempotency-key']).toBe('meetflow-credit-note-credit:ledger:m7');
    expect(Object.fromEntries(open!.form)).toMatchObject({
      invoice: 'in_open',
      'lines[0][type]': 'custom_line_item',
      'lines[0][unit_amount]': '4999',
      'lines[0][quantity]': '1',
      'metadata[meetflow_id]': 'credit:ledger:m7',
    });
    expect(open!.form.has('credit_amount') || open!.form.has('refund_amount')).toBe(false);

    recorder.patchNext(/^\/v1\/invoices\/in_paid$/, { status: 'paid' });
    await creditNote({ externalId: 'credit:b', invoice: 'in_paid', amountMinor: 4_999, reason: 'no-show' });
    recorder.patchNext(/^\/v1\/invoices\/in_paid$/, { status: 'paid' });
    await creditNote({ externalId: 'credit:c', invoice: 'in_paid', amountMinor: 2_500, reason: 'goodwill', settle: 'refund' });
    const [, balance, refunded] = sent('POST', /^\/v1\/credit_notes$/);
    expect(Object.fromEntries(balance!.form)).toMatchObject({ amount: '4999', credit_amount: '4999' });
    expect(Object.fromEntries(refunded!.form)).toMatchObject({ amount: '2500', refund_amount: '2500' });
  });

  it("refunds a paid invoice's PaymentIntent once per externalId", async () => {
    const { refund } = activities();
    const paidPayments = {
      object: 'list',
      has_more: false,
      url: '/v1/invoice_payments',
      data: [{ id: 'inpay_1', object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_paid' } }],
    };
    recorder.patchNext(/^\/v1\/invoices\/in_paid$/, { status: 'paid', payments: paidPayments });
    const done = await refund({ externalId: 'refund:1', invoice: 'in_paid', amountMinor: 4_999, reason: 'double booking' });
    expect(done).toMatchObject({ refund: expect.stringMatching(/^re_/), status: 'succeeded' });
    const [request] = sent('POST', /^\/v1\/refunds$/);
    expect(Object.fromEntries(request!.form)).toMatchObject({
      payment_intent: 'pi_paid',
      amount: '4999',
      'metadata[meetflow_id]': 'refund:1',
    });
    expect(request!.headers['idempotency-key']).toBe('meetflow-refund-refund:1');
    // An invoice Stripe holds no payment for (stripe-mock's fixture has none): refused, nothing refunded.
    const none = await failureOf(refund({ externalId: 'refund:2', invoice: 'in_unpaid', reason: 'x' }));
    expect(none.type).toBe(PAYMENT_FAILURES.refused);
    expect(sent('POST', /^\/v1\/refunds$/)).toHaveLength(1);
  });
});

describe('payments-stripe webhooks', () => {
  const secret = 'whsec_meetflow_test_secret';
  const now = Date.parse('2026-11-30T10:00:00Z');
  const t = Math.floor(now / 1000);
  const paid = stripeEvent(
    'evt_paid_1',
    'invoice.paid',
    {
      id: 'in_123',
      object: 'invoice',
      customer: 'cus_123',
      amount_due: 65_898,
      currency: 'eur',
      status: 'paid',
      metadata: { meetflow_id: 'invoice:ws1:2026-11' },
    },
    t - 5,
  );

  async function parse(webhook: { rawBody: string; headers: Record<string, string> }, receivedAt = new Date(now).toISOString()) {
    return activities().parseWebhook({ ...webhook, secret, receivedAt });
  }

  it('accepts a good signature and reads the event, its id kept for the replay check', async () => {
    const parsed = await parse(signStripeWebhook(paid, secret, t));
    expect(parsed).toEqual({
      ok: true,
      event: {
        id: 'evt_paid_1',
        type: 'invoice.paid',
        providerType: 'invoice.paid',
        occurredAt: new Date((t - 5) * 1000).toISOString(),
        invoice: 'in_123',
        invoiceExternalId: 'invoice:ws1:2026-11',
        customer: 'cus_123',
        amountMinor: 65_898,
        currency: 'eur',
        failureReason: null,
      },
    });
  });

  it('reads a failed payment with its reason, a setup-mode Checkout as a saved method, and anything else as ignored', async () => {
    const failed = stripeEvent(
      'evt_failed',
      'invoice.payment_failed',
      {
        id: 'in_9',
        object: 'invoice',
        amount_due: 100,
        currency: 'eur',
        metadata: {},
        last_finalization_error: { message: 'Your card was declined.' },
      },
      t,
    );
    const setup = stripeEvent(
      'evt_setup',
      'checkout.session.completed',
      { id: 'cs_1', object: 'checkout.session', mode: 'setup', customer: 'cus_1', setup_intent: 'seti_1' },
      t,
    );
    const paidCheckout = stripeEvent(
      'evt_pay',
      'checkout.session.completed',
      { id: 'cs_2', object: 'checkout.session', mode: 'payment', customer: 'cus_1', setup_intent: null },
      t,
    );
    const intent = stripeEvent(
      'evt_seti',
      'setup_intent.succeeded',
      { id: 'seti_2', object: 'setup_intent', customer: 'cus_1', payment_method: 'pm_2', status: 'succeeded' },
      t,
    );
    const other = stripeEvent('evt_other', 'customer.updated', { id: 'cus_1', object: 'customer' }, t);
    const read = async (event: Record<string, unknown>) => {
      const parsed = await parse(signStripeWebhook(event, secret, t));
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.event;
    };
    expect(await read(failed)).toMatchObject({
      type: 'invoice.payment_failed',
      failureReason: 'Your card was declined.',
      invoiceExternalId: null,
    });
    expect(await read(setup)).toMatchObject({
      type: 'payment_method.saved',
      customer: 'cus_1',
      setupIntent: 'seti_1',
      paymentMethod: null,
    });
    expect(await read(intent)).toMatchObject({
      type: 'payment_method.saved',
      customer: 'cus_1',
      setupIntent: 'seti_2',
      paymentMethod: 'pm_2',
    });
    expect(await read(paidCheckout)).toMatchObject({ type: 'ignored', providerType: 'checkout.session.completed' });
    expect(await read(other)).toMatchObject({ type: 'ignored', providerType: 'customer.updated' });
  });

  it('refuses a wrong signature, an old or future timestamp, a missing header and a malformed one or body, each with its reason', async () => {
    const refusal = async (webhook: { rawBody: string; headers: Record<string, string> }) => {
      const parsed = await parse(webhook);
      return parsed.ok ? 'accepted' : parsed.refusal;
    };
    expect(await refusal(signStripeWebhook(paid, secret, t, 'whsec_someone_else'))).toBe('bad-signature');
    const tampered = signStripeWebhook(paid, secret, t);
    expect(await refusal({ ...tampered, rawBody: tampered.rawBody.replace('65898', '1') })).toBe('bad-signature');
    expect(await refusal(signStripeWebhook(paid, secret, t - 301))).toBe('too-old');
    expect(await refusal(signStripeWebhook(paid, secret, t - 299))).toBe('accepted');
    expect(await refusal(signStripeWebhook(paid, secret, t + 301))).toBe('too-old');
    expect(await refusal({ rawBody: JSON.stringify(paid), headers: {} })).toBe('missing-signature');
    expect(await refusal({ rawBody: JSON.stringify(paid), headers: { 'stripe-signature': 'garbage' } })).toBe('malformed');
    // Signed correctly, but not an event: a body that is not JSON, and JSON that is no Stripe event.
    const notJson = 'this is not json';
    const signedText = {
      rawBody: notJson,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret, timestamp: t }) },
    };
    expect(await refusal(signedText)).toBe('malformed');
    expect(await refusal(signStripeWebhook({ hello: 'world' }, secret, t))).toBe('malformed');
  });

  it('refuses a replayed event: the sender delivers it twice over HTTP, the receiver acts once', async () => {
    const { parseWebhook } = activities();
    const seen = new Set<string>();
    const firstTime = async (id: string) => (seen.has(id) ? false : (seen.add(id), true));
    const outcomes: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        parseWebhook({ rawBody: Buffer.concat(chunks).toString('utf8'), headers, secret, receivedAt: new Date(now).toISOString() })
          .then((parsed) => refuseReplay(parsed, firstTime))
          .then((result) => {
            outcomes.push(result.ok ? `acted on ${result.event.id}` : `refused: ${result.refusal}`);
            response.writeHead(result.ok || result.refusal === 'replayed' ? 200 : 400).end();
          });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    try {
      const webhook = signStripeWebhook(paid, secret, t);
      expect((await sendStripeWebhook(url, webhook)).status).toBe(200);
      expect((await sendStripeWebhook(url, webhook)).status).toBe(200);
      expect((await sendStripeWebhook(url, signStripeWebhook(paid, 'whsec_wrong', t))).status).toBe(400);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
    expect(outcomes).toEqual(['acted on evt_paid_1', 'refused: replayed', 'refused: bad-signature']);
  });
});
