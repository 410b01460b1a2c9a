import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import { pauseSending, resumeSending, sendingPauseOf } from '../../email/services.ts';
import { billingDunningModel, billingInvoiceModel, type BillingDunning, type BillingInvoice } from './model.ts';
import { sendNoticeOnce, usd, type NoticeDeps } from './receipts.ts';

/**
 * Failed payments of one invoice before the workspace's outreach is held: Stripe retries a
 * charge on its own schedule (its Smart Retries, or the customer paying on the hosted page) and
 * reports each failure; the third is the last retry. Stripe marking the invoice uncollectible
 * (it gave up) holds it at once.
 */
export const DUNNING_ATTEMPTS = 3;

/** The invoice's dunning record, made on its first failure (one per externalId). */
async function dunningOf(connection: Connection, invoice: BillingInvoice): Promise<void> {
  await billingDunningModel(connection)
    .updateOne(
      { workspaceId: invoice.workspaceId, externalId: invoice.externalId },
      {
        $setOnInsert: {
          workspaceId: invoice.workspaceId,
          externalId: invoice.externalId,
          month: invoice.month,
          failures: [],
          pausedAt: null,
        },
      },
      { upsert: true },
    )
    .catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error; // two first failures raced: the other made it
    });
}

const reasonOf = (invoice: BillingInvoice, why: string) =>
  `the invoice for ${invoice.month}${invoice.number ? ` (${invoice.number})` : ''} is unpaid: ${why}`;

/** Holds the workspace's outreach for this invoice (idempotent) and marks its dunning as the pause's cause. */
async function pauseFor(deps: NoticeDeps, invoice: BillingInvoice, why: string, at: Date): Promise<void> {
  await dunningOf(deps.connection, invoice);
  await billingDunningModel(deps.connection).updateOne(
    { workspaceId: invoice.workspaceId, externalId: invoice.externalId, pausedAt: null },
    { $set: { pausedAt: at } },
  );
  await pauseSending(deps.connection, invoice.workspaceId, 'billing', reasonOf(invoice, why), at);
}

/**
 * One failed payment of `invoice`, reported by the provider's event `eventId` (counted once per
 * event): a notice to the billing email for this attempt (once), and after the last retry the
 * workspace's outreach held. A failure reported after the invoice was paid or voided changes nothing.
 * Answers the attempt's number, or null when nothing was recorded.
 */
export async function recordPaymentFailure(
  deps: NoticeDeps,
  invoice: BillingInvoice,
  failure: { eventId: string; reason: string; at: Date },
): Promise<number | null> {
  if (invoice.status === 'paid' || invoice.status === 'void') return null;
  await dunningOf(deps.connection, invoice);
  const dunning = await billingDunningModel(deps.connection)
    .findOneAndUpdate(
      { workspaceId: invoice.workspaceId, externalId: invoice.externalId, 'failures.event': { $ne: failure.eventId } },
      { $push: { failures: { event: failure.eventId, at: failure.at, reason: failure.reason } } },
      { returnDocument: 'after' },
    )
    .lean<BillingDunning>();
  const stored =
    dunning ??
    (await billingDunningModel(deps.connection)
      .findOne({ workspaceId: invoice.workspaceId, externalId: invoice.externalId })
      .lean<BillingDunning>());
  const attempt = (stored?.failures.findIndex((entry) => entry.event === failure.eventId) ?? -1) + 1;
  if (attempt === 0) return null;
  const last = attempt >= DUNNING_ATTEMPTS;
  if (last) await pauseFor(deps, invoice, `${attempt} payments failed, the last: ${failure.reason}`, failure.at);
  const text = [
    `The payment of ${usd(invoice.totalMinor)} for the invoice for ${invoice.month}${invoice.number ? ` (${invoice.number})` : ''} failed: ${failure.reason}.`,
    '',
    last
      ? `This was attempt ${attempt} of ${DUNNING_ATTEMPTS}: Meetflow has paused sending for this workspace (its review queue keeps working, and held emails go out once the invoice is paid).`
      : `This was attempt ${attempt} of ${DUNNING_ATTEMPTS}: Stripe tries again; after attempt ${DUNNING_ATTEMPTS} fails, Meetflow pauses sending for this workspace until the invoice is paid.`,
    ...(invoice.hostedUrl ? ['', `Pay it or change the card: ${invoice.hostedUrl}`] : []),
  ].join('\n');
  await sendNoticeOnce(
    deps,
    {
      key: `dunning:${invoice.externalId}:${attempt}`,
      workspaceId: invoice.workspaceId,
      kind: 'payment-failed',
      subject: last ? `Payment failed: Meetflow sending is paused (${invoice.month})` : `Payment failed: Meetflow, ${invoice.month}`,
    },
    text,
    failure.at,
  );
  return attempt;
}

/** The provider gave up on the invoice (Stripe's `invoice.marked_uncollectible`): outreach is held as after the last retry. */
export function holdForUncollectible(deps: NoticeDeps, invoice: BillingInvoice, at: Date): Promise<void> {
  return pauseFor(deps, invoice, 'Stripe marked it uncollectible', at);
}

/**
 * After an invoice was paid or voided: its dunning no longer holds anything, and the workspace's
 * outreach resumes unless another of its invoices still does (answers whether it resumed).
 */
export async function releaseHold(connection: Connection, invoice: BillingInvoice): Promise<boolean> {
  await billingDunningModel(connection).updateOne(
    { workspaceId: invoice.workspaceId, externalId: invoice.externalId },
    { $set: { pausedAt: null } },
  );
  const holding = await billingDunningModel(connection)
    .find({ workspaceId: invoice.workspaceId, pausedAt: { $ne: null } }, { externalId: 1 })
    .lean<Array<Pick<BillingDunning, 'externalId'>>>();
  if (holding.length > 0) {
    // An invoice still unpaid keeps the hold, unless it was settled meanwhile (then its record is stale).
    const unsettled = await billingInvoiceModel(connection).countDocuments({
      workspaceId: invoice.workspaceId,
      externalId: { $in: holding.map((entry) => entry.externalId) },
      status: { $nin: ['paid', 'void'] },
    });
    if (unsettled > 0) return false;
  }
  if (!(await sendingPauseOf(connection, invoice.workspaceId))) return false;
  return resumeSending(connection, invoice.workspaceId, 'billing');
}

/** Why the workspace's outreach is held for billing, and each unpaid invoice's failed payments, for the Billing tab and the Email screen. */
export async function dunningStatus(connection: Connection, workspaceId: string) {
  const pause = await sendingPauseOf(connection, workspaceId);
  const records = await billingDunningModel(connection).find({ workspaceId }).sort({ month: -1 }).lean<BillingDunning[]>();
  const invoices = await billingInvoiceModel(connection)
    .find({ workspaceId, externalId: { $in: records.map((record) => record.externalId) } }, { externalId: 1, status: 1 })
    .lean<Array<Pick<BillingInvoice, 'externalId' | 'status'>>>();
  const statusOf = new Map(invoices.map((invoice) => [invoice.externalId, invoice.status]));
  return {
    sendingPaused: pause && pause.cause === 'billing' ? { reason: pause.reason, since: new Date(pause.since).toISOString() } : null,
    invoices: records
      .filter((record) => !['paid', 'void'].includes(statusOf.get(record.externalId) ?? 'paid'))
      .map((record) => ({
        month: record.month,
        status: statusOf.get(record.externalId)!,
        failedPayments: record.failures.length,
        lastFailure: record.failures.at(-1)
          ? { at: new Date(record.failures.at(-1)!.at).toISOString(), reason: record.failures.at(-1)!.reason }
          : null,
        holdsSending: record.pausedAt !== null,
      })),
  };
}
