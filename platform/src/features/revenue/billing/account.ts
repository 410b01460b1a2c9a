import { isDuplicateKey, PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import { ConflictError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { BillingAccountInput, BillingAccountView } from './api-schemas.ts';
import { COUNTRY_CODES } from './countries.ts';
import { billingAccountModel, billingInvoiceModel, type BillingAccount } from './model.ts';

/** The currencies billed: the ledger is kept in US cents, so an invoice in another would need a rate nobody has fixed. */
const BILLED_CURRENCIES = ['USD'] as const;

const viewOf = (account: BillingAccount): BillingAccountView => ({
  billingEmail: account.billingEmail,
  companyName: account.companyName,
  address: {
    line1: account.address.line1,
    line2: account.address.line2 ?? null,
    city: account.address.city,
    postalCode: account.address.postalCode,
    country: account.address.country,
  },
  taxId: account.taxId ?? null,
  currency: account.currency,
  monthlyPrepayMinor: account.monthlyPrepayMinor ?? 0,
  ...(account.prepayMode ? { prepayMode: account.prepayMode } : {}),
  provider: account.provider ?? PAYMENTS_PLUGINS.stripe,
  updatedAt: new Date(account.updatedAt).toISOString(),
});

/** The workspace's billing account, or null when none was saved. */
export async function getBillingAccount(connection: Connection, workspaceId: string): Promise<BillingAccountView | null> {
  const account = await billingAccountModel(connection).findOne({ workspaceId }).lean<BillingAccount>();
  return account ? viewOf(account) : null;
}

/**
 * Saves the workspace's billing account as given (one per workspace: an upsert on its unique
 * index, so a retried or racing save leaves one, as the last one wrote it). Answers the account
 * before and after, for the audit trail. A country code no country has, or a currency other than USD,
 * is refused (422): the request had the shape the API documents.
 */
export async function saveBillingAccount(
  connection: Connection,
  workspaceId: string,
  input: BillingAccountInput,
  updatedBy: string,
): Promise<{ before: BillingAccountView | null; after: BillingAccountView }> {
  if (!COUNTRY_CODES.has(input.address.country))
    throw new UnprocessableError('Invalid request: address.country: is not an ISO 3166-1 country code (two letters such as US or DE)', {
      'address.country': 'is not an ISO 3166-1 country code (two letters such as US or DE)',
    });
  const currency = BILLED_CURRENCIES.find((billed) => billed === input.currency);
  if (!currency)
    throw new UnprocessableError(
      `Invalid request: currency: only ${BILLED_CURRENCIES.join(', ')} is billed for now, not ${input.currency}`,
      { currency: `only ${BILLED_CURRENCIES.join(', ')} is billed for now` },
    );
  const model = billingAccountModel(connection);
  const before = await getBillingAccount(connection, workspaceId);
  if (before && input.provider !== undefined && input.provider !== before.provider) {
    // An unpaid invoice is paid at the provider it was sent through: switching now would leave its payment, webhooks and dunning with nobody.
    const open = await billingInvoiceModel(connection)
      .findOne({ workspaceId, status: { $in: ['issuing', 'open'] } })
      .lean<{ month: string; provider: string }>();
    if (open)
      throw new ConflictError(
        `The invoice for ${open.month} is still unpaid at ${open.provider}: switch the payment provider once it is paid or void.`,
      );
  }
  const fields = {
    billingEmail: input.billingEmail,
    companyName: input.companyName,
    address: input.address,
    taxId: input.taxId || null,
    currency,
    // Left out (a form that does not show it), the pre-pay stays as it was saved; from bids or off, no fixed amount is kept.
    ...(input.monthlyPrepayMinor === undefined ? {} : { monthlyPrepayMinor: input.monthlyPrepayMinor }),
    ...(input.prepayMode === undefined ? {} : { prepayMode: input.prepayMode }),
    ...(input.prepayMode === 'bids' || input.prepayMode === 'off' ? { monthlyPrepayMinor: 0 } : {}),
    ...(input.provider === undefined ? {} : { provider: input.provider }),
    updatedBy,
  };
  const save = () =>
    model
      .findOneAndUpdate(
        { workspaceId },
        {
          $set: fields,
          $setOnInsert: { workspaceId, ...('monthlyPrepayMinor' in fields ? {} : { monthlyPrepayMinor: 0 }) },
          // The amount sent alone means what it always meant (fixed, or off at 0): an earlier mode no longer holds.
          ...(input.prepayMode === undefined && input.monthlyPrepayMinor !== undefined ? { $unset: { prepayMode: 1 } } : {}),
        },
        { upsert: true, returnDocument: 'after', runValidators: true },
      )
      .lean<BillingAccount>();
  let saved: BillingAccount | null;
  try {
    saved = await save();
  } catch (error) {
    // Two first saves raced: the other inserted it, so this one updates it.
    if (!isDuplicateKey(error)) throw error;
    saved = await save();
  }
  if (!saved) throw new Error(`the billing account of "${workspaceId}" was not saved`);
  return { before, after: viewOf(saved) };
}
