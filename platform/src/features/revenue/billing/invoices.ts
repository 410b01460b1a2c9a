import {
  bindActivities,
  creditNoteSchema,
  INVOICE_LINES_LIMIT,
  invoiceViewSchema,
  isDuplicateKey,
  isPaymentFailure,
  PAYMENT_FAILURES,
  PAYMENTS_PLUGINS,
  paymentCustomerSchema,
  type ActivityContext,
  type BoundActivity,
  type HttpClient,
  type InvoiceView,
  type Logger,
} from '@meetflow/plugin-sdk';
import { ConflictError, ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import type { IssuedInvoiceView } from './api-schemas.ts';
import { billingAccountModel, billingInvoiceModel, type BillingAccount, type BillingInvoice, type IssuedLine } from './model.ts';
import { monthPeriod, upcomingInvoice } from './upcoming.ts';

/** The payments plugin invoices are issued through (the only one with a platform-level account so far). */
export const STRIPE_PLUGIN = PAYMENTS_PLUGINS.stripe;
/** Where this server's Stripe secret key comes from. */
export const STRIPE_KEY_VARIABLE = 'MEETFLOW_STRIPE_SECRET_KEY';
/** Days a sent invoice gives the customer to pay. */
const DAYS_UNTIL_DUE = 14;

/** What issuing invoices is built over: the plugins (the ledger, Stripe), the app's connection, and this server's Stripe key. */
export type InvoicingDeps = PluginApiDeps & {
  /** The secret key of the Stripe account Meetflow bills through (MEETFLOW_STRIPE_SECRET_KEY); null: none is issued. */
  stripeSecretKey?: string | null;
  now?: () => Date;
};

/** The externalId of a workspace's invoice for a month: Stripe's idempotency keys for it are derived from it. */
export const invoiceExternalId = (workspaceId: string, month: string) => `invoice:${workspaceId}:${month}`;
/** The externalId of the credit note for one credit line (its ledger entry). */
export const creditNoteExternalId = (entryKey: string) => `credit:${entryKey}`;

// Stripe is called in this process (its inputs carry the secret key), reaching Stripe through its own package.
const NO_HTTP: HttpClient = {
  request: (url) => Promise.reject(new Error(`the payments plugin is not given an HTTP client (asked for ${url})`)),
};
const SILENT: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const inProcess = (): Omit<ActivityContext, 'run'> => ({
  heartbeat: () => {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});

/** The Stripe plugin's activities bound in this process with the server's settings for it. */
function stripeActivities(deps: InvoicingDeps): Record<string, BoundActivity> {
  const plugin = deps.host.plugins.find((candidate) => candidate.manifest.id === STRIPE_PLUGIN);
  if (!plugin)
    throw new ServiceUnavailableError(`Invoices are off: the Stripe payments plugin (${STRIPE_PLUGIN}) is not installed on this server.`);
  return bindActivities(
    plugin,
    {
      config: deps.host.config(STRIPE_PLUGIN),
      db: {} as never,
      http: NO_HTTP,
      logger: SILENT,
      clock: { now: () => new Date() },
      llm: null,
    },
    inProcess,
  );
}

/** A payments failure as the client is told it: Stripe down or the server's key refused are 503s, a refused request a 422 in Stripe's words. */
function failureOf(error: unknown): unknown {
  if (!isPaymentFailure(error)) return error;
  if (error.type === PAYMENT_FAILURES.unavailable)
    return new ServiceUnavailableError(`${error.message}. Issue the month again: the invoice is finished, never made twice.`);
  if (error.type === PAYMENT_FAILURES.authRefused)
    return new ServiceUnavailableError(`Stripe refused this server's key (${STRIPE_KEY_VARIABLE}): ${error.message}`);
  return new UnprocessableError(error.message);
}

const viewOf = (invoice: BillingInvoice): IssuedInvoiceView => ({
  month: invoice.month,
  provider: invoice.provider,
  status: invoice.status,
  currency: invoice.currency,
  lines: invoice.lines.length,
  subtotalMinor: invoice.subtotalMinor,
  creditsMinor: invoice.creditsMinor,
  totalMinor: invoice.totalMinor,
  number: invoice.number,
  hostedUrl: invoice.hostedUrl,
  pdfUrl: invoice.pdfUrl,
  issuedAt: invoice.issuedAt ? new Date(invoice.issuedAt).toISOString() : null,
});

/** The workspace's issued invoices, the latest month first. */
export async function listInvoices(deps: Pick<PluginApiDeps, 'connection'>, workspaceId: string): Promise<IssuedInvoiceView[]> {
  const invoices = await billingInvoiceModel(deps.connection).find({ workspaceId }).sort({ month: -1 }).lean<BillingInvoice[]>();
  return invoices.map(viewOf);
}

/**
 * The month's lines as they will be sent, written once per (workspace, month) before Stripe is
 * called: a retry, or a second click while the first runs, sends these same lines with the same
 * keys even if the ledger changed meanwhile (a later credit then needs a credit note of its own).
 */
async function frozenInvoice(deps: InvoicingDeps, run: WorkspaceRunContext, month: string, issuedBy: string): Promise<BillingInvoice> {
  const model = billingInvoiceModel(deps.connection);
  const upcoming = await upcomingInvoice(deps, run, month);
  if (upcoming.lines.length === 0)
    throw new UnprocessableError(
      `Nothing was billed in ${month}: no attended meeting of that month is on the ledger, so no invoice is issued.`,
    );
  const charges = upcoming.lines.filter((line) => line.kind === 'charge').length;
  if (charges > INVOICE_LINES_LIMIT)
    throw new UnprocessableError(
      `${month} has ${charges} charges: an invoice takes at most ${INVOICE_LINES_LIMIT} lines, and splitting a month is not built yet.`,
    );
  const lines: IssuedLine[] = upcoming.lines.map((line) => ({
    key: line.key,
    kind: line.kind,
    meetingId: line.meetingId,
    description: line.description,
    amountMinor: line.amountMinor,
  }));
  const insert = {
    workspaceId: run.workspaceId,
    month,
    provider: STRIPE_PLUGIN,
    externalId: invoiceExternalId(run.workspaceId, month),
    status: 'issuing',
    currency: 'USD',
    lines,
    subtotalMinor: upcoming.subtotalMinor,
    creditsMinor: upcoming.creditsMinor,
    totalMinor: upcoming.totalMinor,
    issuedBy,
  };
  const upsert = () =>
    model
      .findOneAndUpdate(
        { workspaceId: run.workspaceId, month },
        { $setOnInsert: insert },
        { upsert: true, returnDocument: 'after', runValidators: true },
      )
      .lean<BillingInvoice>();
  try {
    return (await upsert())!;
  } catch (error) {
    // Two first clicks raced: the other wrote the lines, and this one sends those.
    if (!isDuplicateKey(error)) throw error;
    return (await upsert())!;
  }
}

/** The workspace's Stripe customer, created once (keyed `billing:<workspace>`) and kept on its billing account, else updated to the account as saved. */
async function ensureCustomer(
  deps: InvoicingDeps,
  stripe: Record<string, BoundActivity>,
  account: BillingAccount,
  secretKey: string,
): Promise<string> {
  const { customer, created } = paymentCustomerSchema.parse(
    await stripe[`${STRIPE_PLUGIN}.ensureCustomer`]!({
      account: { secretKey },
      externalId: `billing:${account.workspaceId}`,
      customer: account.stripeCustomer ?? null,
      email: account.billingEmail,
      name: account.companyName,
      address: { ...account.address, state: null },
      currency: account.currency.toLowerCase(),
    }),
  );
  if (created)
    await billingAccountModel(deps.connection).updateOne({ workspaceId: account.workspaceId }, { $set: { stripeCustomer: customer } });
  return customer;
}

/**
 * Issues the month's invoice through Stripe, exactly once: the workspace's customer, a draft with
 * one line per charge (each keyed by its ledger entry), finalized and sent to be paid on Stripe's
 * page, then a credit note per credit line (Stripe's lines are never negative, and a credit note
 * needs a finalized invoice). Every call's idempotency key derives from `invoice:<workspace>:<month>`
 * or the entry's key, so a retry after any failure finishes the same invoice. An issued month
 * answers the stored invoice (`created` false). Only a month that has ended is invoiced (409 before).
 */
export async function issueInvoice(
  deps: InvoicingDeps,
  run: WorkspaceRunContext,
  month: string,
  issuedBy: string,
): Promise<{ invoice: IssuedInvoiceView; created: boolean }> {
  const now = deps.now?.() ?? new Date();
  const { to } = monthPeriod(month);
  if (Date.parse(to) > now.getTime())
    throw new ConflictError(`${month} is not over yet: a month is invoiced once it has ended (from ${to.slice(0, 10)}).`);
  const model = billingInvoiceModel(deps.connection);
  const workspaceId = run.workspaceId;
  const stored = await model.findOne({ workspaceId, month }).lean<BillingInvoice>();
  if (stored && stored.status !== 'issuing') return { invoice: viewOf(stored), created: false };
  const account = await billingAccountModel(deps.connection).findOne({ workspaceId }).lean<BillingAccount>();
  if (!account)
    throw new UnprocessableError(
      'This workspace has no billing account: save one (PPM Marketplace → Billing, or PUT /api/billing/account) before issuing an invoice.',
    );
  const secretKey = deps.stripeSecretKey;
  if (!secretKey)
    throw new ServiceUnavailableError(
      `Invoices are off: this server has no Stripe account (set ${STRIPE_KEY_VARIABLE} to the secret key of the Stripe account Meetflow bills through).`,
    );
  const stripe = stripeActivities(deps);
  const record = stored ?? (await frozenInvoice(deps, run, month, issuedBy));
  const call = async (activity: string, input: Record<string, unknown>) => {
    try {
      return await stripe[`${STRIPE_PLUGIN}.${activity}`]!({ account: { secretKey }, ...input }, { run });
    } catch (error) {
      throw failureOf(error);
    }
  };
  let customer: string;
  try {
    customer = await ensureCustomer(deps, stripe, account, secretKey);
  } catch (error) {
    throw failureOf(error);
  }
  const charges = record.lines.filter((line) => line.kind === 'charge');
  const draft = invoiceViewSchema.parse(
    await call('createInvoice', {
      externalId: record.externalId,
      customer,
      currency: 'usd',
      lines: charges.map((line) => ({
        externalId: line.key,
        description: line.description,
        quantity: 1,
        unitAmountMinor: line.amountMinor,
      })),
      collect: 'send',
      daysUntilDue: DAYS_UNTIL_DUE,
      memo: `Meetings attended in ${month}, billed per meeting (Meetflow)`,
    }),
  );
  const sent: InvoiceView = invoiceViewSchema.parse(
    await call('finalizeAndCollect', { invoice: draft.invoice, externalId: record.externalId }),
  );
  const creditNotes: string[] = [];
  for (const credit of record.lines.filter((line) => line.kind === 'credit')) {
    const note = creditNoteSchema.parse(
      await call('creditNote', {
        externalId: creditNoteExternalId(credit.key),
        invoice: sent.invoice,
        lines: [{ externalId: credit.key, description: credit.description, quantity: 1, unitAmountMinor: -credit.amountMinor }],
        reason: credit.description.slice(0, 500),
        settle: 'balance',
      }),
    );
    creditNotes.push(note.creditNote);
  }
  const issued = await model
    .findOneAndUpdate(
      { workspaceId, month },
      {
        $set: {
          status: sent.status,
          customer,
          invoice: sent.invoice,
          number: sent.number,
          hostedUrl: sent.hostedUrl,
          pdfUrl: sent.pdfUrl,
          creditNotes,
          issuedAt: now,
        },
      },
      { returnDocument: 'after' },
    )
    .lean<BillingInvoice>();
  return { invoice: viewOf(issued!), created: true };
}
