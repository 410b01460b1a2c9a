import { paymentIdempotencyKey } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callBilling,
  formLines,
  intoMonth,
  monthBack,
  startBillingTestbed,
  type BillingTestbed,
} from '../../../../dev/testing/billing-testbed.ts';
import type { RecordedStripeRequest, StripeRecorder } from '../../../../dev/testing/stripe-recorder.ts';
import { ensureDefaultSlices } from '../pricing/default-slices.ts';
import type { IssuedInvoiceView, UpcomingInvoice } from './api-schemas.ts';

// Invoices are issued through the real Stripe plugin against a real stripe-mock, behind the
// plugin's recorder: stripe-mock is stateless (every create answers a fixture), so what is checked
// is what Meetflow sent (lines and amounts to the cent, idempotency keys) and what it stored.
// Its workspaces are its own: a booking's Temporal workflow id is derived from the workspace, and
// Temporal is shared by the test files.

type Role = 'owner' | 'admin' | 'sales-ops' | 'viewer' | 'outsider';

let bed: BillingTestbed;
let recorder: StripeRecorder;
const servers = {} as Record<'keyed' | 'keyless', { url: string }>;
let tokens: Record<Role, string>;

const billedMonth = monthBack(2);
const earlierMonth = monthBack(3);
const currentMonth = monthBack(0);
const nextMonth = monthBack(-1);

const call = (as: Role | null, method: string, path: string, body?: unknown, workspace = 'invoiced', server = servers.keyed) =>
  callBilling(server, as && tokens[as], method, path, { body, workspace });
const issue = (as: Role | null, month: string, workspace = 'invoiced') => call(as, 'POST', '/api/billing/invoices', { month }, workspace);

/** The recorded requests whose method and path match, in order. */
const sent = (method: string, path: RegExp): RecordedStripeRequest[] => bed.sent(method, path);

/** Books and settles one meeting in the month `back` months ago; answers its id. */
const meeting = async (n: number, back: number, outcomes: Array<'completed' | 'no-show'>, employees = 120) =>
  (
    await bed.meeting(
      'invoiced',
      { firstName: `Ivy${n}`, lastName: 'Reed', company: `Firm ${n}`, email: `ivy${n}@firm${n}.example`, employeeCount: employees },
      intoMonth(back, n + 1, 9),
      outcomes,
    )
  ).meetingId;

beforeAll(async () => {
  // One attempt per call: a 5xx fails at once (retrying is the caller's: issuing the month again).
  bed = await startBillingTestbed('billing-invoices', { payments: ['stripe'] });
  recorder = bed.recorder!;
  servers.keyed = await bed.serve({ stripeSecretKey: bed.stripeMock!.secretKey });
  servers.keyless = await bed.serve({ stripeSecretKey: null });
  tokens = await bed.tokens('invoiced', ['owner', 'admin', 'sales-ops', 'viewer'], { outsider: 'outsider' });
  await ensureDefaultSlices(bed.deps, 'invoiced');
});
afterAll(async () => {
  await bed?.stop();
});

describe('POST /api/billing/invoices', () => {
  it('refuses a workspace without a billing account, a month not over, bad input; nothing reaches Stripe', async () => {
    await meeting(0, 3, ['completed']);
    const noAccount = await issue('owner', earlierMonth);
    expect([noAccount.status, noAccount.text]).toEqual([422, expect.stringContaining('no billing account: save one')]);
    for (const month of [currentMonth, nextMonth]) {
      const early = await issue('owner', month);
      expect([early.status, early.text]).toEqual([409, expect.stringContaining('a month is invoiced once it has ended')]);
    }
    const badMonth = await issue('owner', '2026-13');
    expect([badMonth.status, badMonth.text]).toEqual([400, 'Invalid request: month: must be a month, YYYY-MM']);
    const named = await call('owner', 'POST', '/api/billing/invoices', { month: earlierMonth, workspaceId: 'outsider' });
    expect([named.status, named.text]).toEqual([400, 'Invalid request: (body): Unrecognized key: "workspaceId"']);
    expect(recorder.requests).toEqual([]);
    expect(await bed.stack.database.collection('billing_invoices').countDocuments()).toBe(0);
  });

  it('issues the month once: a line per charge to the cent, a credit note per credit, the same invoice on a repeat', async () => {
    const account = {
      billingEmail: 'ap@firm.example',
      companyName: 'Firm Holdings Ltd',
      address: { line1: '1 Quay St', city: 'Dublin', postalCode: 'D01', country: 'IE' },
      currency: 'USD',
    };
    expect((await call('admin', 'PUT', '/api/billing/account', account)).status).toBe(200);
    // A server without a Stripe account says which variable to set, and calls nothing.
    const keyless = await call('admin', 'POST', '/api/billing/invoices', { month: billedMonth }, 'invoiced', servers.keyless);
    expect([keyless.status, keyless.text]).toEqual([503, expect.stringContaining('MEETFLOW_STRIPE_SECRET_KEY')]);
    expect(recorder.requests).toEqual([]);
    // Three attended meetings at two slices, a no-show, and one attended then corrected to a no-show.
    await meeting(1, 2, ['completed'], 20);
    await meeting(2, 2, ['completed'], 120);
    await meeting(3, 2, ['completed'], 500);
    await meeting(4, 2, ['no-show']);
    const corrected = await meeting(5, 2, ['completed', 'no-show'], 500);
    const upcoming = (await call('viewer', 'GET', `/api/billing/upcoming?month=${billedMonth}`)).json() as UpcomingInvoice;
    expect(upcoming.lines.map((line) => line.kind)).toEqual(['charge', 'charge', 'charge', 'charge', 'credit']);

    // The state stripe-mock does not keep: the invoice as created (sent, not charged), finalized, then sent.
    const hostedUrl = 'https://invoice.stripe.com/i/acct_test/meetflow_test';
    recorder.patchNext(/^\/v1\/invoices\/[^/]+$/, { status: 'draft', collection_method: 'send_invoice' });
    recorder.patchNext(/\/finalize$/, { status: 'open', collection_method: 'send_invoice', number: 'MF-0001' });
    recorder.patchNext(/\/send$/, {
      status: 'open',
      collection_method: 'send_invoice',
      number: 'MF-0001',
      hosted_invoice_url: hostedUrl,
      invoice_pdf: `${hostedUrl}/pdf`,
    });
    const first = await issue('owner', billedMonth);
    expect(first.status, first.text).toBe(201);
    const { invoice } = first.json() as { invoice: IssuedInvoiceView; created: boolean };
    const externalId = `invoice:invoiced:${billedMonth}`;

    // The customer, once, from the billing account.
    const [customer] = sent('POST', /^\/v1\/customers$/);
    expect(customer!.headers['idempotency-key']).toBe(paymentIdempotencyKey('customer', 'billing:invoiced'));
    expect([customer!.form.get('email'), customer!.form.get('name'), customer!.form.get('address[country]')]).toEqual([
      'ap@firm.example',
      'Firm Holdings Ltd',
      'IE',
    ]);
    // The draft, sent to be paid, then one add_lines call with a line per charge, keyed by its ledger entry.
    const [draft] = sent('POST', /^\/v1\/invoices$/);
    expect(draft!.headers['idempotency-key']).toBe(paymentIdempotencyKey('invoice', externalId));
    expect([draft!.form.get('collection_method'), draft!.form.get('metadata[meetflow_id]'), draft!.form.get('currency')]).toEqual([
      'send_invoice',
      externalId,
      'usd',
    ]);
    const [added] = sent('POST', /\/add_lines$/);
    const charges = upcoming.lines.filter((line) => line.kind === 'charge');
    expect(formLines(added!.form, '[price_data][unit_amount]')).toEqual(
      charges.map((line) => ({ id: line.key, amountMinor: line.amountMinor })),
    );
    expect(sent('POST', /\/finalize$/)).toHaveLength(1);
    expect(sent('POST', /\/send$/)).toHaveLength(1);
    // The credit: a credit note on the finalized invoice, of exactly the charge it cancels.
    const [note] = sent('POST', /^\/v1\/credit_notes$/);
    const credit = upcoming.lines.find((line) => line.kind === 'credit')!;
    expect(credit.credits).toBe(`${corrected}:charge:1`);
    expect(note!.headers['idempotency-key']).toBe(paymentIdempotencyKey('credit-note', `credit:${credit.key}`));
    expect(formLines(note!.form, '[unit_amount]')).toEqual([{ id: credit.key, amountMinor: -credit.amountMinor }]);
    // Sent to the cent: the charges less the credit are the ledger's total for the month.
    const sentMinor =
      formLines(added!.form, '[price_data][unit_amount]').reduce((sum, line) => sum + line.amountMinor, 0) -
      formLines(note!.form, '[unit_amount]').reduce((sum, line) => sum + line.amountMinor, 0);
    expect(sentMinor).toBe(upcoming.totalMinor);
    expect(invoice).toEqual({
      month: billedMonth,
      kind: 'usage',
      provider: 'payments-stripe',
      status: 'open',
      currency: 'USD',
      lines: 5,
      subtotalMinor: upcoming.subtotalMinor,
      creditsMinor: upcoming.creditsMinor,
      totalMinor: upcoming.totalMinor,
      number: 'MF-0001',
      hostedUrl,
      pdfUrl: `${hostedUrl}/pdf`,
      issuedAt: expect.any(String),
    });
    expect(upcoming.creditsMinor).toBe(-charges.at(-1)!.amountMinor);

    // Again, and twice at once: the stored invoice, and nothing more is sent to Stripe.
    const requests = recorder.requests.length;
    const again = await Promise.all([issue('owner', billedMonth), issue('admin', billedMonth)]);
    expect(again.map((answer) => [answer.status, answer.json()])).toEqual([
      [200, { invoice, created: false }],
      [200, { invoice, created: false }],
    ]);
    expect(recorder.requests).toHaveLength(requests);
    expect(await bed.stack.database.collection('billing_invoices').countDocuments({ workspaceId: 'invoiced', month: billedMonth })).toBe(1);
    // The issue is audited with the invoice; a repeat that changed nothing has no before and after.
    const audited = await bed.stack.db.auditEntries
      .find({ workspaceId: 'invoiced', action: 'POST /api/billing/invoices' })
      .sort({ _id: 1 })
      .lean();
    expect(audited[0]).toMatchObject({ before: null, after: { month: billedMonth, totalMinor: upcoming.totalMinor } });
  });

  it('finishes the same invoice after Stripe failed mid-way, and two clicks at once send the same keys', async () => {
    recorder.requests.length = 0;
    recorder.failNext({ status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } }, 1, /\/finalize$/);
    const failed = await issue('admin', earlierMonth);
    expect([failed.status, failed.text]).toEqual([503, expect.stringContaining('Issue the month again')]);
    expect((await bed.stack.database.collection('billing_invoices').findOne({ month: earlierMonth }))?.status).toBe('issuing');
    // Retried by two clicks at once: whichever finishes first issues it, the other finishes it too or answers it.
    const both = await Promise.all([issue('admin', earlierMonth), issue('owner', earlierMonth)]);
    for (const answer of both) expect([200, 201], answer.text).toContain(answer.status);
    const [one, other] = both.map((answer) => (answer.json() as { invoice: IssuedInvoiceView }).invoice);
    expect({ ...one, issuedAt: null }).toEqual({ ...other, issuedAt: null });
    expect(await bed.stack.database.collection('billing_invoices').countDocuments({ workspaceId: 'invoiced', month: earlierMonth })).toBe(
      1,
    );
    // Every create of this invoice, first attempt and retries alike, carried the one key of its kind.
    const keys = (path: RegExp) => new Set(sent('POST', path).map((request) => request.headers['idempotency-key']));
    expect(keys(/^\/v1\/invoices$/)).toEqual(new Set([paymentIdempotencyKey('invoice', `invoice:invoiced:${earlierMonth}`)]));
    expect(keys(/\/add_lines$/)).toEqual(new Set([`${paymentIdempotencyKey('invoice', `invoice:invoiced:${earlierMonth}`)}-lines`]));
    const lineSets = new Set(sent('POST', /\/add_lines$/).map((request) => request.form.toString()));
    expect(lineSets.size).toBe(1);
    // The customer was created once, then only updated.
    expect(sent('POST', /^\/v1\/customers$/)).toEqual([]);
    const list = (await call('viewer', 'GET', '/api/billing/invoices')).json() as { invoices: IssuedInvoiceView[] };
    expect(list.invoices.map((entry) => [entry.month, entry.lines])).toEqual([
      [billedMonth, 5],
      [earlierMonth, 1],
    ]);
    expect(list.invoices[1]!.status).not.toBe('issuing');
  });

  it('is for owners and admins of the workspace only; every member lists the invoices, another workspace none', async () => {
    const before = recorder.requests.length;
    for (const role of ['sales-ops', 'viewer'] as const) {
      const refused = await issue(role, billedMonth);
      expect([refused.status, refused.text]).toEqual([403, expect.stringContaining('admin')]);
    }
    expect((await issue(null, billedMonth)).status).toBe(401);
    expect((await issue('outsider', billedMonth)).status).toBe(404);
    expect((await call('outsider', 'GET', '/api/billing/invoices')).status).toBe(404);
    expect((await call(null, 'GET', '/api/billing/invoices')).status).toBe(401);
    expect((await call('outsider', 'GET', '/api/billing/invoices', undefined, 'outsider')).json()).toEqual({ invoices: [] });
    const outsiderIssue = await issue('outsider', billedMonth, 'outsider');
    expect([outsiderIssue.status, outsiderIssue.text]).toEqual([422, expect.stringContaining('no billing account')]);
    expect(recorder.requests).toHaveLength(before);
    for (const role of ['sales-ops', 'viewer'] as const)
      expect(((await call(role, 'GET', '/api/billing/invoices')).json() as { invoices: unknown[] }).invoices).toHaveLength(2);
  });
});
