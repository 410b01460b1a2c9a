import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatNumber } from '../../../utils/format.ts';
import type { BatchDetail } from '../api/batches-api.ts';
import { BATCH_STATUS_BADGE, paceText, runsText, shortBatchId, timeText } from '../utils/batch.ts';

/** The batch's pipeline (linked, at the version it pinned), status, start, pace and time left, with its actions. */
export function BatchHeader({ batch, actions }: { batch: BatchDetail; actions: ReactNode }) {
  const { pipeline } = batch;
  const stats: Array<[string, string, string]> = [
    ['Runs', `${formatNumber(batch.total)}`, 'batch-total'],
    ['Started', formatDate(batch.startedAt, { time: true }), 'batch-started'],
    ['Throughput', paceText(batch.runsPerMinute), 'batch-throughput'],
    [batch.status === 'running' ? 'Time left' : 'Duration', timeText(batch), 'batch-eta'],
  ];
  return (
    <header className="flex flex-col gap-3" data-testid="batch-header">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold wrap-anywhere">
            <Link className="link link-hover" to={`/pipelines/${encodeURIComponent(pipeline.id)}?version=${pipeline.version}`}>
              {pipeline.name}
            </Link>{' '}
            <span className="text-base-content/70">v{pipeline.version}</span>
          </h1>
          <span className={`badge ${BATCH_STATUS_BADGE[batch.status]}`} data-testid="batch-status">
            {batch.status === 'running' && <span className="loading loading-ring loading-xs" aria-hidden="true" />}
            {batch.status}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </div>
      <p className="text-sm text-base-content/70">
        Batch{' '}
        <span className="font-mono" title={batch.batchId}>
          {shortBatchId(batch.batchId)}
        </span>{' '}
        · <span data-testid="batch-runs">{runsText(batch.runs)}</span>
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map(([title, value, testId]) => (
          <div key={testId} className="rounded-box bg-base-100 px-4 py-3 shadow-sm">
            <dt className="text-xs text-base-content/60">{title}</dt>
            <dd className="mt-1 font-semibold tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
