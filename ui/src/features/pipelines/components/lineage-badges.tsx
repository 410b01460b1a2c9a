import { Link } from 'react-router-dom';
import type { RunSummary } from '../api/types.ts';
import { shortRunId } from '../utils/run-id.ts';

/** Where a run came from: "retry of …" or "restarted from step … of …", linking the earlier run. */
export function LineageBadges({ run }: { run: Pick<RunSummary, 'retryOf' | 'restartedFrom'> }) {
  if (run.retryOf) {
    return (
      <span className="badge badge-outline badge-sm gap-1 whitespace-nowrap">
        retry of
        <Link className="link font-mono" to={`/pipelines/runs/${run.retryOf}`}>
          {shortRunId(run.retryOf)}
        </Link>
      </span>
    );
  }
  if (run.restartedFrom) {
    const { runId, nodeId } = run.restartedFrom;
    return (
      <span className="badge badge-outline badge-sm gap-1 whitespace-nowrap">
        restarted from step <span className="font-mono">{nodeId}</span> of
        <Link className="link font-mono" to={`/pipelines/runs/${runId}`}>
          {shortRunId(runId)}
        </Link>
      </span>
    );
  }
  return null;
}
