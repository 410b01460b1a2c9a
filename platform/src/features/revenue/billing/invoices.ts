import {
  creditNoteSchema,
  INVOICE_LINES_LIMIT,
  invoiceViewSchema,
  isDuplicateKey,
  isPaymentFailure,
  PAYMENT_FAILURES,
  PAYMENTS_PLUGINS,
  paymentCustomerSchema,
  type InvoiceView,
} from '@meetflow/plugin-sdk';
import { ConflictError, ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import type { BillingProvider, IssuedInvoiceView } from './api-schemas.ts';
import { billingAccountModel, billingInvoiceModel, type BillingAccount, type BillingInvoice, type IssuedLine } from './model.ts';
import { carriedCorrections } from './corrections.ts';
import { drawCredits, prepayCreditKey, recordCredit, restoreCorrected } from './credits.ts';
import { collectionFor } from './default-method.ts';
import { monthPeriod, upcomingInvoice } from './upcoming.ts';

/** Where this server's Stripe secret key comes from. */
export const STRIPE_KEY_VARIABLE = 'MEETFLOW_STRIPE_SECRET_KEY';
/** Where this server's PayPal REST app comes from (its client id and secret). */
export const PAYPAL_CLIENT_VARIABLES = ['MEETFLOW_PAYPAL_CLIENT_ID', 'MEETFLOW_PAYPAL_CLIENT_SECRET'] as const;
/** The variables that configure each provider on this server, as a 503 names them. */
export const PROVIDER_VARIABLES: Record<BillingProvider, string> = {
  [PAYMENTS_PLUGINS.stripe]: STRIPE_KEY_VARIABLE,
  [PAYMENTS_PLUGINS.paypal]: PAYPAL_CLIENT_VARIABLES.join(' and '),
};
/** Days a sent invoice gives the customer to pay. */
const DAYS_UNTIL_DUE = 14;

/** This server's PayPal REST app (MEETFLOW_PAYPAL_CLIENT_ID / _SECRET). */
export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
}

/** What issuing invoices is built over: the plugins (the ledger, the payments plugins), the app's connection, and this server's provider credentials. */
export type InvoicingDeps = PluginApiDeps & {
  /** The secret key of the Stripe account Meetflow bills through (MEETFLOW_STRIPE_SECRET_KEY); null: none is issued through Stripe. */
  stripeSecretKey?: string | null;
  /** The PayPal REST app Meetflow bills through (MEETFLOW_PAYPAL_CLIENT_ID / _SECRET); null: none is issued through PayPal. */
  paypal?: PayPalCredentials | null;
  now?: () => Date;
};

/** The externalId of a workspace's invoice for a month: the provider's idempotency keys for it are derived from it. */
export const invoiceExternalId = (workspaceId: string, month: string) => `invoice:${workspaceId}:${month}`;
/** The externalId of the credit note for one credit line (its ledger entry). */
export const creditNoteExternalId = (entryKey: string) => `credit:${entryKey}`;

/** The billing account's provider (Stripe when it names none). */
export const providerOf = (account: Pick<BillingAccount, 'provider'> | null | undefined): BillingProvider =>
  account?.provider ?? PAYMENTS_PLUGINS.stripe;

/** A payments plugin bound in this process with this server's credentials for it: `call(activity, input)` adds the `account`. */
export interface PaymentsBinding {
  provider: BillingProvider;
  /** The provider's name as people know it (Stripe, PayPal). */
  displayName: string;
  /** False for a provider whose invoices are paid on its own page only (PayPal): no payment method is saved ahead. */
  savesMethods: boolean;
  call: (activity: string, input: Record<string, unknown>, run?: WorkspaceRunContext) => Promise<unknown>;
}

/** This server's credentials for `provider` (the contract's `account`), or null when they are not set. */
export function credentialsOf(deps: Pick<InvoicingDeps, 'stripeSecretKey' | 'paypal'>, provider: BillingProvider) {
  if (provider === PAYMENTS_PLUGINS.paypal)
    return deps.paypal ? { clientId: deps.paypal.clientId, clientSecret: deps.paypal.clientSecret } : null;
  return deps.stripeSecretKey ? { secretKey: deps.stripeSecretKey } : null;
}

/**
 * The provider's plugin bound in this process (PluginHost.payments) with this server's credentials
 * for it: a 503 naming the plugin when it is not installed, or the variables when they are not set.
 */
export function paymentsBinding(
  deps: Pick<InvoicingDeps, 'host' | 'stripeSecretKey' | 'paypal'>,
  provider: BillingProvider,
  clock?: { now: () => Date },
): PaymentsBinding {
  const bound = deps.host.payments(provider, clock ? { clock } : {});
  if (!bound) throw new ServiceUnavailableError(`Invoices are off: the payments plugin ${provider} is not installed on this server.`);
  const account = credentialsOf(deps, provider);
  if (!account)
    throw new ServiceUnavailableError(
      `Invoices are off: this server has no ${bound.displayName} account (set ${PROVIDER_VARIABLES[provider]} to the account Meetflow bills through).`,
    );
  return {
    provider,
    displayName: bound.displayName,
    savesMethods: bound.savesMethods,
    call: async (activity, input, run) => {
      const handler = bound.activities[activity];
      if (!handler) throw new Error(`the payments plugin ${provider} has no activity ${activity}`);
      return handler({ account, ...input }, run ? { run } : undefined);
    },
  };
}

/** A payments failure as the client is told it: the provider down or the server's credentials refused are 503s, a refused request a 422 in the provider's words. */
export function failureOf(error: unknown, provider: BillingProvider): unknown {
  if (!isPaymentFailure(error)) return error;
  if (error.type === PAYMENT_FAILURES.unavailable)
    return new ServiceUnavailableError(`${error.message}. Issue the month again: the invoice is finished, never made twice.`);
  if (error.type === PAYMENT_FAILURES.authRefused)
    return new ServiceUnavailableError(`${provider} refused this server's credentials (${PROVIDER_VARIABLES[provider]}): ${error.message}`);
  return new UnprocessableError(error.message);
}

const viewOf = (invoice: BillingInvoice): IssuedInvoiceView => ({
  month: invoice.month,
  kind: invoice.kind ?? 'usage',
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

/** The workspace's issued invoices, the latest month first (a month's pre-pay before its usage). */
export async function listInvoices(deps: Pick<PluginApiDeps, 'connection'>, workspaceId: string): Promise<IssuedInvoiceView[]> {
  const invoices = await billingInvoiceModel(deps.connection).find({ workspaceId }).sort({ month: -1, kind: -1 }).lean<BillingInvoice[]>();
  return invoices.map(viewOf);
}

/** What is frozen before the provider is called: the invoice's kind, month, key and lines, and its totals. */
type InvoiceDraft = Pick<BillingInvoice, 'kind' | 'month' | 'externalId' | 'lines' | 'subtotalMinor' | 'creditsMinor' | 'totalMinor'> & {
  /** `covered`: nothing is due (pre-paid credits paid every meeting), so it is recorded and never sent. */
  status: 'issuing' | 'covered';
};

/**
 * Writes the invoice's lines once per (workspace, month, kind) before the provider is called: a retry, or
 * a second click while the first runs, sends these same lines with the same keys even if the ledger
 * changed meanwhile (a later credit then needs a credit note of its own). Answers the record as stored.
 */
async function freeze(
  deps: InvoicingDeps,
  workspaceId: string,
  draft: InvoiceDraft,
  issuedBy: string,
  provider: BillingProvider,
): Promise<BillingInvoice> {
  const model = billingInvoiceModel(deps.connection);
  const insert = {
    ...draft,
    workspaceId,
    provider,
    currency: 'USD',
    issuedBy,
    ...(draft.status === 'covered' ? { issuedAt: deps.now?.() ?? new Date() } : {}),
  };
  const filter = { workspaceId, month: draft.month, kind: draft.kind };
  const upsert = () =>
    model
      .findOneAndUpdate(filter, { $setOnInsert: insert }, { upsert: true, returnDocument: 'after', runValidators: true })
      .lean<BillingInvoice>();
  try {
    return (await upsert())!;
  } catch (error) {
    // Two first clicks raced: the other wrote the lines, and this one sends those.
    if (!isDuplicateKey(error)) throw error;
    return (await upsert())!;
  }
}

/** The key of the line that applies a month's pre-paid credits (and of its credit note). */
export const creditsAppliedKey = (workspaceId: string, month: string) => `credits-applied:${workspaceId}:${month}`;

/**
 * The month's true-up as it will be sent: one line per ledger charge and credit (as the upcoming
 * invoice has them), the charges still standing drawn from the pre-paid credits in order (each
 * draw keyed by its ledger entry, so a retry after a crash draws nothing twice and finds what it
 * drew), and one negative "Pre-paid credits applied" line citing the draws. A charge drawn by an
 * attempt that crashed and corrected since gets its draw back (restore). Nothing due after the
 * draws: recorded as covered, nothing sent.
 */
async function trueUp(deps: InvoicingDeps, run: WorkspaceRunContext, month: string): Promise<InvoiceDraft> {
  const workspaceId = run.workspaceId;
  const upcoming = await upcomingInvoice(deps, run, month);
  if (upcoming.lines.length === 0)
    throw new UnprocessableError(
      `Nothing was billed in ${month}: no attended meeting of that month is on the ledger, so no invoice is issued.`,
    );
  const charges = upcoming.lines.filter((line) => line.kind === 'charge');
  if (charges.length > INVOICE_LINES_LIMIT)
    throw new UnprocessableError(
      `${month} has ${charges.length} charges: an invoice takes at most ${INVOICE_LINES_LIMIT} lines, and splitting a month is not built yet.`,
    );
  await restoreCorrected(deps.connection, workspaceId, month, upcoming.lines);
  const cancelled = new Set(upcoming.lines.flatMap((line) => (line.kind === 'credit' && line.credits ? [line.credits] : [])));
  const standing = charges.filter((line) => !cancelled.has(line.key));
  const lines: IssuedLine[] = upcoming.lines.map((line) => ({
    key: line.key,
    kind: line.kind,
    meetingId: line.meetingId,
    description: line.description,
    amountMinor: line.amountMinor,
  }));
  // Corrections of earlier PayPal invoices issued unpaid (corrections.ts) come off this month's
  // charges, as far as they go: what is beyond them carries on to the next month's.
  let dueMinor = upcoming.totalMinor;
  for (const { correction, from, leftMinor } of await carriedCorrections(deps, workspaceId, month)) {
    const takenMinor = Math.min(leftMinor, dueMinor);
    if (takenMinor <= 0) break;
    dueMinor -= takenMinor;
    lines.push({
      key: correction.key,
      kind: 'credit',
      meetingId: correction.meetingId,
      description: `${correction.description}: carried from ${from}`.slice(0, 500),
      amountMinor: -takenMinor,
    });
  }
  const carriedMinor = upcoming.totalMinor - dueMinor;
  // Pre-paid credits pay only what is still charged: the rest stays on the balance.
  const draws = await drawCredits(deps.connection, workspaceId, month, standing, dueMinor);
  const drawnMinor = draws.reduce((total, draw) => total - draw.amountMinor, 0);
  if (drawnMinor > 0)
    lines.push({
      key: creditsAppliedKey(workspaceId, month),
      kind: 'credits-applied',
      meetingId: null,
      description: `Pre-paid credits applied: ${draws.length} attended meeting${draws.length === 1 ? '' : 's'} (${draws
        .map((draw) => draw.entryKey)
        .join(', ')})`.slice(0, 500),
      amountMinor: -drawnMinor,
    });
  const creditsMinor = upcoming.creditsMinor - carriedMinor - drawnMinor;
  const totalMinor = upcoming.subtotalMinor + creditsMinor;
  return {
    kind: 'usage',
    month,
    externalId: invoiceExternalId(workspaceId, month),
    lines,
    subtotalMinor: upcoming.subtotalMinor,
    creditsMinor,
    totalMinor,
    // Nothing left to pay once credits came off: recorded, never sent (PayPal takes no discount of all its items).
    status: drawnMinor + carriedMinor > 0 && totalMinor === 0 ? 'covered' : 'issuing',
  };
}

/** What issuing an invoice needs before anything is written: the billing account and its provider's plugin with this server's credentials. */
async function readyToIssue(deps: InvoicingDeps, workspaceId: string) {
  const account = await billingAccountModel(deps.connection).findOne({ workspaceId }).lean<BillingAccount>();
  if (!account)
    throw new UnprocessableError(
      'This workspace has no billing account: save one (PPM Marketplace → Billing, or PUT /api/billing/account) before issuing an invoice.',
    );
  return { account, payments: paymentsBinding(deps, providerOf(account)) };
}

/** The workspace's customer at the account's provider as stored (Stripe's kept where it always was). */
export const storedCustomer = (account: BillingAccount, provider: BillingProvider): string | null =>
  provider === PAYMENTS_PLUGINS.stripe ? (account.stripeCustomer ?? null) : (account.customers?.[provider] ?? null);

/** The workspace's customer at its provider, created once (keyed `billing:<workspace>`) and kept on its billing account per provider, else updated to the account as saved. */
export async function ensureCustomer(deps: InvoicingDeps, payments: PaymentsBinding, account: BillingAccount): Promise<string> {
  const provider = payments.provider;
  const { customer, created } = paymentCustomerSchema.parse(
    await payments.call('ensureCustomer', {
      externalId: `billing:${account.workspaceId}`,
      customer: storedCustomer(account, provider),
      email: account.billingEmail,
      name: account.companyName,
      address: { ...account.address, state: null },
      currency: account.currency.toLowerCase(),
    }),
  );
  if (created)
    await billingAccountModel(deps.connection).updateOne(
      { workspaceId: account.workspaceId },
      { $set: provider === PAYMENTS_PLUGINS.stripe ? { stripeCustomer: customer } : { [`customers.${provider}`]: customer } },
    );
  return customer;
}

const MEMOS: Record<BillingInvoice['kind'], (month: string) => string> = {
  usage: (month) => `Meetings attended in ${month}, billed per meeting (Meetflow)`,
  prepay: (month) => `Meeting credits pre-paid for ${month}, drawn by the meetings attended (Meetflow)`,
};

/**
 * Sends a frozen invoice through the account's provider: the workspace's customer, a draft with one
 * line per positive line (each keyed by its line's key), finalized and sent to be paid on the
 * provider's page (or, when the customer has a default method, charged to it after the credit
 * notes), then, at Stripe, a credit note per negative line (Stripe's lines are never
 * negative, and a credit note needs a finalized invoice); at PayPal the negative lines are one
 * invoice discount instead. Every call's idempotency key derives from the invoice's externalId or a
 * line's key, so a retry after any failure finishes the same invoice.
 */
async function send(
  deps: InvoicingDeps,
  run: WorkspaceRunContext,
  ready: Awaited<ReturnType<typeof readyToIssue>>,
  record: BillingInvoice,
  now: Date,
): Promise<BillingInvoice> {
  const { account, payments } = ready;
  const provider = payments.provider;
  const call = async (activity: string, input: Record<string, unknown>) => {
    try {
      return await payments.call(activity, input, run);
    } catch (error) {
      throw failureOf(error, provider);
    }
  };
  let customerId: string;
  try {
    customerId = await ensureCustomer(deps, payments, account);
  } catch (error) {
    throw failureOf(error, provider);
  }
  const credits = record.lines.filter((line) => line.amountMinor < 0);
  // PayPal keeps no customer balance and credits only a paid invoice (by a refund), so its
  // invoice carries the month's credits as one invoice discount: the same total, one payment.
  const discounts = provider === PAYMENTS_PLUGINS.paypal;
  const discountMinor = discounts ? credits.reduce((sum, line) => sum - line.amountMinor, 0) : 0;
  // Charged to the method a completed setup made the customer's default (default-method.ts), else sent.
  const collect = await collectionFor(deps.connection, record.workspaceId, provider, customerId);
  // Charged: Stripe's credit notes come between finalizing and charging, so the card is charged the total.
  const hold = collect === 'charge' && !discounts && credits.length > 0;
  const draft = invoiceViewSchema.parse(
    await call('createInvoice', {
      externalId: record.externalId,
      customer: customerId,
      currency: 'usd',
      lines: record.lines
        .filter((line) => line.amountMinor > 0)
        .map((line) => ({ externalId: line.key, description: line.description, quantity: 1, unitAmountMinor: line.amountMinor })),
      collect,
      daysUntilDue: DAYS_UNTIL_DUE,
      memo: MEMOS[record.kind ?? 'usage'](record.month),
      ...(discountMinor > 0 ? { discountMinor } : {}),
    }),
  );
  const sent: InvoiceView = invoiceViewSchema.parse(
    await call('finalizeAndCollect', { invoice: draft.invoice, externalId: record.externalId, hold }),
  );
  const creditNotes: string[] = [];
  for (const credit of discounts ? [] : credits) {
    const note = creditNoteSchema.parse(
      await call('creditNote', {
        externalId: credit.kind === 'credit' ? creditNoteExternalId(credit.key) : credit.key,
        invoice: sent.invoice,
        lines: [{ externalId: credit.key, description: credit.description, quantity: 1, unitAmountMinor: -credit.amountMinor }],
        reason: credit.description.slice(0, 500),
        settle: 'balance',
      }),
    );
    creditNotes.push(note.creditNote);
  }
  // Held for its credit notes: charged now, the total they leave.
  const collected = hold
    ? invoiceViewSchema.parse(await call('finalizeAndCollect', { invoice: sent.invoice, externalId: record.externalId }))
    : sent;
  const issued = await billingInvoiceModel(deps.connection)
    .findOneAndUpdate(
      { workspaceId: record.workspaceId, month: record.month, kind: record.kind },
      {
        $set: {
          status: collected.status,
          customer: customerId,
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
  return issued!;
}

/**
 * Issues the month's invoice (its true-up) through the account's provider, exactly once: a line per charge of the
 * ledger, a credit note per credit, and the pre-paid credits the month's meetings drew applied as
 * one more credit note (see trueUp); a month the credits paid in full is recorded as covered and
 * not sent. Every idempotency key derives from `invoice:<workspace>:<month>` or an entry's key, so
 * a retry after any failure finishes the same invoice. An issued month answers the stored invoice
 * (`created` false). Only a month that has ended is invoiced (409 before). The billingCycle
 * workflow calls it at each month's start; an owner or admin may call it first.
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
  const workspaceId = run.workspaceId;
  const stored = await billingInvoiceModel(deps.connection).findOne({ workspaceId, month, kind: 'usage' }).lean<BillingInvoice>();
  if (stored && stored.status !== 'issuing') return { invoice: viewOf(stored), created: false };
  const ready = await readyToIssue(deps, workspaceId);
  const record = stored ?? (await freeze(deps, workspaceId, await trueUp(deps, run, month), issuedBy, ready.payments.provider));
  if (record.status === 'covered') return { invoice: viewOf(record), created: !stored };
  return { invoice: viewOf(await send(deps, run, ready, record, now)), created: true };
}

/** The externalId of a month's pre-pay invoice, and the key of the credits it adds once issued. */
export const prepayExternalId = prepayCreditKey;

/**
 * Issues the pre-pay invoice for `month` (its meeting credits, as the lines `billed` word them: see
 * prepay.ts) through the account's provider exactly once per (workspace, month), then adds the
 * credits to the balance once (keyed `prepay:<workspace>:<month>`): a retry finishes the same
 * invoice, with the lines frozen at the first attempt, and credits nothing twice.
 */
export async function issuePrepayInvoice(
  deps: InvoicingDeps,
  run: WorkspaceRunContext,
  month: string,
  billed: ReadonlyArray<Pick<IssuedLine, 'key' | 'description' | 'amountMinor'>>,
  issuedBy: string,
): Promise<{ invoice: IssuedInvoiceView; created: boolean }> {
  const workspaceId = run.workspaceId;
  const key = prepayExternalId(workspaceId, month);
  const credit = (invoice: BillingInvoice) =>
    recordCredit(deps.connection, { workspaceId, key, kind: 'prepay', amountMinor: invoice.totalMinor, month, entryKey: null });
  const stored = await billingInvoiceModel(deps.connection).findOne({ workspaceId, month, kind: 'prepay' }).lean<BillingInvoice>();
  if (stored && stored.status !== 'issuing') {
    await credit(stored);
    return { invoice: viewOf(stored), created: false };
  }
  const ready = await readyToIssue(deps, workspaceId);
  const lines = billed.map(({ key: lineKey, description, amountMinor: lineMinor }): IssuedLine => ({
    key: lineKey,
    kind: 'prepay',
    meetingId: null,
    description,
    amountMinor: lineMinor,
  }));
  const amountMinor = lines.reduce((total, line) => total + line.amountMinor, 0);
  const record =
    stored ??
    (await freeze(
      deps,
      workspaceId,
      {
        kind: 'prepay',
        month,
        externalId: key,
        lines,
        subtotalMinor: amountMinor,
        creditsMinor: 0,
        totalMinor: amountMinor,
        status: 'issuing',
      },
      issuedBy,
      ready.payments.provider,
    ));
  const issued = await send(deps, run, ready, record, deps.now?.() ?? new Date());
  await credit(issued);
  return { invoice: viewOf(issued), created: true };
}
