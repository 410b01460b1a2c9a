import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import type { SystemMail } from '../../../core/system-mail.ts';
import { billingAccountModel, billingNoticeModel, type BillingAccount, type BillingInvoice, type BillingNotice } from './model.ts';

/** What billing's own emails are sent over: the app's connection and the product's mail channel (password resets' and verifications'). */
export interface NoticeDeps {
  connection: Connection;
  /** The product's mail channel; left out, nothing is sent (and nothing is claimed, so a later delivery sends it). */
  systemMail?: SystemMail | null;
}

/** Dollars and cents of an amount in cents (USD only for now). */
export const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** The billing account's email the notices go to, or null when the workspace has none saved. */
async function billingEmailOf(connection: Connection, workspaceId: string): Promise<string | null> {
  const account = await billingAccountModel(connection).findOne({ workspaceId }, { billingEmail: 1 }).lean<BillingAccount>();
  return account?.billingEmail ?? null;
}

/**
 * Sends one billing email exactly once: its key is claimed in `billing_notices` (a unique index)
 * before the mail channel is called, so a second delivery of the same webhook, or two at once,
 * finds it claimed and sends nothing. When the channel fails, the claim is released and the error
 * thrown, so the webhook answers 503 and the provider's retry sends it. Answers whether it was sent now.
 */
export async function sendNoticeOnce(
  deps: NoticeDeps,
  notice: Pick<BillingNotice, 'key' | 'workspaceId' | 'kind' | 'subject'>,
  text: string,
  at: Date,
): Promise<boolean> {
  const mail = deps.systemMail;
  if (!mail?.configured) return false;
  const to = await billingEmailOf(deps.connection, notice.workspaceId);
  if (!to) return false;
  const notices = billingNoticeModel(deps.connection);
  try {
    await notices.create({ ...notice, to, sentAt: null });
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
  try {
    await mail.send({ to, subject: notice.subject, text });
  } catch (error) {
    await notices.deleteOne({ workspaceId: notice.workspaceId, key: notice.key, sentAt: null });
    throw error;
  }
  await notices.updateOne({ workspaceId: notice.workspaceId, key: notice.key }, { $set: { sentAt: at } });
  return true;
}

const periodOf = (invoice: BillingInvoice) =>
  invoice.number ? `invoice ${invoice.number} (${invoice.month})` : `the invoice for ${invoice.month}`;

/** The receipt of a paid invoice, once per invoice (keyed by its externalId). */
export function sendReceipt(deps: NoticeDeps, invoice: BillingInvoice, paidAt: Date, amountMinor: number | null): Promise<boolean> {
  const paid = amountMinor ?? invoice.totalMinor;
  const text = [
    `We received your payment of ${usd(paid)} for ${periodOf(invoice)}. Thank you.`,
    '',
    `Paid on: ${paidAt.toISOString().slice(0, 10)}`,
    `Lines billed: ${invoice.lines.length} (charges ${usd(invoice.subtotalMinor)}, credits ${usd(invoice.creditsMinor)})`,
    ...(invoice.hostedUrl ? [`The invoice and its receipt: ${invoice.hostedUrl}`] : []),
    ...(invoice.pdfUrl ? [`PDF: ${invoice.pdfUrl}`] : []),
    '',
    'Every line traces to a meeting: PPM Marketplace → Billing in Meetflow.',
  ].join('\n');
  return sendNoticeOnce(
    deps,
    {
      key: `receipt:${invoice.externalId}`,
      workspaceId: invoice.workspaceId,
      kind: 'receipt',
      subject: `Receipt: Meetflow, ${invoice.month}`,
    },
    text,
    paidAt,
  );
}
