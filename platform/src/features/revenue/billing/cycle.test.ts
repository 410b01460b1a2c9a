import { randomBytes } from 'node:crypto';
import { ACROSS_WORKSPACES, paymentIdempotencyKey } from '@meetflow/plugin-sdk';
import type { CloseMonthResult } from '@meetflow/workflows';
import { Context } from '@temporalio/activity';
import { temporal } from '@temporalio/proto';
import { MockActivityEnvironment, TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formLines, intoMonth, monthBack, startBillingTestbed, type BillingTestbed } from '../../../../dev/testing/billing-testbed.ts';
import type { TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import { quietTemporalRuntime } from '../../../../dev/testing/quiet-temporal.ts';
import type { RecordedStripeRequest, StripeRecorder } from '../../../../dev/testing/stripe-recorder.ts';
import { markOutcome } from '../meetings/meetings.ts';
import { callPricing } from '../pricing/pricing.ts';
import { saveBillingAccount } from './account.ts';
import { BillingAccountBody, type InvoiceLine } from './api-schemas.ts';
import { creditBalance, prepayCreditKey, type BillingCredit } from './credits.ts';
import {
  billingCycleActivities,
  billingCycleWorkflowId,
  closeMonth,
  migrateInvoiceIndex,
  resumeBillingCycles,
  startBillingCycle,
  workspaceOfRun,
} from './cycle.ts';
import type { InvoicingDeps } from './invoices.ts';
import { billingAccountModel, billingInvoiceModel } from './model.ts';
import { monthOf, upcomingInvoice } from './upcoming.ts';

// The billing cycle's month close against the real Stripe plugin and stripe-mock (behind the
// recorder: what Meetflow sent is what is checked), called directly for the money; its workflow's
// monthly timer on the time-skipping Temporal server, with the close stood in for.

const EventType = temporal.api.enums.v1.EventType;
let bed: BillingTestbed;
let recorder: StripeRecorder;
let stack: TestPipelineWorker;
let deps: InvoicingDeps;

const closedMonth = monthBack(2);
const startedMonth = monthBack(1);
const PREPAY_MINOR = 25_000;
const CREDITS_MINOR = 10_000;

const sent = (method: string, path: RegExp): RecordedStripeRequest[] => bed.sent(method, path);
const invoices = (workspaceId: string) => bed.invoices(workspaceId);
/** The workspace's credit movements, by key (the store keeps no order among them). */
const credits = (workspaceId: string) =>
  stack.database.collection<BillingCredit>('billing_credits').find({ workspaceId }).sort({ key: 1 }).toArray();
const byKey = <T extends { key: string }>(rows: T[]) => [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** Books and settles one meeting of `workspaceId` in the closed month; answers its id. */
const meeting = async (workspaceId: string, n: number, outcomes: Array<'completed' | 'no-show'>, employees = 120) =>
  (
    await bed.meeting(
      workspaceId,
      { firstName: `Cy${n}`, lastName: 'Kell', company: `Cycle ${n}`, email: `cy${n}@cycle${n}.example`, employeeCount: employees },
      intoMonth(2, n + 1, 9),
      outcomes,
      deps,
    )
  ).meetingId;

const cycleAccount = {
  billingEmail: 'ap@cycle.example',
  companyName: 'Cycle Works Ltd',
  address: { line1: '2 Mill Rd', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' },
};

/** A workspace with a billing account pre-paying PREPAY_MINOR a month, and CREDITS_MINOR left of the closed month's pre-pay. */
async function billedWorkspace(workspaceId: string) {
  await bed.billedWorkspace(workspaceId, { ...cycleAccount, monthlyPrepayMinor: PREPAY_MINOR });
  await bed.prepaid(workspaceId, closedMonth, CREDITS_MINOR);
}

beforeAll(async () => {
  bed = await startBillingTestbed('billing-cycle', { payments: ['stripe'] });
  stack = bed.stack;
  deps = bed.invoicing;
  recorder = bed.recorder!;
}, 120_000);
afterAll(async () => {
  await bed?.stop();
});

describe('migrateInvoiceIndex', () => {
  it('marks the invoices stored before pre-pay as usage and swaps the (workspace, month) index for one with the kind, once', async () => {
    const collection = stack.database.collection('billing_invoices');
    await billingInvoiceModel(stack.database).init();
    await collection.dropIndex('workspaceId_1_month_1_kind_1');
    await collection.createIndex({ workspaceId: 1, month: 1 }, { unique: true });
    await collection.insertOne({ workspaceId: 'migrated', month: '2026-01', status: 'open', lines: [] });
    expect(await migrateInvoiceIndex(stack.database)).toEqual({ marked: 1, dropped: true });
    expect(await collection.findOne({ workspaceId: 'migrated' })).toMatchObject({ kind: 'usage' });
    const keys = (await collection.indexes()).filter((index) => index.unique).map((index) => index.key);
    expect(keys).toEqual([{ workspaceId: 1, month: 1, kind: 1 }]);
    // A month's pre-pay now sits beside its usage invoice; and a second start-up finds nothing to do.
    await collection.insertOne({ workspaceId: 'migrated', month: '2026-01', kind: 'prepay', status: 'open', lines: [] });
    expect(await migrateInvoiceIndex(stack.database)).toEqual({ marked: 0, dropped: false });
    await collection.deleteMany({ workspaceId: 'migrated' });
  });
});

describe('resumeBillingCycles', () => {
  it("starts at start-up the cycle of every workspace's billing account, across workspaces, and keeps a running one", async () => {
    const workspaces = ['resumed-a', 'resumed-b'];
    for (const workspaceId of workspaces)
      await billingAccountModel(stack.database).create({
        workspaceId,
        billingEmail: `ap@${workspaceId}.example`,
        companyName: 'Resumed Ltd',
        address: { line1: '1 Start St', city: 'Leeds', postalCode: 'LS1', country: 'GB' },
        currency: 'USD',
        updatedBy: 'user:test-owner',
      });
    const starter = { client: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
    const started = await resumeBillingCycles(stack.database, starter);
    expect(started).toBe(await billingAccountModel(stack.database).countDocuments({}, ACROSS_WORKSPACES));
    for (const workspaceId of workspaces) {
      const handle = stack.runner.temporal.workflow.getHandle(billingCycleWorkflowId(workspaceId));
      expect((await handle.describe()).status.name).toBe('RUNNING');
    }
    // A second start-up keeps the running cycles (USE_EXISTING), and starts no other.
    const first = await stack.runner.temporal.workflow.getHandle(billingCycleWorkflowId('resumed-a')).describe();
    expect(await resumeBillingCycles(stack.database, starter)).toBe(started);
    expect((await stack.runner.temporal.workflow.getHandle(billingCycleWorkflowId('resumed-a')).describe()).runId).toBe(first.runId);
    for (const workspaceId of workspaces) await stack.runner.temporal.workflow.getHandle(billingCycleWorkflowId(workspaceId)).terminate();
  });
});

describe('closeMonth', () => {
  it('trues up a month of 7 attended, 2 no-shows and a correction against $100 of credits, then pre-pays the next, to the cent', async () => {
    const ws = 'cycled';
    await billedWorkspace(ws);
    for (let n = 0; n < 7; n++) await meeting(ws, n, ['completed'], [20, 120, 500][n % 3]);
    await meeting(ws, 7, ['no-show']);
    await meeting(ws, 8, ['no-show']);
    const corrected = await meeting(ws, 9, ['completed', 'no-show'], 500);
    const ledger = await upcomingInvoice(deps, testRunContext(ws), closedMonth);
    const charges = ledger.lines.filter((line) => line.kind === 'charge');
    const [correction] = ledger.lines.filter((line) => line.kind === 'credit') as [InvoiceLine];
    expect(charges).toHaveLength(8);
    expect(correction.credits).toBe(`${corrected}:charge:1`);
    const standing = charges.filter((line) => line.key !== correction.credits);
    // What the credits pay: the standing charges in order, each in full while they last.
    const expectedDraws: Array<{ key: string; amountMinor: number }> = [];
    let left = CREDITS_MINOR;
    for (const line of standing) {
      const amountMinor = Math.min(line.amountMinor, left);
      if (amountMinor === 0) break;
      expectedDraws.push({ key: line.key, amountMinor });
      left -= amountMinor;
    }
    expect(ledger.prepaid).toEqual({
      balanceMinor: CREDITS_MINOR,
      closed: false,
      draws: expectedDraws,
      drawnMinor: CREDITS_MINOR,
      dueMinor: standing.reduce((sum, line) => sum + line.amountMinor, 0) - CREDITS_MINOR,
    });

    recorder.requests.length = 0;
    const result = await closeMonth(deps, ws, closedMonth);
    expect(result).toEqual({ month: closedMonth, usage: 'issued', prepay: 'issued', balanceMinor: PREPAY_MINOR, note: null });

    // The true-up: a line per charge and per credit as the ledger has them, and the credits applied citing the draws.
    const [usage, prepay] = await invoices(ws);
    const subtotalMinor = charges.reduce((sum, line) => sum + line.amountMinor, 0);
    expect(usage).toMatchObject({
      month: closedMonth,
      kind: 'usage',
      externalId: `invoice:${ws}:${closedMonth}`,
      subtotalMinor,
      creditsMinor: correction.amountMinor - CREDITS_MINOR,
      totalMinor: subtotalMinor + correction.amountMinor - CREDITS_MINOR,
      issuedBy: 'system:billing-cycle',
    });
    expect(usage!.lines.map((line) => [line.kind, line.key, line.amountMinor])).toEqual([
      ...ledger.lines.map((line) => [line.kind, line.key, line.amountMinor]),
      ['credits-applied', `credits-applied:${ws}:${closedMonth}`, -CREDITS_MINOR],
    ]);
    const applied = usage!.lines.at(-1)!;
    for (const draw of expectedDraws) expect(applied.description).toContain(draw.key);
    expect(await credits(ws)).toMatchObject(
      byKey([
        { key: prepayCreditKey(ws, closedMonth), kind: 'prepay', amountMinor: CREDITS_MINOR },
        ...expectedDraws.map((draw) => ({ key: `draw:${draw.key}`, kind: 'draw', amountMinor: -draw.amountMinor, entryKey: draw.key })),
        { key: prepayCreditKey(ws, startedMonth), kind: 'prepay', amountMinor: PREPAY_MINOR },
      ]),
    );

    // At Stripe: the charges on the invoice, the correction and the credits applied as credit notes on it.
    const [usageDraft, prepayDraft] = sent('POST', /^\/v1\/invoices$/);
    expect(usageDraft!.headers['idempotency-key']).toBe(paymentIdempotencyKey('invoice', `invoice:${ws}:${closedMonth}`));
    const [usageLines, prepayLines] = sent('POST', /\/add_lines$/);
    expect(formLines(usageLines!.form, '[price_data][unit_amount]')).toEqual(
      charges.map((line) => ({ id: line.key, amountMinor: line.amountMinor })),
    );
    const notes = sent('POST', /^\/v1\/credit_notes$/);
    expect(notes.map((note) => note.headers['idempotency-key'])).toEqual([
      paymentIdempotencyKey('credit-note', `credit:${correction.key}`),
      paymentIdempotencyKey('credit-note', `credits-applied:${ws}:${closedMonth}`),
    ]);
    expect(notes.map((note) => formLines(note.form, '[unit_amount]'))).toEqual([
      [{ id: correction.key, amountMinor: -correction.amountMinor }],
      [{ id: `credits-applied:${ws}:${closedMonth}`, amountMinor: CREDITS_MINOR }],
    ]);

    // The pre-pay of the month that started: one line, keyed by workspace and month, credited once issued.
    expect(prepay).toMatchObject({
      month: startedMonth,
      kind: 'prepay',
      externalId: `prepay:${ws}:${startedMonth}`,
      totalMinor: PREPAY_MINOR,
    });
    expect(prepay!.lines).toEqual([
      {
        key: `prepay:${ws}:${startedMonth}`,
        kind: 'prepay',
        meetingId: null,
        description: `Meeting credits for ${startedMonth}`,
        amountMinor: PREPAY_MINOR,
      },
    ]);
    expect(prepayDraft!.headers['idempotency-key']).toBe(paymentIdempotencyKey('invoice', `prepay:${ws}:${startedMonth}`));
    expect(formLines(prepayLines!.form, '[price_data][unit_amount]')).toEqual([
      { id: `prepay:${ws}:${startedMonth}`, amountMinor: PREPAY_MINOR },
    ]);
    expect(await creditBalance(stack.database, ws)).toBe(PREPAY_MINOR);
    // The closed month now shows the draws as recorded.
    expect((await upcomingInvoice(deps, testRunContext(ws), closedMonth)).prepaid).toMatchObject({ closed: true, draws: expectedDraws });

    // Run again (a retry after the activity's result was lost): nothing issued, drawn or credited.
    const requests = recorder.requests.length;
    const movements = await credits(ws);
    expect(await closeMonth(deps, ws, closedMonth)).toEqual({ ...result, usage: 'issued-before', prepay: 'issued-before' });
    expect(recorder.requests).toHaveLength(requests);
    expect(await credits(ws)).toEqual(movements);
    expect(await invoices(ws)).toHaveLength(2);
  }, 300_000);

  it('a close killed after its draws draws nothing twice when retried', async () => {
    const ws = 'crashed';
    await billedWorkspace(ws);
    // Three premium meetings: more than the credits pay, so an invoice is due.
    for (let n = 0; n < 3; n++) await meeting(ws, n, ['completed'], 500);
    // Stripe away at the first call after the draws: the attempt fails as a killed worker's would.
    recorder.failNext({ status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } }, 1, /^\/v1\/customers$/);
    await expect(closeMonth(deps, ws, closedMonth)).rejects.toThrow(/Issue the month again/);
    const drawn = (await credits(ws)).filter((credit) => credit.kind === 'draw');
    expect(drawn.reduce((sum, draw) => sum - draw.amountMinor, 0)).toBe(CREDITS_MINOR);
    // Killed before the invoice's lines were written, even: the retry finds the draws, not makes more.
    await stack.database.collection('billing_invoices').deleteMany({ workspaceId: ws });
    const retried = await closeMonth(deps, ws, closedMonth);
    expect(retried).toMatchObject({ usage: 'issued', prepay: 'issued', balanceMinor: PREPAY_MINOR });
    expect((await credits(ws)).filter((credit) => credit.kind === 'draw')).toEqual(drawn);
    const [usage] = await invoices(ws);
    expect(usage!.lines.at(-1)).toMatchObject({ kind: 'credits-applied', amountMinor: -CREDITS_MINOR });
  }, 300_000);

  it('gives a draw back when its charge is corrected to a no-show before the retry writes the invoice', async () => {
    const ws = 'restored';
    await billedWorkspace(ws);
    // Four premium meetings: more than the credits pay even once the first is corrected.
    const first = await meeting(ws, 0, ['completed'], 500);
    for (let n = 1; n < 4; n++) await meeting(ws, n, ['completed'], 500);
    recorder.failNext({ status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } }, 1, /^\/v1\/customers$/);
    await expect(closeMonth(deps, ws, closedMonth)).rejects.toThrow(/Issue the month again/);
    const drawn = (await credits(ws)).filter((credit) => credit.kind === 'draw');
    const firstDraw = drawn.find((draw) => draw.entryKey === `${first}:charge:1`)!;
    expect(firstDraw.amountMinor).toBeLessThan(0);
    // Killed before the invoice was written; meanwhile the first meeting is corrected to a no-show.
    await stack.database.collection('billing_invoices').deleteMany({ workspaceId: ws });
    await markOutcome(deps, testRunContext(ws), first, 'no-show', { reason: 'never joined' });
    expect(await closeMonth(deps, ws, closedMonth)).toMatchObject({ usage: 'issued' });
    const restore = (await credits(ws)).find((credit) => credit.kind === 'restore');
    expect(restore).toMatchObject({ key: `restore:${first}:credit:1`, amountMinor: -firstDraw.amountMinor, entryKey: `${first}:credit:1` });
    // What the corrected charge drew went back and paid the standing ones: the whole $100 is applied to them,
    // and the corrected meeting is credited as a correction, not paid from credits.
    const [usage] = await invoices(ws);
    const standingDraws = (await credits(ws)).filter((credit) => credit.kind === 'draw' && credit.entryKey !== `${first}:charge:1`);
    expect(usage!.lines.map((line) => line.kind)).toEqual(['charge', 'credit', 'charge', 'charge', 'charge', 'credits-applied']);
    expect(standingDraws.reduce((sum, draw) => sum + draw.amountMinor, 0)).toBe(-CREDITS_MINOR);
    expect(usage!.lines.at(-1)!.amountMinor).toBe(-CREDITS_MINOR);
    // Run once more: the restore is not written twice.
    await closeMonth(deps, ws, closedMonth);
    expect((await credits(ws)).filter((credit) => credit.kind === 'restore')).toHaveLength(1);
    expect(await creditBalance(stack.database, ws)).toBe((await credits(ws)).reduce((sum, credit) => sum + credit.amountMinor, 0));
  }, 300_000);

  it('records a month the credits paid in full as covered, and sends nothing for it', async () => {
    const ws = 'covered';
    await billedWorkspace(ws);
    await bed.prepaid(ws, closedMonth, 1_000_000, 'prepay:covered:extra');
    await meeting(ws, 0, ['completed'], 20);
    recorder.requests.length = 0;
    expect(await closeMonth(deps, ws, closedMonth)).toMatchObject({ usage: 'covered', prepay: 'issued' });
    const [usage] = await invoices(ws);
    expect(usage).toMatchObject({ kind: 'usage', status: 'covered', totalMinor: 0, invoice: null });
    // Only the pre-pay went to Stripe.
    expect(sent('POST', /^\/v1\/invoices$/).map((request) => request.headers['idempotency-key'])).toEqual([
      paymentIdempotencyKey('invoice', `prepay:${ws}:${startedMonth}`),
    ]);
  }, 300_000);

  it("issues the new month's pre-pay sized from the bids: a line per slice with its meetings and price, credited once", async () => {
    const ws = 'bid-prepaid';
    await billedWorkspace(ws);
    // Two standard meetings and a premium one in the closed month; the volume slice has none.
    for (const [n, employees] of [120, 120, 500].entries()) await meeting(ws, n, ['completed'], employees);
    await saveBillingAccount(stack.database, ws, BillingAccountBody.parse({ ...cycleAccount, prepayMode: 'bids' }), 'user:test-owner');
    const bid = async (sliceId: string, baseBid: number) =>
      Math.round(
        (
          (await callPricing(deps, 'upsertBid', { sliceId, baseBid, maxDailyMeetings: 5, dailyBudgetCap: 500 }, testRunContext(ws))) as {
            ppm: number;
          }
        ).ppm * 100,
      );
    const price = { premium: await bid('premium', 1.2), standard: await bid('standard', 2), volume: await bid('volume', 1) };
    const usd = (minor: number) => `$${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
    recorder.requests.length = 0;
    expect(await closeMonth(deps, ws, closedMonth)).toMatchObject({ usage: 'issued', prepay: 'issued', note: null });

    const prepay = (await invoices(ws)).find((invoice) => invoice.kind === 'prepay')!;
    const lines = [
      {
        key: `prepay:${ws}:${startedMonth}:premium`,
        kind: 'prepay',
        meetingId: null,
        description: `Meeting credits for ${startedMonth}: Premium Slice, 1 meeting × ${usd(price.premium)}`,
        amountMinor: price.premium,
      },
      {
        key: `prepay:${ws}:${startedMonth}:standard`,
        kind: 'prepay',
        meetingId: null,
        description: `Meeting credits for ${startedMonth}: Standard Slice, 2 meetings × ${usd(price.standard)}`,
        amountMinor: 2 * price.standard,
      },
    ];
    const totalMinor = price.premium + 2 * price.standard;
    expect(prepay).toMatchObject({ month: startedMonth, externalId: `prepay:${ws}:${startedMonth}`, totalMinor, lines });
    const [, prepayLines] = sent('POST', /\/add_lines$/);
    expect(formLines(prepayLines!.form, '[price_data][unit_amount]')).toEqual(
      lines.map((line) => ({ id: line.key, amountMinor: line.amountMinor })),
    );
    expect((await credits(ws)).find((credit) => credit.key === prepayCreditKey(ws, startedMonth))).toMatchObject({
      amountMinor: totalMinor,
    });
    // Retried after the bids changed: the frozen lines stand, nothing is sent or credited again.
    await bid('standard', 3);
    const requests = recorder.requests.length;
    expect(await closeMonth(deps, ws, closedMonth)).toMatchObject({ prepay: 'issued-before' });
    expect(recorder.requests).toHaveLength(requests);
    expect((await invoices(ws)).find((invoice) => invoice.kind === 'prepay')!.lines).toEqual(lines);
  }, 300_000);

  it('notes what a person must fix (no billing account, no Stripe key) and goes on, sending nothing', async () => {
    recorder.requests.length = 0;
    expect(await closeMonth(deps, 'unbilled', closedMonth)).toEqual({
      month: closedMonth,
      usage: 'off',
      prepay: 'none',
      balanceMinor: 0,
      note: expect.stringContaining('no billing account: save one'),
    });
    const keyless = await closeMonth({ ...deps, stripeSecretKey: null }, 'covered', startedMonth);
    expect(keyless).toMatchObject({ usage: 'off', prepay: 'off', note: expect.stringContaining('MEETFLOW_STRIPE_SECRET_KEY') });
    expect(recorder.requests).toEqual([]);
    expect(await stack.database.collection('billing_invoices').countDocuments({ workspaceId: 'unbilled' })).toBe(0);
  });

  it("acts only in its own workflow's workspace: any other run is refused for good", async () => {
    const silent = { logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } };
    const closed: string[] = [];
    const activity = billingCycleActivities(async (workspaceId, month) => {
      closed.push(workspaceId);
      return { month, usage: 'nothing', prepay: 'none', balanceMinor: 0, note: null };
    })['billing.closeMonth'];
    for (const [workflowType, workflowId] of [
      ['calendarSync', 'billing-cycle:victim'],
      ['billingCycle', 'calendar-sync:victim'],
      ['billingCycle', 'billing-cycle:'],
    ] as const) {
      const env = new MockActivityEnvironment({ workflowType, workflowExecution: { workflowId, runId: 'r' } }, silent);
      await expect(env.run(activity, { month: closedMonth })).rejects.toMatchObject({ type: 'NotABillingCycle', nonRetryable: true });
    }
    const own = new MockActivityEnvironment(
      { workflowType: 'billingCycle', workflowExecution: { workflowId: 'billing-cycle:ws-a', runId: 'r' } },
      silent,
    );
    expect(await own.run(async () => workspaceOfRun())).toBe('ws-a');
    await own.run(activity, { month: closedMonth });
    expect(closed).toEqual(['ws-a']);
  });
});

describe('billingCycle', () => {
  let env: TestWorkflowEnvironment;
  let worker: Worker;
  let running: Promise<void>;
  const taskQueue = `billing-cycle-${randomBytes(4).toString('hex')}`;
  /** Every close: the workspace (from the run), the month, and when (workflow time). */
  const closes: Array<{ workspaceId: string; month: string; at: number }> = [];
  const waiting: Array<() => void> = [];
  const closesReach = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (closes.length >= count ? resolve() : waiting.push(check));
      check();
    });

  beforeAll(async () => {
    quietTemporalRuntime();
    env = await TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: inject('temporalTestServer') } },
    });
    worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: { codePath: inject('workflowBundlePath') },
      activities: billingCycleActivities(async (workspaceId, month): Promise<CloseMonthResult> => {
        closes.push({ workspaceId, month, at: Context.current().info.currentAttemptScheduledTimestampMs });
        waiting.splice(0).forEach((check) => check());
        return { month, usage: 'nothing', prepay: 'none', balanceMinor: 0, note: null };
      }),
    });
    running = worker.run();
  }, 60_000);
  afterAll(async () => {
    worker?.shutdown();
    await running;
    await env?.teardown();
  });

  it('sleeps until the next month starts (UTC), closes the month that ended, and continues as new each month', async () => {
    const ws = `ws-${randomBytes(4).toString('hex')}`;
    const starter = { client: env.client, taskQueue };
    await startBillingCycle(starter, ws);
    await startBillingCycle(starter, ws); // a second start (a save, a start-up) joins the running cycle
    const handle = env.client.workflow.getHandle(billingCycleWorkflowId(ws));
    const { runId: firstRun } = await handle.describe();
    const startedAt = await env.currentTimeMs();
    const first = Date.UTC(new Date(startedAt).getUTCFullYear(), new Date(startedAt).getUTCMonth() + 1, 1);
    const second = Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() + 1, 1);
    expect(closes).toEqual([]);
    await env.sleep(second - startedAt + 60_000);
    await closesReach(2);
    expect(closes.map(({ workspaceId, month }) => ({ workspaceId, month }))).toEqual([
      { workspaceId: ws, month: monthOf(new Date(first - 1)) },
      { workspaceId: ws, month: monthOf(new Date(second - 1)) },
    ]);
    expect(closes[0]!.at).toBeGreaterThanOrEqual(first);
    expect(closes[1]!.at).toBeGreaterThanOrEqual(second);
    // The input names no workspace; each month is a run of its own.
    const history = await env.client.workflow.getHandle(billingCycleWorkflowId(ws), firstRun).fetchHistory();
    const [payload] = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads!;
    expect(JSON.parse(Buffer.from(payload!.data!).toString())).toEqual({});
    expect(history.events!.at(-1)!.eventType).toBe(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
    await handle.terminate('test over');
  }, 60_000);
});
