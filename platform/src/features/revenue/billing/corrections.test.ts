import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { FAKE_PAYPAL_CLIENT, startFakePayPal, type FakePayPal } from '@meetflow/plugin-payments-paypal/testing';
import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';
import { PAYMENTS_PLUGINS, paymentIdempotencyKey } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingTookPlace } from '../../../../dev/testing/meetings.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import { startStripeRecorder, type RecordedStripeRequest, type StripeRecorder } from '../../../../dev/testing/stripe-recorder.ts';
import { startTestStripeMock, type TestStripeMock } from '../../../../dev/testing/stripe-mock.ts';
import { createProspect } from '../../prospecting/prospects/prospects.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { bookMeeting, markOutcome, proposeSlots } from '../meetings/meetings.ts';
import { ensureDefaultSlices } from '../pricing/default-slices.ts';
import { saveBillingAccount } from './account.ts';
import { BillingAccountBody, type InvoiceLine } from './api-schemas.ts';
import { creditInvoicedCorrections } from './corrections.ts';
import { creditBalance, recordCredit, type BillingCredit } from './credits.ts';
import { closeMonth } from './cycle.ts';
import { creditNoteExternalId, issueInvoice, type InvoicingDeps } from './invoices.ts';
import { issuedInvoiceLines } from './invoice-lines.ts';
import type { BillingInvoice } from './model.ts';
import { monthOf, upcomingInvoice } from './upcoming.ts';

// Charges corrected to a no-show after their month was invoiced (corrections.ts): against the real
// Stripe plugin on stripe-mock (behind the recorder: what Meetflow sent is what is checked) and the
// real PayPal plugin on its fake (which keeps what it is sent), through the correction's own path
// (markOutcome) and the next month's close.

let mock: TestStripeMock;
let recorder: StripeRecorder;
let fake: FakePayPal;
let stack: TestPipelineWorker;
let deps: InvoicingDeps;

const today = new Date();
const monthStart = (back: number) => Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1);
const month = (back: number) => monthOf(new Date(monthStart(back)));
const DAY = 86_400_000;

const creditNotesSent = (): RecordedStripeRequest[] =>
  recorder.requests.filter((request) => request.method === 'POST' && /^\/v1\/credit_notes$/.test(request.path));
const usageInvoice = async (workspaceId: string, of: string) =>
  (await stack.database.collection<BillingInvoice>('billing_invoices').findOne({ workspaceId, month: of, kind: 'usage' }))!;
const credits = (workspaceId: string) => stack.database.collection<BillingCredit>('billing_credits').find({ workspaceId }).toArray();
/** Cents of a PayPal amount ("658.98", USD). */
const cents = (value: string) => Math.round(Number(value) * 100);

/** A workspace billed through `provider`, with no pre-pay of its own (the tests give it credits as they need). */
async function billedWorkspace(workspaceId: string, provider: string) {
  await ensureDefaultSlices(deps, workspaceId);
  await saveBillingAccount(
    stack.database,
    workspaceId,
    BillingAccountBody.parse({
      billingEmail: 'ap@late.example',
      companyName: 'Late Credit Ltd',
      address: { line1: '4 Late Ln', city: 'York', postalCode: 'YO1 7HH', country: 'GB' },
      monthlyPrepayMinor: 0,
      provider,
    }),
    'user:test-owner',
  );
}

/** Books one meeting of `workspaceId` attended `n + 1` days into the month `back` months ago; answers its id and its charge's key. */
async function attended(workspaceId: string, back: number, n: number, employees: number) {
  const run = testRunContext(workspaceId);
  const prospect = await createProspect(stack.db, workspaceId, {
    firstName: `Lee${back}${n}`,
    lastName: 'Late',
    company: `Late ${back}${n}`,
    email: `lee${back}${n}@late${n}.example`,
    employeeCount: employees,
  });
  const [, slot] = (await proposeSlots(deps, run, 2)).slots as Array<{ start: string }>;
  const { meeting: booked } = await bookMeeting(deps, run, {
    prospectId: prospect.id,
    prospect: { name: `Lee${back}${n} Late`, email: `lee${back}${n}@late${n}.example` },
    scheduledAt: slot!.start,
  });
  await meetingTookPlace(stack.database, booked.id, Date.now() - (monthStart(back) + (n + 1) * DAY + 9 * 3_600_000));
  await markOutcome(deps, run, booked.id, 'completed');
  return { id: booked.id, charge: `${booked.id}:charge:1`, credit: `${booked.id}:credit:1` };
}

/** The month's charge of a meeting, in cents, as the ledger has it. */
async function priceOf(workspaceId: string, of: string, chargeKey: string) {
  const { lines } = await upcomingInvoice(deps, testRunContext(workspaceId), of);
  return (lines.find((line) => line.key === chargeKey) as InvoiceLine).amountMinor;
}

const correct = (workspaceId: string, meetingId: string, using: InvoicingDeps = deps) =>
  markOutcome(using, testRunContext(workspaceId), meetingId, 'no-show', { reason: 'never joined' });

beforeAll(async () => {
  mock = await startTestStripeMock();
  recorder = await startStripeRecorder(mock.url);
  fake = await startFakePayPal({ now: () => new Date() });
  const payments = [PAYMENTS_PLUGINS.stripe, PAYMENTS_PLUGINS.paypal].map((id) => {
    const plugin = installedPlugins.find((candidate) => candidate.manifest.id === id);
    if (!plugin) throw new Error(`the payments plugin ${id} is not installed`);
    return plugin;
  });
  stack = await startTestPipelineWorker('billing-corrections', [meetingBookingPlugin, ppmPricingPlugin, ...payments], {
    settings: {
      [PAYMENTS_PLUGINS.stripe]: { apiBase: recorder.url, timeoutSeconds: 10, attempts: 1 },
      [PAYMENTS_PLUGINS.paypal]: { apiBase: fake.baseUrl, timeoutSeconds: 10, attempts: 1 },
    },
  });
  deps = {
    host: stack.host,
    connection: stack.database,
    temporal: stack.runner.temporal,
    taskQueue: stack.runner.taskQueue,
    stripeSecretKey: mock.secretKey,
    paypal: FAKE_PAYPAL_CLIENT,
  };
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await recorder?.close();
  await mock?.close();
  await fake?.close();
});

describe('a correction after its month was invoiced, at Stripe', () => {
  it('is one credit note on the issued invoice for exactly its price, recorded there and in its lines, never twice', async () => {
    const ws = 'late-stripe';
    const invoiced = month(2);
    await billedWorkspace(ws, PAYMENTS_PLUGINS.stripe);
    const first = await attended(ws, 2, 0, 500);
    const second = await attended(ws, 2, 1, 120);
    await attended(ws, 2, 2, 20);
    await issueInvoice(deps, testRunContext(ws), invoiced, 'user:test-owner');
    const issued = await usageInvoice(ws, invoiced);
    const price = await priceOf(ws, invoiced, first.charge);

    // The correction's own path: one credit note at Stripe, on the invoice, for the charge's cents, keyed by the ledger entry.
    recorder.requests.length = 0;
    await correct(ws, first.id);
    const [note, ...more] = creditNotesSent();
    expect(more).toEqual([]);
    expect(note!.headers['idempotency-key']).toBe(paymentIdempotencyKey('credit-note', creditNoteExternalId(first.credit)));
    expect([note!.form.get('invoice'), note!.form.get('lines[0][unit_amount]'), note!.form.get('lines[0][quantity]')]).toEqual([
      issued.invoice,
      String(price),
      '1',
    ]);
    const credited = await usageInvoice(ws, invoiced);
    expect(credited.corrections).toEqual([
      expect.objectContaining({
        key: first.credit,
        credits: first.charge,
        amountMinor: price,
        restoredMinor: 0,
        settle: 'credit-note',
        creditNote: expect.any(String),
        pendingReason: null,
        settledAt: expect.any(Date),
      }),
    ]);
    expect(credited.creditNotes).toEqual([credited.corrections![0]!.creditNote]);
    expect([credited.creditsMinor, credited.totalMinor]).toEqual([issued.creditsMinor - price, issued.totalMinor - price]);
    // The lines the Billing tab shows: those sent, then the credit note, negative, with its meeting.
    const { lines } = await issuedInvoiceLines(deps, testRunContext(ws), invoiced);
    expect(lines.map((line) => line.key)).toEqual([...issued.lines.map((line) => line.key), first.credit]);
    expect(lines.at(-1)).toMatchObject({ kind: 'credit-note', meetingId: first.id, amountMinor: -price, attendedAt: expect.any(String) });

    // Again by the same path, and the next month's close sweeping: nothing more is sent or recorded.
    await creditInvoicedCorrections(deps, testRunContext(ws), [invoiced]);
    expect(await closeMonth(deps, ws, month(1))).toMatchObject({ usage: 'nothing', note: null });
    expect(creditNotesSent()).toHaveLength(1);
    expect(await usageInvoice(ws, invoiced)).toEqual(credited);

    // Corrected while this server had no Stripe key: pending on the invoice, nothing sent; then the
    // close's sweep and the correction's path at once credit it once (one key, one record, totals moved once).
    await correct(ws, second.id, { ...deps, stripeSecretKey: null });
    expect(creditNotesSent()).toHaveLength(1);
    const pending = await usageInvoice(ws, invoiced);
    expect(pending.corrections!.at(-1)).toMatchObject({
      key: second.credit,
      settledAt: null,
      pendingReason: expect.stringContaining('MEETFLOW_STRIPE_SECRET_KEY'),
    });
    const secondPrice = await priceOf(ws, invoiced, second.charge);
    await Promise.all([closeMonth(deps, ws, month(1)), creditInvoicedCorrections(deps, testRunContext(ws), [invoiced])]);
    const keys = new Set(
      creditNotesSent()
        .slice(1)
        .map((request) => request.headers['idempotency-key']),
    );
    expect([...keys]).toEqual([paymentIdempotencyKey('credit-note', creditNoteExternalId(second.credit))]);
    const settled = await usageInvoice(ws, invoiced);
    expect(settled.corrections!.map((correction) => [correction.key, correction.settledAt !== null])).toEqual([
      [first.credit, true],
      [second.credit, true],
    ]);
    expect(settled.creditNotes).toHaveLength(2);
    expect(settled.totalMinor).toBe(issued.totalMinor - price - secondPrice);
  }, 300_000);

  it('gives back what pre-paid credits paid of the charge (no Stripe call for a charge they paid in full), the rest a credit note', async () => {
    const ws = 'late-restored';
    const invoiced = month(2);
    await billedWorkspace(ws, PAYMENTS_PLUGINS.stripe);
    const paid = await attended(ws, 2, 0, 500);
    const part = await attended(ws, 2, 1, 500);
    await attended(ws, 2, 2, 500);
    const price = await priceOf(ws, invoiced, paid.charge);
    // Credits pay the first charge in full and 10.00 of the second.
    await recordCredit(stack.database, {
      workspaceId: ws,
      key: `prepay:${ws}:${invoiced}`,
      kind: 'prepay',
      amountMinor: price + 1_000,
      month: invoiced,
      entryKey: null,
    });
    await issueInvoice(deps, testRunContext(ws), invoiced, 'user:test-owner');
    const issued = await usageInvoice(ws, invoiced);
    expect(await creditBalance(stack.database, ws)).toBe(0);

    recorder.requests.length = 0;
    await correct(ws, paid.id);
    expect(recorder.requests).toEqual([]);
    expect((await credits(ws)).find((credit) => credit.kind === 'restore')).toMatchObject({
      key: `restore:${paid.credit}`,
      amountMinor: price,
      entryKey: paid.credit,
    });
    expect(await creditBalance(stack.database, ws)).toBe(price);
    const restored = await usageInvoice(ws, invoiced);
    expect(restored.corrections).toEqual([expect.objectContaining({ key: paid.credit, settle: 'restore', restoredMinor: price })]);
    // Stripe's invoice is as it was, and so are its totals and lines.
    expect([restored.totalMinor, restored.creditNotes]).toEqual([issued.totalMinor, issued.creditNotes]);
    expect((await issuedInvoiceLines(deps, testRunContext(ws), invoiced)).lines).toHaveLength(issued.lines.length);

    // The second: 10.00 back to the credits, the rest of its price a credit note.
    const partPrice = await priceOf(ws, invoiced, part.charge);
    await correct(ws, part.id);
    const [note, ...more] = creditNotesSent();
    expect(more).toEqual([]);
    expect(note!.form.get('lines[0][unit_amount]')).toBe(String(partPrice - 1_000));
    expect(await creditBalance(stack.database, ws)).toBe(price + 1_000);
    expect((await usageInvoice(ws, invoiced)).totalMinor).toBe(issued.totalMinor - (partPrice - 1_000));
    // Swept by the next close: nothing more.
    await closeMonth(deps, ws, month(1));
    expect(creditNotesSent()).toHaveLength(1);
    expect(await creditBalance(stack.database, ws)).toBe(price + 1_000);
  }, 300_000);
});

describe('a correction after its month was invoiced, at PayPal', () => {
  it('refunds a paid invoice for the charge, through the plugin, once', async () => {
    const ws = 'late-paypal-paid';
    const invoiced = month(2);
    await billedWorkspace(ws, PAYMENTS_PLUGINS.paypal);
    const first = await attended(ws, 2, 0, 500);
    await attended(ws, 2, 1, 120);
    await issueInvoice(deps, testRunContext(ws), invoiced, 'user:test-owner');
    const issued = await usageInvoice(ws, invoiced);
    fake.pay(issued.invoice!);
    // As PayPal's INVOICING.INVOICE.PAID webhook records it (webhooks.ts).
    await stack.database.collection('billing_invoices').updateOne({ _id: issued._id }, { $set: { status: 'paid' } });
    const price = await priceOf(ws, invoiced, first.charge);

    await correct(ws, first.id);
    expect(fake.refunds.map((refund) => [refund.amountMinor, refund.requestId])).toEqual([
      [price, paymentIdempotencyKey('credit-note', creditNoteExternalId(first.credit))],
    ]);
    const refunded = await usageInvoice(ws, invoiced);
    expect(refunded.corrections).toEqual([
      expect.objectContaining({ key: first.credit, settle: 'refund', creditNote: fake.refunds[0]!.id, amountMinor: price }),
    ]);
    expect(refunded.totalMinor).toBe(issued.totalMinor - price);
    await closeMonth(deps, ws, month(1));
    expect(fake.refunds).toHaveLength(1);
  }, 300_000);

  it('carries an unpaid invoice’s correction to the next true-ups, capped at their charges, the credits drawn only for the rest', async () => {
    const ws = 'late-paypal-carried';
    await billedWorkspace(ws, PAYMENTS_PLUGINS.paypal);
    // Three months back: invoiced unpaid, then its premium meeting corrected.
    const corrected = await attended(ws, 3, 0, 500);
    await attended(ws, 3, 1, 120);
    await issueInvoice(deps, testRunContext(ws), month(3), 'user:test-owner');
    const original = await usageInvoice(ws, month(3));
    const price = await priceOf(ws, month(3), corrected.charge);
    const requests = fake.requests.length;
    await correct(ws, corrected.id);
    expect(fake.requests).toHaveLength(requests);
    expect((await usageInvoice(ws, month(3))).corrections).toEqual([
      expect.objectContaining({ key: corrected.credit, settle: 'carry', amountMinor: price, settledAt: null }),
    ]);
    expect((await usageInvoice(ws, month(3))).totalMinor).toBe(original.totalMinor);
    const BALANCE = 1_000;
    await recordCredit(stack.database, {
      workspaceId: ws,
      key: `prepay:${ws}:${month(2)}`,
      kind: 'prepay',
      amountMinor: BALANCE,
      month: month(2),
      entryKey: null,
    });

    // Two months back, one small meeting: the carried credit takes all of it, so the month is covered,
    // nothing is sent to PayPal and no credits are drawn.
    const small = await attended(ws, 2, 0, 20);
    const smallPrice = await priceOf(ws, month(2), small.charge);
    expect(smallPrice).toBeLessThan(price);
    const invoicesAtPayPal = fake.invoices.size;
    expect(await closeMonth(deps, ws, month(2))).toMatchObject({ usage: 'covered', balanceMinor: BALANCE });
    const covered = await usageInvoice(ws, month(2));
    expect(covered).toMatchObject({ status: 'covered', subtotalMinor: smallPrice, creditsMinor: -smallPrice, totalMinor: 0 });
    expect(covered.lines.at(-1)).toMatchObject({ key: corrected.credit, kind: 'credit', amountMinor: -smallPrice });
    expect(fake.invoices.size).toBe(invoicesAtPayPal);

    // Last month, two meetings: what is left of the correction, then the credits for what is still due, issued at PayPal.
    await attended(ws, 1, 0, 120);
    await attended(ws, 1, 1, 20);
    const { subtotalMinor } = await upcomingInvoice(deps, testRunContext(ws), month(1));
    const leftMinor = price - smallPrice;
    const drawnMinor = Math.min(BALANCE, subtotalMinor - leftMinor);
    expect(await closeMonth(deps, ws, month(1))).toMatchObject({ usage: 'issued', balanceMinor: BALANCE - drawnMinor });
    const issued = await usageInvoice(ws, month(1));
    expect(issued.lines.filter((line) => line.amountMinor < 0).map((line) => [line.kind, line.amountMinor])).toEqual([
      ['credit', -Math.min(leftMinor, subtotalMinor)],
      ...(drawnMinor > 0 ? [['credits-applied', -drawnMinor]] : []),
    ]);
    expect(issued.totalMinor).toBe(subtotalMinor - Math.min(leftMinor, subtotalMinor) - drawnMinor);
    const held = fake.invoices.get(issued.invoice!)!;
    expect(cents(held.amount.value)).toBe(issued.totalMinor);
    expect(await creditBalance(stack.database, ws)).toBe(BALANCE - drawnMinor);
    // Closed again: nothing more is carried, drawn or sent.
    const sentBefore = fake.requests.length;
    await closeMonth(deps, ws, month(1));
    expect(fake.requests).toHaveLength(sentBefore);
    expect(await creditBalance(stack.database, ws)).toBe(BALANCE - drawnMinor);
  }, 300_000);
});
