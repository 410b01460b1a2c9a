import type { FakePayPal } from '@meetflow/plugin-payments-paypal/testing';
import { PAYMENTS_PLUGINS, paymentIdempotencyKey } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDbOps } from '../../../../dev/bench/db-ops.ts';
import { intoMonth, startBillingTestbed, monthBack as month, type BillingTestbed } from '../../../../dev/testing/billing-testbed.ts';
import type { TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import type { RecordedStripeRequest, StripeRecorder } from '../../../../dev/testing/stripe-recorder.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { markOutcome } from '../meetings/meetings.ts';
import { callPricing } from '../pricing/pricing.ts';
import type { InvoiceLine } from './api-schemas.ts';
import { creditInvoicedCorrections, markCorrectionsDue } from './corrections.ts';
import { creditBalance, type BillingCredit } from './credits.ts';
import { closeMonth } from './cycle.ts';
import { creditNoteExternalId, issueInvoice, type InvoicingDeps } from './invoices.ts';
import { issuedInvoiceLines } from './invoice-lines.ts';
import { billingAccountModel, type BillingInvoice } from './model.ts';
import { monthPeriod, upcomingInvoice } from './upcoming.ts';

/** What markOutcome does for a no-show: its months marked due, then credited by the correction's own path. */
const correctionPath = async (deps: InvoicingDeps, ws: string, months: string[]) =>
  creditInvoicedCorrections(deps, testRunContext(ws), await markCorrectionsDue(deps, ws, months));

// Charges corrected to a no-show after their month was invoiced (corrections.ts): against the real
// Stripe plugin on stripe-mock (behind the recorder: what Meetflow sent is what is checked) and the
// real PayPal plugin on its fake (which keeps what it is sent), through the correction's own path
// (markOutcome) and the next month's close.

let bed: BillingTestbed;
let recorder: StripeRecorder;
let fake: FakePayPal;
let stack: TestPipelineWorker;
let deps: InvoicingDeps;

const creditNotesSent = (): RecordedStripeRequest[] => bed.sent('POST', /^\/v1\/credit_notes$/);
const usageInvoice = async (workspaceId: string, of: string) =>
  (await stack.database.collection<BillingInvoice>('billing_invoices').findOne({ workspaceId, month: of, kind: 'usage' }))!;
const credits = (workspaceId: string) => stack.database.collection<BillingCredit>('billing_credits').find({ workspaceId }).toArray();
/** Cents of a PayPal amount ("658.98", USD). */
const cents = (value: string) => Math.round(Number(value) * 100);

/** A workspace billed through `provider`, with no pre-pay of its own (the tests give it credits as they need). */
const billedWorkspace = (workspaceId: string, provider: string) =>
  bed.billedWorkspace(workspaceId, {
    billingEmail: 'ap@late.example',
    companyName: 'Late Credit Ltd',
    address: { line1: '4 Late Ln', city: 'York', postalCode: 'YO1 7HH', country: 'GB' },
    monthlyPrepayMinor: 0,
    provider,
  });

/** Books one meeting of `workspaceId` attended `n + 1` days into the month `back` months ago; answers its id and its charge's key. */
async function attended(workspaceId: string, back: number, n: number, employees: number) {
  const { meetingId: id } = await bed.meeting(
    workspaceId,
    {
      firstName: `Lee${back}${n}`,
      lastName: 'Late',
      company: `Late ${back}${n}`,
      email: `lee${back}${n}@late${n}.example`,
      employeeCount: employees,
    },
    intoMonth(back, n + 1, 9),
    ['completed'],
    deps,
  );
  return { id, charge: `${id}:charge:1`, credit: `${id}:credit:1` };
}

/** The month's charge of a meeting, in cents, as the ledger has it. */
async function priceOf(workspaceId: string, of: string, chargeKey: string) {
  const { lines } = await upcomingInvoice(deps, testRunContext(workspaceId), of);
  return (lines.find((line) => line.key === chargeKey) as InvoiceLine).amountMinor;
}

const correct = (workspaceId: string, meetingId: string, using: InvoicingDeps = deps) =>
  markOutcome(using, testRunContext(workspaceId), meetingId, 'no-show', { reason: 'never joined' });

beforeAll(async () => {
  bed = await startBillingTestbed('billing-corrections', { payments: ['stripe', 'paypal'] });
  stack = bed.stack;
  deps = bed.invoicing;
  recorder = bed.recorder!;
  fake = bed.payPal!;
}, 120_000);
afterAll(async () => {
  await bed?.stop();
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
    await correctionPath(deps, ws, [invoiced]);
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
    await Promise.all([closeMonth(deps, ws, month(1)), correctionPath(deps, ws, [invoiced])]);
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
    await bed.prepaid(ws, invoiced, price + 1_000);
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
    await bed.prepaid(ws, month(2), BALANCE);

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

describe("the close's sweep", () => {
  it('reads the ledger and invoice of the one month with a pending correction among twelve issued, and credits it once', async () => {
    const ws = 'late-swept';
    await billedWorkspace(ws, PAYMENTS_PLUGINS.stripe);
    // Twelve issued months, each a meeting attended (the ledger's charge as the attendance writes it).
    const charge = (back: number, outcome: 'completed' | 'no-show') =>
      callPricing(
        deps,
        'chargeMeeting',
        {
          meetingId: `swept-${back}`,
          sliceId: 'premium',
          outcome,
          attendedAt: new Date(intoMonth(back, 1, 9)).toISOString(),
        },
        testRunContext(ws),
      );
    for (let back = 12; back >= 1; back--) {
      await charge(back, 'completed');
      await issueInvoice(deps, testRunContext(ws), month(back), 'user:test-owner');
    }
    // One of them corrected while this server had no Stripe key: pending on its invoice.
    await charge(5, 'no-show');
    const [pending, ...others] = await correctionPath({ ...deps, stripeSecretKey: null }, ws, [month(5)]);
    expect([pending, others]).toEqual([expect.objectContaining({ month: month(5), credited: false, failure: expect.any(Error) }), []]);
    const issued = await usageInvoice(ws, month(5));
    const price = issued.corrections![0]!.amountMinor;

    // The sweep as the close runs it: the ledger and the invoice of that month only, and one credit note.
    recorder.requests.length = 0;
    const sweep = () => creditInvoicedCorrections(deps, systemRunContext(ws, 'billing-cycle'));
    const { result, reads } = await readsOf(sweep);
    expect(result).toEqual([expect.objectContaining({ month: month(5), credited: true, failure: null })]);
    const ledgerReads = reads.filter((read) => /ledger/.test(read.collection));
    expect(ledgerReads.map((read) => read.filter.attendedAt)).toEqual([
      { $gte: new Date(monthPeriod(month(5)).from), $lt: new Date(monthPeriod(month(5)).to) },
    ]);
    const invoiceReads = reads.filter((read) => read.collection === 'billing_invoices');
    expect(invoiceReads.length).toBeGreaterThan(0);
    for (const read of invoiceReads) expect(read.filter).toMatchObject({ workspaceId: ws, month: month(5), kind: 'usage' });
    expect(creditNotesSent().map((request) => request.headers['idempotency-key'])).toEqual([
      paymentIdempotencyKey('credit-note', creditNoteExternalId(`swept-5:credit:1`)),
    ]);
    const credited = await usageInvoice(ws, month(5));
    expect(credited.corrections).toEqual([
      expect.objectContaining({ key: 'swept-5:credit:1', settledAt: expect.any(Date), pendingReason: null }),
    ]);
    expect(credited.totalMinor).toBe(issued.totalMinor - price);

    // Settled, the month is no longer due: the next sweep reads the billing account alone, and the close sends nothing.
    const counter = countDbOps(stack.database);
    expect(await sweep()).toEqual([]);
    expect(counter.stop()).toEqual([{ collection: 'billingaccounts', op: 'findOne', activity: '-', count: 1 }]);
    expect(await closeMonth(deps, ws, month(1))).toMatchObject({ usage: 'issued-before', note: null });
    expect(creditNotesSent()).toHaveLength(1);
    expect(await usageInvoice(ws, month(5))).toEqual(credited);
  }, 300_000);

  it('sweeps every issued month once for an account stored before the marks, then the marked ones only', async () => {
    const ws = 'late-swept';
    const sweep = () => creditInvoicedCorrections(deps, systemRunContext(ws, 'billing-cycle'));
    await billingAccountModel(stack.database).updateOne({ workspaceId: ws }, { $unset: { correctionsDue: 1 } });
    // Corrected with no Stripe key on such an account: pending on its invoice, and no month marked.
    await callPricing(
      deps,
      'chargeMeeting',
      {
        meetingId: 'swept-8',
        sliceId: 'premium',
        outcome: 'no-show',
        attendedAt: new Date(intoMonth(8, 1, 9)).toISOString(),
      },
      testRunContext(ws),
    );
    await correctionPath({ ...deps, stripeSecretKey: null }, ws, [month(8)]);
    expect((await billingAccountModel(stack.database).findOne({ workspaceId: ws }).lean())!.correctionsDue).toBeUndefined();
    recorder.requests.length = 0;
    const { result, reads } = await readsOf(sweep);
    // Every issued month's ledger at once: the new correction credited, the one settled before found settled.
    expect(result).toEqual([
      expect.objectContaining({ month: month(8), credited: true, failure: null }),
      expect.objectContaining({ month: month(5), key: 'swept-5:credit:1', credited: false, failure: null }),
    ]);
    expect(reads.filter((read) => /ledger/.test(read.collection)).map((read) => read.filter.attendedAt)).toEqual([
      { $gte: new Date(monthPeriod(month(12)).from), $lt: new Date(monthPeriod(month(1)).to) },
    ]);
    expect(creditNotesSent().map((request) => request.headers['idempotency-key'])).toEqual([
      paymentIdempotencyKey('credit-note', creditNoteExternalId('swept-8:credit:1')),
    ]);
    // Swept whole once: from now on it reads the marked months only (none).
    expect((await billingAccountModel(stack.database).findOne({ workspaceId: ws }).lean())!.correctionsDue).toEqual([]);
    const counter = countDbOps(stack.database);
    expect(await sweep()).toEqual([]);
    expect(counter.stop()).toEqual([{ collection: 'billingaccounts', op: 'findOne', activity: '-', count: 1 }]);
    expect(creditNotesSent()).toHaveLength(1);
  }, 300_000);

  it("finishes a correction whose path stopped right after the ledger's credit (a crash): its month was marked before", async () => {
    const ws = 'late-swept';
    // What markOutcome does for a no-show, up to the crash: the month marked, then the ledger's credit; never its own credit call.
    await markCorrectionsDue(deps, ws, [month(3)]);
    await callPricing(
      deps,
      'chargeMeeting',
      { meetingId: 'swept-3', sliceId: 'premium', outcome: 'no-show', attendedAt: new Date(intoMonth(3, 1, 9)).toISOString() },
      testRunContext(ws),
    );
    recorder.requests.length = 0;
    expect(await creditInvoicedCorrections(deps, systemRunContext(ws, 'billing-cycle'))).toEqual([
      expect.objectContaining({ month: month(3), credited: true, failure: null }),
    ]);
    expect(creditNotesSent().map((request) => request.headers['idempotency-key'])).toEqual([
      paymentIdempotencyKey('credit-note', creditNoteExternalId('swept-3:credit:1')),
    ]);
    expect((await billingAccountModel(stack.database).findOne({ workspaceId: ws }).lean())!.correctionsDue).toEqual([]);
  }, 300_000);
});

/** What `work` answers, and the database reads it made: each collection call's collection, method and filter (mongoose's operation-start events). */
async function readsOf<T>(work: () => Promise<T>) {
  const reads: Array<{ collection: string; method: string; filter: Record<string, unknown> }> = [];
  const listener = (event: { collectionName: string; method: string; params: unknown[] }) => {
    if (/^(find|findOne|countDocuments|aggregate|distinct)$/.test(event.method))
      reads.push({ collection: event.collectionName, method: event.method, filter: (event.params[0] ?? {}) as Record<string, unknown> });
  };
  stack.database.on('operation-start', listener);
  try {
    return { result: await work(), reads };
  } finally {
    stack.database.off('operation-start', listener);
  }
}
