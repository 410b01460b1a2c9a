import { Link } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../utils/format.ts';
import type { RunSummary } from '../api/types.ts';
import { runDuration } from '../utils/run-duration.ts';
import { shortRunId } from '../utils/run-id.ts';
import { LineageBadges } from './lineage-badges.tsx';
import { StatusBadge } from './run-status-badge.tsx';

/** The columns a phone leaves out (the run's cell says what they hold). */
export const WIDE = 'hidden sm:table-cell';

/** One run in the runs table: its run view (drawn with the definition it pinned), status, pipeline and version, prospect, times, lineage. */
export function RunRow({ run }: { run: RunSummary }) {
  const started = run.startedAt ?? run.createdAt;
  return (
    <tr className="hover:bg-base-200/50">
      <td>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/pipelines/runs/${run.runId}`}
            className="link link-primary font-mono"
            aria-label={`Run ${shortRunId(run.runId)} of ${run.pipelineId}`}
          >
            {shortRunId(run.runId)}
          </Link>
          <span className="sm:hidden">
            <StatusBadge status={run.status} size="sm" />
          </span>
        </div>
        {/* A phone has no room for every column: the status, pipeline, start and lineage go with the run. */}
        <div className="mt-1 flex flex-col items-start gap-0.5 text-xs sm:hidden">
          <span className="whitespace-nowrap">
            {run.pipelineId} <span className="text-base-content/60">v{run.pipelineVersion}</span>
          </span>
          <span className="whitespace-nowrap text-base-content/60">{formatDate(started, { time: true })}</span>
          <LineageBadges run={run} />
        </div>
      </td>
      <td className={WIDE}>
        <StatusBadge status={run.status} size="sm" />
      </td>
      <td className={`${WIDE} whitespace-nowrap`}>
        <span className="font-medium">{run.pipelineId}</span> <span className="text-base-content/60">v{run.pipelineVersion}</span>
      </td>
      <td className="whitespace-nowrap">
        {run.prospectId === undefined ? (
          <span className="text-base-content/60">—</span>
        ) : (
          <Link to={`/prospects?prospect=${run.prospectId}`} className="link" aria-label={`Prospect ${run.prospectId}`}>
            #{run.prospectId}
          </Link>
        )}
      </td>
      <td className={`${WIDE} whitespace-nowrap`}>{formatDateTime(started)}</td>
      <td className={`${WIDE} tabular-nums`} data-testid="run-duration">
        {runDuration(run) ?? '—'}
      </td>
      <td className={WIDE}>
        <LineageBadges run={run} />
      </td>
    </tr>
  );
}
