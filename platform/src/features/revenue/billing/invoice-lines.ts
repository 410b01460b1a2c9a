import { NotFoundError } from '../../../core/errors.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import type { IssuedInvoiceLineView } from './api-schemas.ts';
import { billingInvoiceModel, type InvoiceCorrection, type IssuedLine } from './model.ts';
import { upcomingInvoice } from './upcoming.ts';

/** What a stored invoice contributes here: its lines as sent, and which kind of the month's invoices it is (absent on those stored before kinds: usage). */
type StoredLines = {
  kind?: string;
  lines: Array<Omit<IssuedLine, 'meetingId'> & { meetingId: string | null }>;
  corrections?: InvoiceCorrection[];
};

/** A correction credited against the invoice after it was issued (corrections.ts) as one more negative line: what the provider credited (not what credits gave back). */
const correctionLines = (invoice: StoredLines) =>
  (invoice.corrections ?? [])
    .filter((correction) => correction.settledAt && (correction.settle === 'credit-note' || correction.settle === 'refund'))
    .map((correction) => ({
      key: correction.key,
      kind: correction.settle,
      meetingId: correction.meetingId,
      description: correction.description,
      amountMinor: correction.restoredMinor - correction.amountMinor,
    }));

/**
 * The lines of the month's issued invoices as they were sent (frozen when issued: a later
 * correction is not rewritten into them), each with its meeting's date and prospect, as the
 * month's ledger lines name them (the same meetings, read as GET /api/billing/upcoming reads them).
 * No invoice for the month: 404.
 */
export async function issuedInvoiceLines(
  deps: PluginApiDeps,
  run: WorkspaceRunContext,
  month: string,
): Promise<{ month: string; lines: IssuedInvoiceLineView[] }> {
  const invoices = await billingInvoiceModel(deps.connection)
    .find({ workspaceId: run.workspaceId, month })
    .select({ kind: 1, lines: 1, corrections: 1 })
    .lean<StoredLines[]>();
  if (invoices.length === 0) throw new NotFoundError(`No invoice was issued for ${month}.`);
  const billsMeetings = invoices.some((invoice) => invoice.lines.some((line) => line.meetingId !== null));
  const meetings = new Map(
    billsMeetings ? (await upcomingInvoice(deps, run, month)).lines.map((line) => [line.meetingId, line] as const) : [],
  );
  const lines = invoices.flatMap((invoice) =>
    [...invoice.lines, ...correctionLines(invoice)].map((line): IssuedInvoiceLineView => {
      const meeting = line.meetingId ? meetings.get(line.meetingId) : undefined;
      return {
        invoiceKind: invoice.kind ?? 'usage',
        key: line.key,
        kind: line.kind,
        meetingId: line.meetingId ?? null,
        attendedAt: meeting?.attendedAt ?? null,
        prospect: meeting?.prospect ?? null,
        description: line.description,
        amountMinor: line.amountMinor,
      };
    }),
  );
  return { month, lines };
}
