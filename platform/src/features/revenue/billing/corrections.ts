import { randomUUID } from 'node:crypto';
import { creditNoteSchema, PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import type { InvoiceLine } from './api-schemas.ts';
import { creditsByKey, drawKey, recordCredit, restoreKey } from './credits.ts';
import { creditNoteExternalId, failureOf, paymentsBinding, type InvoicingDeps } from './invoices.ts';
import {
  billingAccountModel,
  billingInvoiceModel,
  type BillingAccount,
  type BillingInvoice,
  type CorrectionDue,
  type InvoiceCorrection,
  type IssuedLine,
} from './model.ts';
import { ledgerLines, monthPeriod } from './upcoming.ts';

// A charge corrected to a no-show after its month's invoice was issued: the frozen invoice keeps the
// charge, so the customer is credited against that invoice. Each correction is claimed on the
// invoice (its ledger key, once) before the provider is called, and the provider's idempotency key
// derives from the same ledger key: the correction's own path, a retry and the next closeMonth's
// sweep credit it once between them.

/** What became of one correction of an issued invoice's charge. */
export interface CorrectionOutcome {
  month: string;
  key: string;
  settle: InvoiceCorrection['settle'];
  /** Credited now (false: credited before, carried, or still pending: see failure). */
  credited: boolean;
  /** Why the provider did not credit it (as failureOf words it: a 503 when it was away, a 422 when it refused); null when nothing failed. */
  failure: Error | null;
}

/** Invoices whose charges a correction is credited against: issued (sent, paid or covered), not void, not still being issued. */
const CREDITABLE = { $nin: ['void', 'issuing'] as Array<BillingInvoice['status']> };

/**
 * How long a month marked due with no invoice of its own keeps its mark: an invoice frozen while the
 * correction was written could have missed it and land after the sweep looked, but no attempt to
 * issue one takes a day, and one issued after that has the correction among its lines.
 */
const UNINVOICED_MARK_MS = 86_400_000;

/**
 * Credits every charge on the workspace's issued invoices (of `months`, the correction's own path;
 * else the close's sweep, of the months marked due) that the ledger now credits but the invoice
 * does not: Stripe by a credit note on that invoice for the charge's cents, PayPal by refunding a
 * paid invoice (an unpaid one: carried to the next true-ups as a negative line), and what pre-paid
 * credits had paid of it given back to the balance, never sent. Answers what it did; a provider
 * that fails leaves the correction pending (its reason kept on the invoice) for the next call.
 *
 * The path marks its months due on the billing account (markCorrectionsDue) before the ledger's
 * credit is written and passes the marks here; a call clears the marks it read once their month has nothing left to credit
 * (its invoice issued, no provider failure), so the sweep reads the ledger of those months only.
 */
export async function creditInvoicedCorrections(
  deps: InvoicingDeps,
  run: WorkspaceRunContext,
  marked?: readonly CorrectionDue[],
): Promise<CorrectionOutcome[]> {
  const accounts = billingAccountModel(deps.connection);
  const { workspaceId } = run;
  const now = deps.now?.() ?? new Date();
  let due: readonly CorrectionDue[];
  if (marked) due = marked;
  else {
    const account = await accounts.findOne({ workspaceId }, { correctionsDue: 1 }).lean<Pick<BillingAccount, 'correctionsDue'>>();
    if (!account) return [];
    if (!account.correctionsDue) return sweepEveryMonth(deps, run);
    due = account.correctionsDue;
  }
  if (due.length === 0) return [];
  const model = billingInvoiceModel(deps.connection);
  // Each month's true-up by its unique key (workspace, month, kind), oldest first.
  const dueMonths = [...new Set(due.map((entry) => entry.month))].sort();
  const invoiceOf = new Map<string, BillingInvoice>();
  for (const month of dueMonths) {
    const invoice = await model.findOne({ workspaceId, month, kind: 'usage' }).lean<BillingInvoice>();
    if (invoice) invoiceOf.set(month, invoice);
  }
  const creditable = [...invoiceOf.values()].filter((invoice) => invoice.status !== 'void' && invoice.status !== 'issuing');
  const outcomes = await creditAgainst(
    deps,
    run,
    creditable,
    creditable.map((invoice) => monthPeriod(invoice.month)),
  );
  const failed = new Set(outcomes.filter((outcome) => outcome.failure).map((outcome) => outcome.month));
  const settled = (entry: CorrectionDue) => {
    const invoice = invoiceOf.get(entry.month);
    if (!invoice) return now.getTime() - new Date(entry.at).getTime() >= UNINVOICED_MARK_MS;
    return invoice.status !== 'issuing' && !failed.has(entry.month);
  };
  const cleared = due.filter(settled).map((entry) => entry.token);
  // Only the marks this call read: a correction marked since keeps its own.
  if (cleared.length > 0)
    await accounts.updateOne({ workspaceId }, { $pull: { correctionsDue: { token: { $in: cleared } } } }, { timestamps: false });
  return outcomes;
}

/**
 * Marks `months` due for the corrections sweep (markOutcome, before it writes the ledger's credit of
 * a no-show: a crash after the credit then still leaves the month to the next close's sweep), and
 * answers the marks for that path's own creditInvoicedCorrections. An account stored before the
 * marks is swept whole at its next close: it is left as it is.
 */
export async function markCorrectionsDue(deps: InvoicingDeps, workspaceId: string, months: readonly string[]): Promise<CorrectionDue[]> {
  const at = deps.now?.() ?? new Date();
  const due = [...new Set(months)].map((month) => ({ month, token: randomUUID(), at }));
  await billingAccountModel(deps.connection).updateOne(
    { workspaceId, correctionsDue: { $exists: true } },
    { $push: { correctionsDue: { $each: due } } },
    { timestamps: false },
  );
  return due;
}

/** An account stored before the marks: every issued month once (one read of the ledger over their span), then marked swept. */
async function sweepEveryMonth(deps: InvoicingDeps, run: WorkspaceRunContext): Promise<CorrectionOutcome[]> {
  const { workspaceId } = run;
  const invoices = await billingInvoiceModel(deps.connection)
    .find({ workspaceId, kind: 'usage', status: CREDITABLE })
    .sort({ month: 1 })
    .lean<BillingInvoice[]>();
  const outcomes =
    invoices.length === 0
      ? []
      : await creditAgainst(deps, run, invoices, [
          { from: monthPeriod(invoices[0]!.month).from, to: monthPeriod(invoices.at(-1)!.month).to },
        ]);
  const issuing = await billingInvoiceModel(deps.connection).exists({ workspaceId, kind: 'usage', status: 'issuing' });
  // Swept for good only when nothing is left for the next close: else it sweeps every month again.
  if (!issuing && outcomes.every((outcome) => !outcome.failure))
    await billingAccountModel(deps.connection).updateOne(
      { workspaceId, correctionsDue: { $exists: false } },
      { $set: { correctionsDue: [] } },
      { timestamps: false },
    );
  return outcomes;
}

/** Credits the ledger's credits of the periods read whose charges are on `invoices` and not yet credited there. */
async function creditAgainst(
  deps: InvoicingDeps,
  run: WorkspaceRunContext,
  invoices: readonly BillingInvoice[],
  periods: ReadonlyArray<{ from: string; to: string }>,
): Promise<CorrectionOutcome[]> {
  const invoiceOfCharge = new Map<string, BillingInvoice>();
  for (const invoice of invoices) for (const line of invoice.lines) if (line.kind === 'charge') invoiceOfCharge.set(line.key, invoice);
  const outcomes: CorrectionOutcome[] = [];
  for (const period of periods)
    for (const line of await ledgerLines(deps, run, period)) {
      if (line.kind !== 'credit' || line.credits === null) continue;
      const invoice = invoiceOfCharge.get(line.credits);
      // A credit written before the invoice was frozen is one of its lines (and credited with it).
      if (!invoice || invoice.lines.some((issued) => issued.key === line.key)) continue;
      outcomes.push(await creditCorrection(deps, run, invoice, line));
    }
  return outcomes;
}

/** Claims the correction on the invoice (once per ledger key: a second claim finds the first) and answers it as stored. */
async function claim(deps: InvoicingDeps, invoice: BillingInvoice, line: InvoiceLine, now: Date): Promise<InvoiceCorrection> {
  const model = billingInvoiceModel(deps.connection);
  const found = invoice.corrections?.find((correction) => correction.key === line.key);
  if (found) return found;
  const draw = (await creditsByKey(deps.connection, invoice.workspaceId, [drawKey(line.credits!)])).get(drawKey(line.credits!));
  const amountMinor = -line.amountMinor;
  const restoredMinor = Math.min(draw ? -draw.amountMinor : 0, amountMinor);
  const settle: InvoiceCorrection['settle'] =
    restoredMinor >= amountMinor
      ? 'restore'
      : invoice.provider !== PAYMENTS_PLUGINS.paypal
        ? 'credit-note'
        : invoice.status === 'paid'
          ? 'refund'
          : 'carry';
  const correction: InvoiceCorrection = {
    key: line.key,
    credits: line.credits!,
    meetingId: line.meetingId,
    description: `${line.description}, after ${invoice.month} was invoiced`.slice(0, 500),
    amountMinor,
    restoredMinor,
    settle,
    creditNote: null,
    pendingReason: null,
    at: now,
    settledAt: null,
  };
  const filter = { workspaceId: invoice.workspaceId, month: invoice.month, kind: 'usage' as const };
  // Atomic on the one invoice: of two claims at once, one pushes and the other reads it back.
  await model.updateOne({ ...filter, 'corrections.key': { $ne: line.key } }, { $push: { corrections: correction } });
  const after = await model.findOne(filter).lean<BillingInvoice>();
  return after!.corrections!.find((entry) => entry.key === line.key)!;
}

/**
 * Credits one correction of an issued invoice's charge, once: the draw given back (`restore:<key>`),
 * then the rest through the provider keyed `credit:<key>`, recorded on the invoice with its totals.
 */
async function creditCorrection(
  deps: InvoicingDeps,
  run: WorkspaceRunContext,
  invoice: BillingInvoice,
  line: InvoiceLine,
): Promise<CorrectionOutcome> {
  const now = deps.now?.() ?? new Date();
  const correction = await claim(deps, invoice, line, now);
  const outcome = (credited: boolean, failure: Error | null = null): CorrectionOutcome => ({
    month: invoice.month,
    key: correction.key,
    settle: correction.settle,
    credited,
    failure,
  });
  if (correction.settledAt || correction.settle === 'carry') return outcome(false);
  if (correction.restoredMinor > 0)
    await recordCredit(deps.connection, {
      workspaceId: invoice.workspaceId,
      key: restoreKey(correction.key),
      kind: 'restore',
      amountMinor: correction.restoredMinor,
      month: invoice.month,
      entryKey: correction.key,
    });
  const model = billingInvoiceModel(deps.connection);
  const filter = { workspaceId: invoice.workspaceId, month: invoice.month, kind: 'usage' as const };
  // The entry (for the positional update) and not yet credited: the guard that moves the totals once.
  const pending = { 'corrections.key': correction.key, creditedCorrections: { $ne: correction.key } };
  if (correction.settle === 'restore') {
    const { modifiedCount } = await model.updateOne(
      { ...filter, ...pending },
      { $set: { 'corrections.$.settledAt': now }, $push: { creditedCorrections: correction.key } },
    );
    return outcome(modifiedCount === 1);
  }
  const creditedMinor = correction.amountMinor - correction.restoredMinor;
  let creditNote: string;
  try {
    // Never so (a covered month's charges were all paid from credits: a restore), but a credit note needs the provider's invoice.
    if (!invoice.invoice) throw new Error(`the ${invoice.month} invoice was never sent to ${invoice.provider}`);
    const payments = paymentsBinding(deps, invoice.provider as Parameters<typeof paymentsBinding>[1]);
    const note = creditNoteSchema.parse(
      await payments
        .call(
          'creditNote',
          {
            externalId: creditNoteExternalId(correction.key),
            invoice: invoice.invoice,
            lines: [{ externalId: correction.key, description: correction.description, quantity: 1, unitAmountMinor: creditedMinor }],
            reason: correction.description,
            // Stripe: off what is due, or to the balance once paid; PayPal: a refund of the paid invoice.
            settle: correction.settle === 'refund' ? 'refund' : 'balance',
          },
          run,
        )
        .catch((error: unknown) => {
          throw failureOf(error, invoice.provider as Parameters<typeof failureOf>[1]);
        }),
    );
    creditNote = note.creditNote;
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    await model.updateOne({ ...filter, ...pending }, { $set: { 'corrections.$.pendingReason': failure.message.slice(0, 500) } });
    return outcome(false, failure);
  }
  // Only the first to record it moves the totals (a racing retry got the same credit note by its key).
  const { modifiedCount } = await model.updateOne(
    { ...filter, ...pending },
    {
      $set: { 'corrections.$.settledAt': now, 'corrections.$.creditNote': creditNote, 'corrections.$.pendingReason': null },
      $push: { creditNotes: creditNote, creditedCorrections: correction.key },
      $inc: { creditsMinor: -creditedMinor, totalMinor: -creditedMinor },
    },
  );
  return outcome(modifiedCount === 1);
}

/**
 * The corrections of the workspace's PayPal invoices carried to the true-up of `month` (issued
 * unpaid, so neither credited nor refunded there): each with what is left of it once the
 * true-ups issued since took theirs (frozen lines keyed by the correction), oldest first.
 */
export async function carriedCorrections(
  deps: Pick<InvoicingDeps, 'connection'>,
  workspaceId: string,
  month: string,
): Promise<Array<{ correction: InvoiceCorrection; from: string; leftMinor: number }>> {
  const model = billingInvoiceModel(deps.connection);
  const carrying = await model
    .find({ workspaceId, kind: 'usage', month: { $lt: month }, 'corrections.settle': 'carry' })
    .sort({ month: 1 })
    .lean<BillingInvoice[]>();
  const carried = carrying.flatMap((invoice) =>
    (invoice.corrections ?? [])
      .filter((correction) => correction.settle === 'carry')
      .map((correction) => ({ correction, from: invoice.month })),
  );
  if (carried.length === 0) return [];
  const keys = carried.map(({ correction }) => correction.key);
  const taking = await model
    .find({ workspaceId, kind: 'usage', month: { $ne: month }, 'lines.key': { $in: keys } })
    .lean<Array<Pick<BillingInvoice, 'lines'>>>();
  const taken = new Map<string, number>();
  for (const line of taking.flatMap((invoice) => invoice.lines as IssuedLine[]))
    if (keys.includes(line.key)) taken.set(line.key, (taken.get(line.key) ?? 0) - line.amountMinor);
  return carried
    .map(({ correction, from }) => ({
      correction,
      from,
      leftMinor: correction.amountMinor - correction.restoredMinor - (taken.get(correction.key) ?? 0),
    }))
    .filter(({ leftMinor }) => leftMinor > 0);
}
