import { formatDateTime } from '../../../utils/format.ts';
import type { RunDetail } from '../api/types.ts';
import { isRunLive } from '../utils/run-status.ts';
import { runDuration } from '../utils/run-duration.ts';
import { shortRunId } from '../utils/run-id.ts';
import { LineageBadges } from './lineage-badges.tsx';
import { StatusBadge } from './run-status-badge.tsx';

interface RunHeaderProps {
  run: RunDetail;
  rerunPending: boolean;
  onRerun: () => void;
}

/** The run's title, status, timing and lineage, with the whole-run rerun. */
export function RunHeader({ run, rerunPending, onRerun }: RunHeaderProps) {
  const { definition } = run;
  return (
    <header data-testid="run-header" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">
          {definition.name} <span className="text-base-content/70">v{definition.version}</span>
        </h1>
        <span data-testid="run-status">
          <StatusBadge status={run.status} />
        </span>
        {isRunLive(run.status) && (
          <span className="flex items-center gap-1 text-sm text-info">
            <span className="loading loading-ring loading-xs" aria-hidden="true" /> live
          </span>
        )}
        <button type="button" className="btn btn-primary btn-sm ml-auto" onClick={onRerun} disabled={rerunPending}>
          {rerunPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Rerun whole run
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm text-base-content/70">
        <span>
          Run{' '}
          <span className="font-mono" title={run.runId}>
            {shortRunId(run.runId)}
          </span>
        </span>
        <span>Started {formatDateTime(run.startedAt ?? run.createdAt)}</span>
        <span data-testid="run-duration">Duration {runDuration(run) ?? '—'}</span>
        <LineageBadges run={run} />
      </div>
      {run.error && (
        <div role="alert" className="alert alert-error alert-soft">
          <span className="wrap-anywhere">{run.error}</span>
        </div>
      )}
    </header>
  );
}
