import type { IssuedInvoice } from '../api/billing-api.ts';
import type { LedgerSummary } from '../api/pricing-api.ts';

/** The UTC month of an instant, YYYY-MM: months before the current one have ended and may be invoiced. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * The ledger's months an owner may invoice now, the latest first: ended (before `now`'s UTC month),
 * with meetings charged, and no invoice of their meetings yet (a month's pre-paid credits invoice does not count).
 */
export function monthsToInvoice(
  ledger: Pick<LedgerSummary, 'byMonth'> | undefined,
  invoices: ReadonlyArray<Pick<IssuedInvoice, 'month' | 'kind'>>,
  now: Date = new Date(),
): LedgerSummary['byMonth'] {
  const current = monthOf(now);
  const invoiced = new Set(invoices.filter((invoice) => invoice.kind === 'usage').map((invoice) => invoice.month));
  return (ledger?.byMonth ?? [])
    .filter((row) => row.month < current && row.meetingsCharged > 0 && !invoiced.has(row.month))
    .sort((a, b) => b.month.localeCompare(a.month));
}
