import { Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { BillingCycleActivities, BillingCycleInput, CloseMonthResult } from '@meetflow/workflows';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import { ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { creditInvoicedCorrections } from './corrections.ts';
import { creditBalance } from './credits.ts';
import { issueInvoice, issuePrepayInvoice, type InvoicingDeps } from './invoices.ts';
import { billingAccountModel, billingInvoiceModel, INVOICE_INDEX } from './model.ts';
import { plannedPrepay } from './prepay.ts';
import { monthPeriod } from './upcoming.ts';

const PREFIX = 'billing-cycle:';
/** Who the cycle's invoices are recorded as issued by. */
export const CYCLE_ISSUER = 'system:billing-cycle';

/** The workflow id of a workspace's billing cycle: one run per workspace (Temporal UI: search this id). */
export const billingCycleWorkflowId = (workspaceId: string) => `${PREFIX}${workspaceId}`;

/**
 * The workspace the month is closed for: its run context's, the workflow execution that called it
 * (a `billingCycle` the platform started as `billing-cycle:<workspace>`), never anything in its
 * input. Any other caller is refused for good, so no run can bill a workspace not its own.
 */
export function workspaceOfRun(): string {
  const { workflowType, workflowExecution } = Context.current().info;
  const id = workflowExecution?.workflowId ?? '';
  if (workflowType !== 'billingCycle' || !id.startsWith(PREFIX) || id.length === PREFIX.length)
    throw ApplicationFailure.create({
      type: 'NotABillingCycle',
      nonRetryable: true,
      message: `a month is closed only in a billingCycle workflow the platform started (called from ${workflowType} ${id})`,
    });
  return id.slice(PREFIX.length);
}

/** The month after a YYYY-MM month. */
const nextMonth = (month: string) => monthPeriod(month).to.slice(0, 7);

/**
 * Closes `month` for the workspace: its true-up (issueInvoice: the month's charges less the
 * pre-paid credits they draw, or `covered` when the credits paid them all), then the pre-pay
 * invoice of the month that starts (plannedPrepay: from the bids or fixed), crediting the balance once it
 * is issued. Idempotent: run again (a retry after a crash) it issues and draws nothing more. What
 * is not the workspace's doing to fix (no billing account, no Stripe key on this server) is
 * answered as `off` with a note, not failed: the next month tries again and a person may issue it.
 */
export async function closeMonth(deps: InvoicingDeps, workspaceId: string, month: string): Promise<CloseMonthResult> {
  const run = systemRunContext(workspaceId, 'billing-cycle');
  const notes: string[] = [];
  // What a person must fix (no billing account, a refused invoice, no Stripe key on this server) is
  // noted and the cycle goes on; anything else (Stripe or the database away) fails the attempt, retried.
  const noted = (error: unknown): void => {
    const settings = error instanceof ServiceUnavailableError && /^Invoices are off/.test(error.message);
    if (!(error instanceof UnprocessableError) && !settings) throw error;
    notes.push((error as Error).message);
  };
  // First the corrections of charges on invoices issued before (corrections.ts): any the correction's
  // own path left pending is credited now, once (only the months it marked due are read), and
  // PayPal's carried ones reach this true-up.
  const corrections = await creditInvoicedCorrections(deps, run);
  for (const { failure } of corrections) if (failure) noted(failure);
  let usage: CloseMonthResult['usage'];
  try {
    const { invoice, created } = await issueInvoice(deps, run, month, CYCLE_ISSUER);
    usage = !created ? 'issued-before' : invoice.status === 'covered' ? 'covered' : 'issued';
  } catch (error) {
    if (error instanceof UnprocessableError && /^Nothing was billed/.test(error.message)) usage = 'nothing';
    else {
      noted(error);
      usage = 'off';
    }
  }
  // Sized as the account says (its bids, a fixed amount, none), or the lines a first attempt froze.
  const planned = await plannedPrepay(deps, run, nextMonth(month));
  let prepay: CloseMonthResult['prepay'] = 'none';
  if (planned.amountMinor > 0) {
    try {
      const { created } = await issuePrepayInvoice(deps, run, nextMonth(month), planned.lines, CYCLE_ISSUER);
      prepay = created ? 'issued' : 'issued-before';
    } catch (error) {
      noted(error);
      prepay = 'off';
    }
  }
  return { month, usage, prepay, balanceMinor: await creditBalance(deps.connection, workspaceId), note: notes.join(' ') || null };
}

/** The billing cycle's activity on the worker, in its run's workspace (`close` is closeMonth, composed by the worker). */
export function billingCycleActivities(
  close: (workspaceId: string, month: string) => Promise<CloseMonthResult>,
  workspaceOf: () => string = workspaceOfRun,
): BillingCycleActivities {
  return { 'billing.closeMonth': ({ month }) => close(workspaceOf(), month) };
}

/** Where the billing cycles are started. */
export interface BillingCycleStarter {
  client: Client;
  taskQueue: string;
}

const input = (): [BillingCycleInput] => [{}];

/** Starts the workspace's billing cycle unless it runs (one per workspace: a second start joins the first). */
export async function startBillingCycle(starter: BillingCycleStarter, workspaceId: string): Promise<void> {
  try {
    await starter.client.workflow.start('billingCycle', {
      taskQueue: starter.taskQueue,
      workflowId: billingCycleWorkflowId(workspaceId),
      args: input(),
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** After a billing account was saved (stored already): its cycle, or a 503 saying it starts with the server's next start. */
export async function startCycleAfterSave(starter: BillingCycleStarter, workspaceId: string): Promise<void> {
  try {
    await startBillingCycle(starter, workspaceId);
  } catch {
    throw new ServiceUnavailableError(
      "The billing account is saved, but its monthly billing cycle could not be started (the workflow service did not answer): it starts with the server's next start.",
    );
  }
}

/** At start-up: the cycle of every workspace with a billing account (a running one is kept). */
export async function resumeBillingCycles(connection: Connection, starter: BillingCycleStarter): Promise<number> {
  // Every workspace's, on purpose: the platform bills each workspace that has an account.
  const accounts = await billingAccountModel(connection)
    .find({}, { workspaceId: 1, _id: 0 }, ACROSS_WORKSPACES)
    .lean<Array<{ workspaceId: string }>>();
  for (const { workspaceId } of accounts) await startBillingCycle(starter, workspaceId);
  return accounts.length;
}

/**
 * At start-up, once: invoices stored before pre-pay are usage invoices, and their unique index on
 * (workspace, month) gives way to (workspace, month, kind), so a month may have its pre-pay and its
 * true-up. Run again it finds nothing to do.
 */
export async function migrateInvoiceIndex(connection: Connection): Promise<{ marked: number; dropped: boolean }> {
  const model = billingInvoiceModel(connection);
  // Mongoose builds the schema's indexes on its own at registration: let it finish first.
  await model.init();
  const { modifiedCount } = await model.collection.updateMany({ kind: { $exists: false } }, { $set: { kind: 'usage' } });
  const indexes = await model.collection.indexes().catch(() => []);
  const old = indexes.find((index) => index.unique && JSON.stringify(index.key) === JSON.stringify({ workspaceId: 1, month: 1 }));
  if (old?.name) await model.collection.dropIndex(old.name);
  await model.collection.createIndex(INVOICE_INDEX, { unique: true });
  return { marked: modifiedCount, dropped: old !== undefined };
}
