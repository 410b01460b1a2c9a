import { Link } from 'react-router-dom';
import { formatDate } from '../../../utils/format.ts';
import type { PipelineRunStats } from '../api/types.ts';
import { runCountsText } from '../utils/run-stats.ts';
import { shortRunId } from '../utils/run-id.ts';
import { StatusBadge } from './run-status-badge.tsx';

/**
 * How a pipeline's runs stand: the last run's status and when (linking the run), and the counts.
 * Null stats are a pipeline whose runs are not pipeline runs: the learning cycle, on the Learning Dashboard.
 */
export function RunStatsSummary({ stats }: { stats: PipelineRunStats | null }) {
  if (!stats) {
    return (
      <p className="text-sm text-base-content/70">
        Runs as its own workflow: its cycles are on the{' '}
        <Link to="/dashboard" className="link">
          Learning Dashboard
        </Link>
      </p>
    );
  }
  const { last } = stats;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="run-stats">
      {last && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-base-content/60">Last run</span>
          <StatusBadge status={last.status} size="sm" />
          <Link
            to={`/pipelines/runs/${last.runId}`}
            className="link whitespace-nowrap"
            aria-label={`${formatDate(last.startedAt ?? last.createdAt, { time: true })}: run ${shortRunId(last.runId)}, v${last.version}`}
          >
            {formatDate(last.startedAt ?? last.createdAt, { time: true })}
          </Link>
        </p>
      )}
      <p className="text-base-content/70 tabular-nums" data-testid="run-counts">
        {runCountsText(stats)}
      </p>
    </div>
  );
}
