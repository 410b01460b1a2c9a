import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatDay, formatMonth } from '../../../utils/format.ts';
import { upcomingInvoiceQueryOptions, type InvoiceLine } from '../api/billing-api.ts';
import { formatCents } from '../utils/pricing.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who a line's meeting was with: the prospect and their company, or the meeting's id when it is no longer found. */
function meetingWith(line: InvoiceLine): string {
  if (!line.prospect) return `meeting ${line.meetingId}`;
  return line.prospect.company ? `${line.prospect.name} (${line.prospect.company})` : line.prospect.name;
}

/** "Upcoming invoice": this month's lines from the ledger (GET /api/billing/upcoming) and their totals. */
export function UpcomingInvoiceCard() {
  const query = useQuery(upcomingInvoiceQueryOptions());
  const invoice = query.data;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="upcoming-invoice-title" data-testid="upcoming-invoice">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="upcoming-invoice-title" className="card-title text-base">
            Upcoming invoice{invoice ? `: ${formatMonth(invoice.month)}` : ''}
          </h2>
          <p className="text-sm text-base-content/70">
            One line per attended meeting this month, at its slice price; a meeting corrected to a no-show is credited. No-shows are never
            charged.
          </p>
        </div>
        {query.isError && <ErrorAlert message={query.error.message} />}
        {query.isPending && <span role="status" className="loading loading-spinner loading-md" aria-label="Loading the upcoming invoice" />}
        {invoice &&
          (invoice.lines.length === 0 ? (
            <p className="text-sm text-base-content/70" data-testid="upcoming-invoice-empty">
              Nothing to bill for {formatMonth(invoice.month)} yet.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table">
                <thead>
                  <tr>
                    <th className="hidden sm:table-cell">Date</th>
                    <th>Meeting</th>
                    <th className="hidden sm:table-cell">Slice</th>
                    <th className="text-right">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {invoice.lines.map((line) => (
                    <tr key={line.key} data-testid={`invoice-line-${line.key}`}>
                      <td className="hidden whitespace-nowrap sm:table-cell">{formatDay(line.attendedAt.slice(0, 10))}</td>
                      <td>
                        {line.kind === 'credit' ? `Credit for the meeting with ${meetingWith(line)}` : meetingWith(line)}
                        <span className="block text-xs text-base-content/60 sm:hidden">
                          {formatDay(line.attendedAt.slice(0, 10))} · {capitalised(line.sliceId)} slice
                        </span>
                      </td>
                      <td className="hidden sm:table-cell">{capitalised(line.sliceId)}</td>
                      <td className={`text-right whitespace-nowrap ${line.amountMinor < 0 ? 'text-success' : ''}`}>
                        {formatCents(line.amountMinor)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th>Subtotal</th>
                    <td className="hidden sm:table-cell" colSpan={2} />
                    <th className="text-right" data-testid="upcoming-subtotal">
                      {formatCents(invoice.subtotalMinor)}
                    </th>
                  </tr>
                  <tr>
                    <th>Credits</th>
                    <td className="hidden sm:table-cell" colSpan={2} />
                    <th className="text-right" data-testid="upcoming-credits">
                      {formatCents(invoice.creditsMinor)}
                    </th>
                  </tr>
                  <tr className="text-base text-base-content">
                    <th>Total</th>
                    <td className="hidden sm:table-cell" colSpan={2} />
                    <th className="text-right" data-testid="upcoming-total">
                      {formatCents(invoice.totalMinor)}
                    </th>
                  </tr>
                </tfoot>
              </table>
            </div>
          ))}
      </div>
    </section>
  );
}
