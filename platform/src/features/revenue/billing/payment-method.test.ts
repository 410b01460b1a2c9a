import { paymentIdempotencyKey } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBilling, intoMonth, monthBack, startBillingTestbed, type BillingTestbed } from '../../../../dev/testing/billing-testbed.ts';
import type { RecordedStripeRequest, StripeRecorder } from '../../../../dev/testing/stripe-recorder.ts';
import { ensureDefaultSlices } from '../pricing/default-slices.ts';
import type { UpcomingInvoice } from './api-schemas.ts';

// The Billing tab's payment method and issued invoice lines, through the real Stripe plugin against
// a real stripe-mock behind the recorder (as invoices.test.ts): stripe-mock is stateless, so what
// is checked is what Meetflow sent, what it stored, and how it read Stripe's answers. The
// workspaces are this file's own (a booking's Temporal workflow id derives from the workspace).

type Role = 'owner' | 'admin' | 'sales-ops' | 'viewer' | 'outsider';

let bed: BillingTestbed;
let recorder: StripeRecorder;
const servers = {} as Record<'keyed' | 'keyless', { url: string }>;
let tokens: Record<Role, string>;

const PUBLIC_URL = 'https://meetflow.acme.example';
const today = new Date();
const billedMonth = monthBack(2);
/** The server's clock: half a minute into this minute, so both setup clicks fall in one minute. */
const now = new Date(Math.floor(today.getTime() / 60_000) * 60_000 + 30_000);
const minute = now.toISOString().slice(0, 16);

const call = (as: Role | null, method: string, path: string, body?: unknown, workspace = 'carded', server = servers.keyed) =>
  callBilling(server, as && tokens[as], method, path, { body, workspace });
const setup = (as: Role | null, workspace = 'carded', server = servers.keyed) =>
  call(as, 'POST', '/api/billing/payment-method/setup', undefined, workspace, server);
const method = (as: Role | null, workspace = 'carded', server = servers.keyed) =>
  call(as, 'GET', '/api/billing/payment-method', undefined, workspace, server);
const sent = (verb: string, path: RegExp): RecordedStripeRequest[] => bed.sent(verb, path);
const storedCustomer = async () =>
  (await bed.stack.database.collection('billingaccounts').findOne({ workspaceId: 'carded' }))?.stripeCustomer as string | null | undefined;

const account = {
  billingEmail: 'ap@carded.example',
  companyName: 'Carded Ltd',
  address: { line1: '2 Quay St', city: 'Cork', postalCode: 'T12', country: 'IE' },
  currency: 'USD',
};

/** Books one meeting of `n`'s prospect in the billed month and reports its outcomes. */
const meeting = (n: number, outcomes: Array<'completed' | 'no-show'>) =>
  bed.meeting(
    'carded',
    { firstName: `Cara${n}`, lastName: 'Dunne', company: `Dunne ${n} Ltd`, email: `cara${n}@dunne${n}.example`, employeeCount: 120 },
    intoMonth(2, n + 1, 9),
    outcomes,
  );

beforeAll(async () => {
  bed = await startBillingTestbed('billing-payment-method', { payments: ['stripe'] });
  recorder = bed.recorder!;
  servers.keyed = await bed.serve({ stripeSecretKey: bed.stripeMock!.secretKey, publicUrl: `${PUBLIC_URL}/`, now: () => now });
  servers.keyless = await bed.serve({ stripeSecretKey: null, publicUrl: PUBLIC_URL });
  tokens = await bed.tokens('carded', ['owner', 'admin', 'sales-ops', 'viewer'], { outsider: 'outsider' });
});
afterAll(async () => {
  await bed?.stop();
});

describe('the payment method', () => {
  it('is opened and read by the right people only; nothing reaches Stripe for the refused', async () => {
    for (const role of ['sales-ops', 'viewer'] as const) {
      const refused = await setup(role);
      expect([refused.status, refused.text]).toEqual([403, expect.stringContaining('admin')]);
    }
    expect((await setup(null)).status).toBe(401);
    expect((await method(null)).status).toBe(401);
    expect((await setup('outsider')).status).toBe(404);
    expect((await method('outsider')).status).toBe(404);
    // No billing account: nothing to make a customer of.
    const noAccount = await setup('admin');
    expect([noAccount.status, noAccount.text]).toEqual([422, expect.stringContaining('no billing account: save one')]);
    // No customer yet: none saved, and Stripe is not asked (a keyless server answers the same).
    expect((await method('viewer')).json()).toEqual({ paymentMethod: null, collection: 'send' });
    expect((await method('viewer', 'carded', servers.keyless)).json()).toEqual({ paymentMethod: null, collection: 'send' });
    expect(recorder.requests).toEqual([]);
  });

  it("opens Stripe's setup page for the workspace's customer, created once, coming back to the Billing tab", async () => {
    expect((await call('admin', 'PUT', '/api/billing/account', account)).status).toBe(200);
    // A server without a Stripe account says which variable to set, and calls nothing.
    const keyless = await setup('owner', 'carded', servers.keyless);
    expect([keyless.status, keyless.text]).toEqual([503, expect.stringContaining('MEETFLOW_STRIPE_SECRET_KEY')]);
    expect(recorder.requests).toEqual([]);
    const first = await setup('admin');
    expect(first.status, first.text).toBe(200);
    const { url } = first.json() as { url: string };
    const [session] = sent('POST', /^\/v1\/checkout\/sessions$/);
    expect(url).toBe((session!.response as { url: string }).url);

    // The customer as invoices make it (keyed billing:<workspace>), its id kept on the account.
    const [created] = sent('POST', /^\/v1\/customers$/);
    expect(created!.headers['idempotency-key']).toBe(paymentIdempotencyKey('customer', 'billing:carded'));
    expect([created!.form.get('email'), created!.form.get('name')]).toEqual(['ap@carded.example', 'Carded Ltd']);
    const customer = await storedCustomer();
    expect(customer).toBe((created!.response as { id: string }).id);
    // Setup mode for that customer; Stripe sends the browser back to the Billing tab; no card field either way.
    expect(Object.fromEntries(session!.form)).toMatchObject({
      mode: 'setup',
      customer,
      currency: 'usd',
      success_url: `${PUBLIC_URL}/pricing?tab=billing&payment-method=saved`,
      cancel_url: `${PUBLIC_URL}/pricing?tab=billing&payment-method=cancelled`,
    });
    expect([...session!.form.keys()].some((key) => /card|number|cvc/i.test(key))).toBe(false);

    // A second click (the same minute): the customer is updated, not made again, and the page is the same one.
    const second = await setup('owner');
    expect(second.status, second.text).toBe(200);
    expect(sent('POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect(sent('POST', new RegExp(`^/v1/customers/${customer}$`))).toHaveLength(1);
    const keys = sent('POST', /^\/v1\/checkout\/sessions$/).map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([
      paymentIdempotencyKey('setup', `setup:carded:${minute}`),
      paymentIdempotencyKey('setup', `setup:carded:${minute}`),
    ]);
  });

  it('shows every member the saved method (brand, last four digits, expiry) and another workspace nothing', async () => {
    const customer = (await storedCustomer())!;
    recorder.patchNext(new RegExp(`^/v1/customers/${customer}$`), { invoice_settings: { default_payment_method: 'pm_carded' } });
    recorder.patchNext(/^\/v1\/payment_methods\/pm_carded$/, {
      id: 'pm_carded',
      type: 'card',
      card: { brand: 'amex', last4: '0005', exp_month: 11, exp_year: 2030 },
    });
    const viewed = await method('viewer');
    expect([viewed.status, viewed.json()]).toEqual([
      200,
      {
        paymentMethod: { id: 'pm_carded', type: 'card', brand: 'amex', last4: '0005', expMonth: 11, expYear: 2030 },
        collection: 'send',
      },
    ]);
    expect(sent('GET', /^\/v1\/payment_methods\/pm_carded$/)).toHaveLength(1);
    // The outsider's own workspace has none; a customer but no Stripe account here: the variable to set.
    expect((await method('outsider', 'outsider')).json()).toEqual({ paymentMethod: null, collection: 'send' });
    const keyless = await method('sales-ops', 'carded', servers.keyless);
    expect([keyless.status, keyless.text]).toEqual([503, expect.stringContaining('MEETFLOW_STRIPE_SECRET_KEY')]);
    // A customer Stripe no longer has: a 422 in Stripe's words.
    recorder.failNext({
      status: 404,
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customer}'` },
    });
    const gone = await method('viewer');
    expect([gone.status, gone.text]).toEqual([422, expect.stringContaining(`No such customer: '${customer}'`)]);
    // Stripe down: a 503 saying to try again, not a 500.
    recorder.failNext({ status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } });
    const down = await method('viewer');
    expect([down.status, down.text]).toEqual([503, expect.stringContaining('Try again')]);
  });
});

describe("an issued invoice's lines", () => {
  it('are the lines as sent, each with its meeting and prospect, a credit negative; every member reads them, no one else', async () => {
    await ensureDefaultSlices(bed.deps, 'carded');
    const kept = await meeting(1, ['completed']);
    const credited = await meeting(2, ['completed', 'no-show']);
    const upcoming = (await call('viewer', 'GET', `/api/billing/upcoming?month=${billedMonth}`)).json() as UpcomingInvoice;
    // The state stripe-mock does not keep: the invoice as created (to be sent), finalized, then sent.
    recorder.patchNext(/^\/v1\/invoices\/[^/]+$/, { status: 'draft', collection_method: 'send_invoice' });
    recorder.patchNext(/\/finalize$/, { status: 'open', collection_method: 'send_invoice' });
    recorder.patchNext(/\/send$/, { status: 'open', collection_method: 'send_invoice' });
    const issued = await call('owner', 'POST', '/api/billing/invoices', { month: billedMonth });
    expect(issued.status, issued.text).toBe(201);

    const answer = await call('viewer', 'GET', `/api/billing/invoices/${billedMonth}/lines`);
    expect(answer.status, answer.text).toBe(200);
    const prospectOf = (id: number, n: number) => ({ id, name: `Cara${n} Dunne`, company: `Dunne ${n} Ltd` });
    expect(answer.json()).toEqual({
      month: billedMonth,
      lines: upcoming.lines.map((line) => ({
        invoiceKind: 'usage',
        key: line.key,
        kind: line.kind,
        meetingId: line.meetingId,
        attendedAt: line.attendedAt,
        prospect: line.meetingId === kept.meetingId ? prospectOf(kept.prospectId, 1) : prospectOf(credited.prospectId, 2),
        description: line.description,
        amountMinor: line.amountMinor,
      })),
    });
    const amounts = (answer.json() as { lines: Array<{ kind: string; amountMinor: number }> }).lines;
    expect(amounts.map((line) => [line.kind, Math.sign(line.amountMinor)])).toEqual([
      ['charge', 1],
      ['charge', 1],
      ['credit', -1],
    ]);

    expect((await call('sales-ops', 'GET', `/api/billing/invoices/${billedMonth}/lines`)).status).toBe(200);
    expect((await call(null, 'GET', `/api/billing/invoices/${billedMonth}/lines`)).status).toBe(401);
    expect((await call('outsider', 'GET', `/api/billing/invoices/${billedMonth}/lines`)).status).toBe(404);
    const elsewhere = await call('outsider', 'GET', `/api/billing/invoices/${billedMonth}/lines`, undefined, 'outsider');
    expect([elsewhere.status, elsewhere.text]).toEqual([404, `No invoice was issued for ${billedMonth}.`]);
    const bad = await call('viewer', 'GET', '/api/billing/invoices/2026-13/lines');
    expect([bad.status, bad.text]).toEqual([400, 'Invalid request: month: must be a month, YYYY-MM']);
  });
});
