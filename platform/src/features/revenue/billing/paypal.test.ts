import { FAKE_PAYPAL_WEBHOOK_ID, type FakePayPal } from '@meetflow/plugin-payments-paypal/testing';
import { ACROSS_WORKSPACES, PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBilling, intoMonth, monthBack, startBillingTestbed, type BillingTestbed } from '../../../../dev/testing/billing-testbed.ts';
import type { TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { memberToken } from '../../../../dev/testing/principal.ts';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import type { SystemMail, SystemMessage } from '../../../core/system-mail.ts';
import type { InvoiceLine } from './api-schemas.ts';
import { closeMonth } from './cycle.ts';
import type { InvoicingDeps } from './invoices.ts';
import { billingAccountModel, billingInvoiceModel, billingWebhookLogModel } from './model.ts';
import { upcomingInvoice } from './upcoming.ts';

// PayPal as a billing account's provider, through the platform: the real PayPal plugin against its
// local fake (written from PayPal's API reference; it keeps the invoices it is sent, so what is
// checked is what PayPal holds), the month's close called directly for the money, and PayPal's
// webhook through the route as the app mounts it, with events the fake signs as PayPal does.

let bed: BillingTestbed;
let fake: FakePayPal;
let stack: TestPipelineWorker;
let deps: InvoicingDeps;
let server: { url: string };
let unconfigured: { url: string };
const mailed: SystemMessage[] = [];
const systemMail: SystemMail = {
  configured: true,
  send: async (message) => {
    mailed.push(message);
  },
  close: () => {},
};
const tokens: Record<string, string> = {};

const closedMonth = monthBack(2);
const startedMonth = monthBack(1);
const PREPAY_MINOR = 25_000;
const CREDITS_MINOR = 10_000;
const WS = 'paypal-billed';

/** Cents of a PayPal amount ("658.98", USD). */
const cents = (value: string) => Math.round(Number(value) * 100);
const invoices = (workspaceId: string) => bed.invoices(workspaceId);

const call = (server: { url: string }, method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
  callBilling(server, options.token, method, path, { body: options.body });
/** A webhook delivered as PayPal delivers it: the fake's signed body and headers. */
const deliver = async (target: { url: string }, webhook: { rawBody: string; headers: Record<string, string> }) => {
  const response = await fetch(`${target.url}/api/billing/webhooks/paypal`, {
    method: 'POST',
    headers: webhook.headers,
    body: webhook.rawBody,
  });
  return { status: response.status, text: await response.text() };
};

/** Books and settles one meeting of `workspaceId` in the closed month; answers its id. */
const meeting = async (workspaceId: string, n: number, outcomes: Array<'completed' | 'no-show'>, employees = 120) =>
  (
    await bed.meeting(
      workspaceId,
      { firstName: `Pia${n}`, lastName: 'Pal', company: `Paid ${n}`, email: `pia${n}@paid${n}.example`, employeeCount: employees },
      intoMonth(2, n + 1, 9),
      outcomes,
      deps,
    )
  ).meetingId;

beforeAll(async () => {
  bed = await startBillingTestbed('billing-paypal', { payments: ['paypal'] });
  stack = bed.stack;
  deps = bed.invoicing;
  fake = bed.payPal!;
  server = await bed.serve({ ...deps, paypalWebhookId: FAKE_PAYPAL_WEBHOOK_ID, systemMail });
  unconfigured = await bed.serve({ ...deps, paypal: null, paypalWebhookId: null });
  tokens.owner = await memberToken(stack.db, WS, 'owner');
  tokens.viewer = await memberToken(stack.db, WS, 'viewer');
}, 120_000);
afterAll(async () => {
  await bed?.stop();
});

describe('PayPal as the billing account’s provider', () => {
  it('trues up the month of 7 attended, 2 no-shows and a correction through PayPal, then pre-pays the next, to the cent', async () => {
    await bed.billedWorkspace(WS, {
      billingEmail: 'ap@paid.example',
      companyName: 'Paid Works Ltd',
      address: { line1: '3 Quay St', city: 'Cork', postalCode: 'T12', country: 'IE' },
      monthlyPrepayMinor: PREPAY_MINOR,
      provider: PAYMENTS_PLUGINS.paypal,
    });
    await bed.prepaid(WS, closedMonth, CREDITS_MINOR);
    for (let n = 0; n < 7; n++) await meeting(WS, n, ['completed'], [20, 120, 500][n % 3]);
    await meeting(WS, 7, ['no-show']);
    await meeting(WS, 8, ['no-show']);
    const corrected = await meeting(WS, 9, ['completed', 'no-show'], 500);
    const ledger = await upcomingInvoice(deps, testRunContext(WS), closedMonth);
    const charges = ledger.lines.filter((line) => line.kind === 'charge');
    const [correction] = ledger.lines.filter((line) => line.kind === 'credit') as [InvoiceLine];
    expect(charges).toHaveLength(8);
    expect(correction.credits).toBe(`${corrected}:charge:1`);
    const subtotalMinor = charges.reduce((sum, line) => sum + line.amountMinor, 0);

    expect(await closeMonth(deps, WS, closedMonth)).toEqual({
      month: closedMonth,
      usage: 'issued',
      prepay: 'issued',
      balanceMinor: PREPAY_MINOR,
      note: null,
    });
    const [usage, prepay] = await invoices(WS);
    expect(usage).toMatchObject({
      provider: PAYMENTS_PLUGINS.paypal,
      kind: 'usage',
      status: 'open',
      subtotalMinor,
      creditsMinor: correction.amountMinor - CREDITS_MINOR,
      totalMinor: subtotalMinor + correction.amountMinor - CREDITS_MINOR,
      creditNotes: [],
    });
    expect(usage!.lines.map((line) => [line.kind, line.amountMinor])).toEqual([
      ...ledger.lines.map((line) => [line.kind, line.amountMinor]),
      ['credits-applied', -CREDITS_MINOR],
    ]);

    // At PayPal: one item per charge to the cent, the correction and the credits as one invoice discount, sent to be paid.
    const held = fake.invoices.get(usage!.invoice!)!;
    expect(held.status).toBe('UNPAID');
    expect(held.detail.reference).toBe(`invoice:${WS}:${closedMonth}`);
    expect(held.items.map((item) => cents(item.unit_amount.value))).toEqual(charges.map((line) => line.amountMinor));
    expect(cents(held.amount.breakdown.discount!.invoice_discount.amount.value)).toBe(CREDITS_MINOR - correction.amountMinor);
    expect(cents(held.amount.value)).toBe(usage!.totalMinor);
    expect(usage!.hostedUrl).toBe(held.detail.metadata.recipient_view_url);
    // The recipient is kept on the account as PayPal's customer, beside (not instead of) a Stripe one.
    const account = await billingAccountModel(stack.database).findOne({ workspaceId: WS }).lean();
    expect([account!.customers?.[PAYMENTS_PLUGINS.paypal], account!.stripeCustomer]).toEqual([usage!.customer, null]);

    // The pre-pay of the month that started: one item at PayPal, no discount.
    expect(prepay).toMatchObject({ provider: PAYMENTS_PLUGINS.paypal, kind: 'prepay', month: startedMonth, totalMinor: PREPAY_MINOR });
    const prepaid = fake.invoices.get(prepay!.invoice!)!;
    expect([
      prepaid.items.map((item) => cents(item.unit_amount.value)),
      prepaid.amount.breakdown.discount,
      cents(prepaid.amount.value),
    ]).toEqual([[PREPAY_MINOR], undefined, PREPAY_MINOR]);

    // Again (a retry after a lost answer): PayPal is sent nothing more.
    const requests = fake.requests.length;
    expect(await closeMonth(deps, WS, closedMonth)).toMatchObject({ usage: 'issued-before', prepay: 'issued-before' });
    expect(fake.requests).toHaveLength(requests);
  }, 300_000);

  it('refuses switching the provider while an invoice is unpaid (409), and shows PayPal saves no payment method', async () => {
    const body = {
      billingEmail: 'ap@paid.example',
      companyName: 'Paid Works Ltd',
      address: { line1: '3 Quay St', city: 'Cork', postalCode: 'T12', country: 'IE' },
      provider: PAYMENTS_PLUGINS.stripe,
    };
    const switched = await call(server, 'PUT', `/api/billing/account?workspace=${WS}`, { token: tokens.owner, body });
    expect([switched.status, switched.text]).toEqual([409, expect.stringContaining('still unpaid at payments-paypal')]);
    const unknown = await call(server, 'PUT', `/api/billing/account?workspace=${WS}`, {
      token: tokens.owner,
      body: { ...body, provider: 'payments-cash' },
    });
    expect([unknown.status, unknown.text]).toEqual([
      400,
      expect.stringContaining('provider: must be one of payments-stripe, payments-paypal'),
    ]);
    expect((await billingAccountModel(stack.database).findOne({ workspaceId: WS }).lean())!.provider).toBe(PAYMENTS_PLUGINS.paypal);
    const method = await call(server, 'GET', `/api/billing/payment-method?workspace=${WS}`, { token: tokens.viewer });
    expect([method.status, method.json()]).toEqual([200, { paymentMethod: null, collection: 'send' }]);
    const setup = await call(server, 'POST', `/api/billing/payment-method/setup?workspace=${WS}`, { token: tokens.owner, body: {} });
    expect([setup.status, setup.text]).toEqual([422, expect.stringContaining("paid on PayPal's own page")]);
  });

  it('marks the invoice paid once from a verified PayPal webhook; a duplicate is refused as replayed, a wrong signature refused and logged', async () => {
    const [usage] = await invoices(WS);
    fake.pay(usage!.invoice!);
    const paidEvent = {
      id: 'WH-PAYPAL-PAID-1',
      event_type: 'INVOICING.INVOICE.PAID',
      create_time: new Date().toISOString(),
      resource: { invoice: fake.invoices.get(usage!.invoice!) },
    };
    // Signed for another webhook id: PayPal's verification says FAILURE, nothing changes, the refusal is logged.
    const forged = await deliver(server, fake.webhook(paidEvent, new Date().toISOString(), { webhookId: 'SOMEONE-ELSES' }));
    expect([forged.status, forged.text]).toEqual([400, expect.stringContaining('Refused (bad-signature)')]);
    expect((await billingInvoiceModel(stack.database).findOne({ workspaceId: WS, kind: 'usage' }).lean())!.status).toBe('open');
    // A server without PayPal's webhook id says which variable to set.
    const off = await deliver(unconfigured, fake.webhook(paidEvent, new Date().toISOString()));
    expect([off.status, off.text]).toEqual([503, expect.stringContaining('MEETFLOW_PAYPAL_WEBHOOK_ID')]);

    const signed = fake.webhook(paidEvent, new Date().toISOString());
    const first = await deliver(server, signed);
    expect([first.status, JSON.parse(first.text)]).toEqual([
      200,
      { outcome: 'applied', message: `the invoice for ${closedMonth} is paid (receipt sent)` },
    ]);
    const again = await deliver(server, signed);
    expect([again.status, JSON.parse(again.text)]).toMatchObject([200, { outcome: 'replayed' }]);
    const stored = await billingInvoiceModel(stack.database).findOne({ workspaceId: WS, kind: 'usage' }).lean();
    expect(stored!.status).toBe('paid');
    expect(mailed.map((message) => [message.to, message.subject])).toEqual([['ap@paid.example', `Receipt: Meetflow, ${closedMonth}`]]);
    const logged = await billingWebhookLogModel(stack.database)
      .find({ provider: PAYMENTS_PLUGINS.paypal }, null, ACROSS_WORKSPACES)
      .sort({ _id: 1 })
      .lean();
    expect(logged.map((entry) => [entry.eventId, entry.outcome, entry.refusal])).toEqual([
      [null, 'refused', 'bad-signature'],
      ['WH-PAYPAL-PAID-1', 'applied', null],
      ['WH-PAYPAL-PAID-1', 'refused', 'replayed'],
    ]);
  });

  it('answers 503 naming the PayPal variables when this server has no PayPal app', async () => {
    const answer = await call(unconfigured, 'POST', `/api/billing/invoices?workspace=${WS}`, {
      token: tokens.owner,
      body: { month: startedMonth },
    });
    expect([answer.status, answer.text]).toEqual([
      503,
      expect.stringContaining('set MEETFLOW_PAYPAL_CLIENT_ID and MEETFLOW_PAYPAL_CLIENT_SECRET'),
    ]);
    const issued = await closeMonth({ ...deps, paypal: null }, WS, startedMonth);
    expect(issued.note).toContain('MEETFLOW_PAYPAL_CLIENT_ID and MEETFLOW_PAYPAL_CLIENT_SECRET');
  });
});
