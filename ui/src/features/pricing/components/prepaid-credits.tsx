import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatMonth } from '../../../utils/format.ts';
import { upcomingInvoiceQueryOptions } from '../api/billing-api.ts';
import { formatCents } from '../utils/pricing.ts';

/**
 * "Pre-paid credits": the balance left (unused credits roll over) and what this month's attended
 * meetings draw from it so far, from the upcoming invoice (GET /api/billing/upcoming, shared query).
 */
export function PrepaidCreditsCard() {
  const query = useQuery(upcomingInvoiceQueryOptions());
  const invoice = query.data;
  const prepaid = invoice?.prepaid;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="prepaid-credits-title" data-testid="prepaid-credits">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="prepaid-credits-title" className="card-title text-base">
            Pre-paid credits
          </h2>
          <p className="text-sm text-base-content/70">
            Credits pre-paid each month pay for attended meetings first; what is left rolls over. At the month's end the rest is invoiced.
          </p>
        </div>
        {query.isError && <ErrorAlert message={query.error.message} />}
        {query.isPending && <span role="status" className="loading loading-spinner loading-md" aria-label="Loading the pre-paid credits" />}
        {invoice && prepaid && (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-xs text-base-content/60">Balance</dt>
              <dd className="text-lg font-semibold" data-testid="credits-balance">
                {formatCents(prepaid.balanceMinor)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">
                Drawn by {formatMonth(invoice.month)}'s meetings{prepaid.closed ? '' : ' so far'}
              </dt>
              <dd className="text-lg font-semibold" data-testid="credits-drawn">
                {formatCents(prepaid.drawnMinor)}
                <span className="ml-1 text-xs font-normal text-base-content/60">
                  ({prepaid.draws.length} meeting{prepaid.draws.length === 1 ? '' : 's'})
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/60">Left to invoice</dt>
              <dd className="text-lg font-semibold" data-testid="credits-due">
                {formatCents(prepaid.dueMinor)}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}
