import { Link } from 'react-router-dom';
import { formatDateTime, formatNumber } from '../../../utils/format.ts';
import type { BatchDetail } from '../api/batches-api.ts';
import { shortBatchId } from '../utils/batch.ts';

/** Where the batch came from (the batch whose failures it retries) and the batches that retried its own. */
export function BatchLineage({ batch }: { batch: BatchDetail }) {
  if (!batch.retryOf && batch.retries.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-3 text-sm" data-testid="batch-lineage">
      {batch.retryOf && (
        <p>
          Retries the failed runs of batch{' '}
          <Link className="link font-mono" to={`/batches/${batch.retryOf}`} data-testid="retry-of">
            {shortBatchId(batch.retryOf)}
          </Link>
          .
        </p>
      )}
      {batch.retries.length > 0 && (
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span>Its failed runs were retried in:</span>
          <ul className="flex flex-wrap gap-x-3">
            {batch.retries.map((retry) => (
              <li key={retry.batchId} data-testid="retry">
                <Link className="link font-mono" to={`/batches/${retry.batchId}`}>
                  {shortBatchId(retry.batchId)}
                </Link>{' '}
                <span className="text-base-content/60">
                  ({formatNumber(retry.total)} {retry.total === 1 ? 'run' : 'runs'}, {formatDateTime(retry.startedAt)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
