import { Link } from 'react-router-dom';
import { isRunLive, type TestRun } from '../utils/test-run.ts';
import { RunStatusBadge } from './run-status-badge.tsx';

interface TestRunBarProps {
  run: TestRun;
  /** True once the draft changed since the run: the steps no longer show its statuses. */
  edited: boolean;
  streamError: string | undefined;
  onDismiss: () => void;
}

/**
 * The last test run, along the top of the canvas: its status (live while it runs), the link to
 * its full page (in a new tab, so the draft stays open), why it failed, and whether the steps
 * still show its statuses.
 */
export function TestRunBar({ run, edited, streamError, onDismiss }: TestRunBarProps) {
  const live = isRunLive(run.status);
  return (
    <section
      aria-label="Test run"
      data-testid="test-run-bar"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-base-300 bg-base-200/60 px-3 py-2 text-sm"
    >
      <h2 className="font-semibold">Test run</h2>
      <span role="status" data-testid="test-run-status" className="flex items-center gap-1">
        <RunStatusBadge status={run.status} size="sm" />
        {live && <span className="loading loading-ring loading-xs text-info" aria-label="live" />}
      </span>
      <Link className="link text-xs" to={`/pipelines/runs/${encodeURIComponent(run.runId)}`} target="_blank" rel="noopener">
        Open the full run ↗
      </Link>
      <button type="button" className="btn btn-ghost btn-xs btn-square ml-auto" aria-label="Dismiss the test run" onClick={onDismiss}>
        ✕
      </button>
      {edited && (
        <p className="basis-full text-xs text-base-content/70" data-testid="test-run-edited">
          The draft changed since this run, so the steps no longer show its statuses: run it again to see the new draft&apos;s.
        </p>
      )}
      {run.error && (
        <p className="line-clamp-3 basis-full text-xs wrap-anywhere text-error" title={run.error}>
          {run.error}
        </p>
      )}
      {streamError && <p className="basis-full text-xs text-base-content/70">{streamError}</p>}
    </section>
  );
}
