import { Link } from 'react-router-dom';
import { durationBetween, formatDateTime } from '../../../utils/format.ts';
import type { RunSummary } from '../api/types.ts';
import { shortRunId } from '../utils/run-id.ts';
import { LineageBadges } from './lineage-badges.tsx';
import { StatusBadge } from './run-status-badge.tsx';

/** One run in the recent-runs table. */
export function RunRow({ run }: { run: RunSummary }) {
  const started = run.startedAt ?? run.createdAt;
  return (
    <tr className="hover:bg-base-200/50">
      <td>
        <Link
          to={`/pipelines/runs/${run.runId}`}
          className="link link-primary font-mono"
          aria-label={`Run ${shortRunId(run.runId)} of ${run.pipelineId}`}
        >
          {shortRunId(run.runId)}
        </Link>
      </td>
      <td>
        <StatusBadge status={run.status} size="sm" />
      </td>
      <td className="whitespace-nowrap">
        <span className="font-medium">{run.pipelineId}</span> <span className="text-base-content/60">v{run.pipelineVersion}</span>
      </td>
      <td className="whitespace-nowrap">{formatDateTime(started)}</td>
      <td className="tabular-nums">{durationBetween(run.startedAt, run.endedAt) ?? '—'}</td>
      <td>
        <LineageBadges run={run} />
      </td>
    </tr>
  );
}
