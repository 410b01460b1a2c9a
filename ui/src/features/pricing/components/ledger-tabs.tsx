import type { LedgerSummary, PricingSlice } from '../api/pricing-api.ts';
import { formatMonth } from '../../../utils/format.ts';
import { formatUsd } from '../utils/pricing.ts';

/** What Analytics and Billing show before the first attended meeting. */
export function LedgerEmpty() {
  return (
    <p className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-sm text-base-content/70" data-testid="ledger-empty">
      No attended meetings yet: charges appear here when a booked meeting is marked attended. No-shows are never charged.
    </p>
  );
}

/** One figure of the summary strip. */
function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="stat">
      <div className="stat-title">{label}</div>
      <div className="stat-value text-2xl" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** Analytics: the average price per attended meeting, meetings charged, no-shows and spend, then per slice. */
export function AnalyticsTab({ ledger, slices }: { ledger: LedgerSummary; slices: readonly PricingSlice[] }) {
  const nameOf = (sliceId: string) => slices.find((slice) => slice.sliceId === sliceId)?.sliceName ?? sliceId;
  return (
    <div className="flex flex-col gap-4">
      <div className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal">
        <Stat label="Average price per meeting" value={formatUsd(ledger.averagePpm)} testId="ledger-average" />
        <Stat label="Meetings charged" value={String(ledger.meetingsCharged)} testId="ledger-charged" />
        <Stat label="No-shows (not charged)" value={String(ledger.noShows)} testId="ledger-no-shows" />
        <Stat label="Total spend" value={formatUsd(ledger.total)} testId="ledger-total" />
      </div>
      <div className="overflow-x-auto rounded-box bg-base-100 shadow-sm">
        <table className="table">
          <thead>
            <tr>
              <th>Slice</th>
              <th className="text-right">Charged</th>
              <th className="text-right">No-shows</th>
              <th className="text-right">Spend</th>
            </tr>
          </thead>
          <tbody>
            {ledger.bySlice.map((row) => (
              <tr key={row.sliceId}>
                <td>{nameOf(row.sliceId)}</td>
                <td className="text-right">{row.meetingsCharged}</td>
                <td className="text-right">{row.noShows}</td>
                <td className="text-right">{formatUsd(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Billing: what each month cost, from the ledger (on a phone, without the no-shows, which cost nothing). */
export function BillingTab({ ledger }: { ledger: LedgerSummary }) {
  return (
    <section className="overflow-x-auto rounded-box bg-base-100 shadow-sm" aria-labelledby="charges-by-month-title">
      <h2 id="charges-by-month-title" className="px-5 pt-5 text-base font-semibold">
        Charges by month
      </h2>
      <table className="table">
        <thead>
          <tr>
            <th>Month</th>
            <th className="text-right">
              Meetings<span className="hidden sm:inline"> charged</span>
            </th>
            <th className="hidden text-right sm:table-cell">No-shows</th>
            <th className="text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {ledger.byMonth.map((row) => (
            <tr key={row.month} data-testid={`billing-${row.month}`}>
              <td>{formatMonth(row.month)}</td>
              <td className="text-right">{row.meetingsCharged}</td>
              <td className="hidden text-right sm:table-cell">{row.noShows}</td>
              <td className="text-right">{formatUsd(row.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th className="text-right">{ledger.meetingsCharged}</th>
            <th className="hidden text-right sm:table-cell">{ledger.noShows}</th>
            <th className="text-right" data-testid="billing-total">
              {formatUsd(ledger.total)}
            </th>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
