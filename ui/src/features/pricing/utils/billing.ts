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

/** A dollar amount as typed, read to integer cents: `{ minor }`, or `{ error }` saying what is wrong with it. */
export type CentsParse = { minor: number; error?: undefined } | { minor?: undefined; error: string };

/**
 * Reads "250", "250.5" or "250.05" to cents from the string's digits, never through a float (0.29 * 100
 * is 28.999…); empty is 0 (no pre-pay). Negative, more than two decimals or not a number is an error.
 */
export function dollarsToCents(input: string): CentsParse {
  const text = input.trim().replace(/^\$/, '').replaceAll(',', '');
  if (text === '') return { minor: 0 };
  if (text.startsWith('-')) return { error: 'Enter an amount of zero or more' };
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) {
    return /^\d*\.\d{3,}$/.test(text)
      ? { error: 'Enter at most two decimals (cents)' }
      : { error: 'Enter an amount in dollars, e.g. 250 or 250.00' };
  }
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? { minor } : { error: 'Enter a smaller amount' };
}
