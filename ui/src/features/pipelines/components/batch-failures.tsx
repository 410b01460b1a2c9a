import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BatchDetail } from '../api/batches-api.ts';
import { formatNumber } from '../../../utils/format.ts';

/** The batch's failed runs: whose input, which step, what it met, and the run to open. */
export function BatchFailures({ batch, action }: { batch: BatchDetail; action: ReactNode }) {
  const shown = batch.failures.length;
  return (
    <section aria-labelledby="failures-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="failures-title" className="card-title text-base">
            Failed runs ({formatNumber(batch.runs.failed)})
          </h2>
          {action}
        </div>
        {shown < batch.runs.failed && (
          <p className="text-xs text-base-content/60">
            The first {formatNumber(shown)} are listed; Retry failed runs all {formatNumber(batch.runs.failed)}.
          </p>
        )}
        <ul className="flex flex-col divide-y divide-base-200 text-sm" data-testid="failures">
          {batch.failures.map((failure) => (
            <li key={failure.runId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2" data-testid="failure">
              <span className="font-medium wrap-anywhere">{failure.input.summary}</span>
              {failure.nodeId && <span className="badge badge-outline badge-sm">{failure.nodeId}</span>}
              <span className="min-w-0 flex-1 basis-48 text-error wrap-anywhere">{failure.error}</span>
              <Link className="link text-xs" to={`/pipelines/runs/${encodeURIComponent(failure.runId)}`}>
                Open run
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
