import { formatNumber, formatPercent } from '../../../utils/format.ts';
import type { DiscoverProspectsResponse, DiscoverySourceId } from '../api/types.ts';
import { sampleSummaryOf } from '../utils/sample-summary.ts';
import { useDataSources } from '../api/data-sources.ts';
import { sourceLabel } from '../utils/sources.ts';

interface DiscoverySummaryProps {
  result: DiscoverProspectsResponse;
  /** The sources the discovery was asked to search. */
  sourcesUsed: readonly DiscoverySourceId[];
}

const listOf = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** Prospects found, confidence and sources used (spec section 2), what is sample data and why, and the API's notes. */
export function DiscoverySummary({ result, sourcesUsed }: DiscoverySummaryProps) {
  const list = useDataSources().data ?? [];
  const sample = sampleSummaryOf(result.prospects, list);
  const standIns = listOf(sample.sources.map((id) => sourceLabel(list, id)));
  return (
    <section aria-label="Discovery summary" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="stats stats-vertical sm:stats-horizontal">
          <div className="stat">
            <div className="stat-title">Prospects Found</div>
            <div className="stat-value" data-testid="prospects-found">
              {result.totalFound}
            </div>
          </div>
          <div className="stat">
            <div className="stat-title">Confidence</div>
            <div className="stat-value">{formatPercent(result.confidence)}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Sources Used</div>
            <div className="stat-value">{sourcesUsed.length}</div>
            <div className="stat-desc whitespace-normal">{sourcesUsed.map((id) => sourceLabel(list, id)).join(', ')}</div>
          </div>
        </div>
        {sample.sampleCount > 0 && (
          <div role="note" className="alert alert-warning alert-soft" data-testid="sample-summary">
            <span>
              <strong>
                {formatNumber(sample.sampleCount)} of {formatNumber(sample.total)} results are sample data.
              </strong>{' '}
              {standIns} {sample.sources.length === 1 ? 'has' : 'have'} no credentials configured, so the built-in sample database answered
              instead: fictional people and companies, not the provider's. Configure the source's credentials to search the provider itself.
            </span>
          </div>
        )}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">How these results were found</summary>
          <p className="mt-2 text-base-content/80">{result.notes}</p>
        </details>
      </div>
    </section>
  );
}
