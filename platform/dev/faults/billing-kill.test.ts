import { fileURLToPath } from 'node:url';
import { PAYMENTS_PLUGINS, paymentIdempotencyKey } from '@meetflow/plugin-sdk';
import type { CloseMonthResult } from '@meetflow/workflows';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBillingAccount } from '../../src/features/revenue/billing/account.ts';
import { BillingAccountBody } from '../../src/features/revenue/billing/api-schemas.ts';
import { creditBalance, prepayCreditKey, recordCredit, type BillingCredit } from '../../src/features/revenue/billing/credits.ts';
import { billingCycleWorkflowId } from '../../src/features/revenue/billing/cycle.ts';
import type { BillingInvoice } from '../../src/features/revenue/billing/model.ts';
import { monthOf } from '../../src/features/revenue/billing/upcoming.ts';
import type { ChildNode } from '../bench/stack.ts';
import { buildBillingIndexes } from '../testing/billing-testbed.ts';
import { quietTemporalRuntime } from '../testing/quiet-temporal.ts';
import { startStripeRecorder, type StripeRecorder } from '../testing/stripe-recorder.ts';
import { startTestStripeMock, type TestStripeMock } from '../testing/stripe-mock.ts';
import { FAULT_SETUP_MS, faultTimeout, reportFault, startFaultBed, startHttpGate, type FaultBed } from './fault-bed.ts';

// kill -9 of the production worker in the middle of a month's close (billing.closeMonth against
// stripe-mock), at the worst moment for exactly-once: the true-up's draws on the pre-paid credits
// are written and its invoice frozen, and Stripe has the invoice's create but the worker dies
// before it hears the answer. A new worker must finish the same invoice (the same idempotency key),
// drawing nothing twice, then issue the next month's pre-pay and credit it once.
const workspaceId = 'faults-billing-kill';
const today = new Date();
const closedMonth = monthOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)));
const startedMonth = monthOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)));
const CREDITS_MINOR = 10_000;
const PREPAY_MINOR = 25_000;
// Three attended meetings of $50.00 in the closed month: the credits pay two, the third is due.
const CHARGES = [0, 1, 2].map((n) => ({ meetingId: `6a0000000000000000000${n}b1`, amountMinor: 5_000 }));
const usageKey = paymentIdempotencyKey('invoice', `invoice:${workspaceId}:${closedMonth}`);
const prepayKey = paymentIdempotencyKey('invoice', `prepay:${workspaceId}:${startedMonth}`);

let bed: FaultBed;
let mock: TestStripeMock;
let recorder: StripeRecorder;
let gate: Awaited<ReturnType<typeof startHttpGate>>;
let connection: NativeConnection;
let cycleWorker: Worker;
let cycleRunning: Promise<void>;
const cycleQueue = () => `${bed.taskQueue}-cycle`;
/** The production worker's configuration: this server's Stripe key, and the Stripe plugin pointed at the gate. */
const stripeWorker = () => ({
  plugins: { [PAYMENTS_PLUGINS.stripe]: { apiBase: gate.url, timeoutSeconds: 10, attempts: 1 } },
  env: { MEETFLOW_STRIPE_SECRET_KEY: mock.secretKey },
});

const credits = async () =>
  (await bed.database.connection.collection<BillingCredit>('billing_credits').find({ workspaceId }).sort({ key: 1 }).toArray()).map(
    ({ key, kind, amountMinor, entryKey }) => ({ key, kind, amountMinor, entryKey }),
  );
const invoices = () =>
  bed.database.connection.collection<BillingInvoice>('billing_invoices').find({ workspaceId }).sort({ kind: 1 }).toArray();
const invoiceCreates = () =>
  recorder.requests
    .filter((request) => request.method === 'POST' && request.path === '/v1/invoices')
    .map((request) => request.headers['idempotency-key']);

/** The workspace as a month of use leaves it: a billing account pre-paying each month, the month's credits, three charges on the ledger. */
async function billedWorkspace() {
  const { connection: database } = bed.database;
  await buildBillingIndexes(database);
  await saveBillingAccount(
    database,
    workspaceId,
    BillingAccountBody.parse({
      billingEmail: 'ap@killed.example',
      companyName: 'Killed Mid-Close Ltd',
      address: { line1: '2 Mill Rd', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' },
      monthlyPrepayMinor: PREPAY_MINOR,
    }),
    'user:test-owner',
  );
  await recordCredit(database, {
    workspaceId,
    key: prepayCreditKey(workspaceId, closedMonth),
    kind: 'prepay',
    amountMinor: CREDITS_MINOR,
    month: closedMonth,
    entryKey: null,
  });
  // The pricing plugin's ledger rows as its chargeMeeting writes them (no meeting behind them: the close reads the ledger only).
  await database.collection('plugin_ppm_pricing_ledger').insertMany(
    CHARGES.map(({ meetingId, amountMinor }, n) => ({
      workspaceId,
      meetingId,
      sliceId: 'premium',
      key: `${meetingId}:charge:1`,
      seq: 1,
      amountMinor,
      currency: 'USD',
      kind: 'charge',
      attendedAt: new Date(`${closedMonth}-0${n + 2}T10:00:00.000Z`),
      createdAt: new Date(`${closedMonth}-0${n + 2}T11:00:00.000Z`),
    })),
  );
}

beforeAll(async () => {
  quietTemporalRuntime();
  bed = await startFaultBed('billing-kill');
  mock = await startTestStripeMock();
  recorder = await startStripeRecorder(mock.url);
  gate = await startHttpGate(recorder.url);
  await billedWorkspace();
  // The stand-in cycle's worker, in this process: it only orders the close; the production worker runs it.
  const { code } = await bundleWorkflowCode({
    workflowsPath: fileURLToPath(new URL('./billing-close-workflow.ts', import.meta.url)),
    logger: new DefaultLogger('ERROR'),
  });
  connection = await NativeConnection.connect({ address: bed.servers.devstack.temporalAddress });
  cycleWorker = await Worker.create({ connection, taskQueue: cycleQueue(), workflowBundle: { code } });
  cycleRunning = cycleWorker.run();
}, FAULT_SETUP_MS);
afterAll(async () => {
  if (gate) gate.onRequest = null;
  cycleWorker?.shutdown();
  await cycleRunning;
  await connection?.close();
  await bed?.close();
  await gate?.close();
  await recorder?.close();
  await mock?.close();
});

/** Closes the month in the workspace's billing cycle (its workflow id) on the production worker; answers what it did. */
async function closeInCycle(): Promise<CloseMonthResult> {
  const handle = await bed.temporal.workflow.start('billingCycle', {
    taskQueue: cycleQueue(),
    workflowId: billingCycleWorkflowId(workspaceId),
    args: [{ month: closedMonth, taskQueue: bed.taskQueue }],
  });
  return (await handle.result()) as CloseMonthResult;
}

describe('the worker killed (SIGKILL) mid-close, after the draws, as Stripe takes the invoice', () => {
  it(
    'finishes the same invoice on a new worker: one invoice per idempotency key, each draw once, the balance to the cent, the pre-pay once',
    async () => {
      const started = performance.now();
      const first = await bed.startWorker(stripeWorker());
      const killed = new Promise<void>((resolve) => {
        gate.onRequest = (request) => {
          if (request.method !== 'POST' || request.path !== '/v1/invoices' || request.headers['idempotency-key'] !== usageKey) return;
          gate.onRequest = null;
          first.process.kill('SIGKILL'); // then the gate passes the create on: Stripe has it, the worker never hears
          resolve();
        };
      });
      const closed = closeInCycle();
      await killed;
      expect(await first.exited).toBeNull(); // killed by the signal, not exited

      // Where it died: the draws written, the true-up frozen but not issued, no pre-pay yet.
      const drawsAtKill = (await credits()).filter((credit) => credit.kind === 'draw');
      expect(drawsAtKill.map(({ key, amountMinor }) => ({ key, amountMinor }))).toEqual(
        CHARGES.slice(0, 2).map(({ meetingId, amountMinor }) => ({ key: `draw:${meetingId}:charge:1`, amountMinor: -amountMinor })),
      );
      expect((await invoices()).map(({ kind, status }) => ({ kind, status }))).toEqual([{ kind: 'usage', status: 'issuing' }]);
      await expect.poll(invoiceCreates).toEqual([usageKey]); // the gate passed it on: the recorder has Stripe's answer

      const second: ChildNode = await bed.startWorker(stripeWorker());
      expect(await closed).toEqual({ month: closedMonth, usage: 'issued', prepay: 'issued', balanceMinor: PREPAY_MINOR, note: null });

      // At Stripe: the cut-off create sent again under its key (Stripe answers the first invoice), the pre-pay's once.
      expect(invoiceCreates()).toEqual([usageKey, usageKey, prepayKey]);
      const notes = recorder.requests.filter((request) => request.method === 'POST' && request.path === '/v1/credit_notes');
      expect(notes.map((note) => note.headers['idempotency-key'])).toEqual([
        paymentIdempotencyKey('credit-note', `credits-applied:${workspaceId}:${closedMonth}`),
      ]);
      // In the database: the same draws (none twice), the month's true-up and the pre-pay issued, the pre-pay credited once.
      expect(await credits()).toEqual(
        [
          { key: prepayCreditKey(workspaceId, closedMonth), kind: 'prepay', amountMinor: CREDITS_MINOR, entryKey: null },
          ...CHARGES.slice(0, 2).map(({ meetingId, amountMinor }) => ({
            key: `draw:${meetingId}:charge:1`,
            kind: 'draw',
            amountMinor: -amountMinor,
            entryKey: `${meetingId}:charge:1`,
          })),
          { key: prepayCreditKey(workspaceId, startedMonth), kind: 'prepay', amountMinor: PREPAY_MINOR, entryKey: null },
        ].sort((a, b) => (a.key < b.key ? -1 : 1)),
      );
      expect(await creditBalance(bed.database.connection, workspaceId)).toBe(CREDITS_MINOR - CREDITS_MINOR + PREPAY_MINOR);
      const [prepay, usage] = await invoices();
      expect(usage).toMatchObject({
        month: closedMonth,
        kind: 'usage',
        subtotalMinor: 15_000,
        creditsMinor: -CREDITS_MINOR,
        totalMinor: 5_000,
      });
      expect(usage!.status).not.toBe('issuing');
      expect(usage!.lines.at(-1)).toMatchObject({ kind: 'credits-applied', amountMinor: -CREDITS_MINOR });
      expect(prepay).toMatchObject({ month: startedMonth, kind: 'prepay', totalMinor: PREPAY_MINOR });

      // The cycle run again (a retry whose result was lost): nothing sent, drawn or credited.
      const requests = recorder.requests.length;
      const movements = await credits();
      expect(await closeInCycle()).toEqual({
        month: closedMonth,
        usage: 'issued-before',
        prepay: 'issued-before',
        balanceMinor: PREPAY_MINOR,
        note: null,
      });
      expect(recorder.requests).toHaveLength(requests);
      expect(await credits()).toEqual(movements);
      await second.stop();
      reportFault('worker kill -9 mid-close', { seconds: Math.round((performance.now() - started) / 1000) });
    },
    faultTimeout(120_000),
  );
});
