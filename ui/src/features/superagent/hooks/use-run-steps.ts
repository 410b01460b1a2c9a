import { useEffect, useState } from 'react';
import { withWorkspace } from '../../../lib/workspace.ts';
import type { RunStep } from '../utils/steps.ts';

/** What the run's event stream has said so far. */
export interface FollowedRun {
  status: string;
  steps: Record<string, RunStep>;
  error?: string;
}

/**
 * Follows a run's Server-Sent Events (GET /api/runs/:id/events: a snapshot, then step and run
 * events) and answers its status and steps as they move; closes when the run has ended.
 */
export function useRunSteps(runId: string | null): FollowedRun | null {
  const [run, setRun] = useState<FollowedRun | null>(null);
  useEffect(() => {
    setRun(null);
    if (!runId) return;
    const source = new EventSource(withWorkspace(`/api/runs/${encodeURIComponent(runId)}/events`), { withCredentials: true });
    const ended = (status: string) => status === 'completed' || status === 'failed';
    source.addEventListener('snapshot', (event) => {
      const snapshot = JSON.parse((event as MessageEvent<string>).data) as FollowedRun;
      setRun(snapshot);
      if (ended(snapshot.status)) source.close();
    });
    source.addEventListener('step', (event) => {
      const { nodeId, ...step } = JSON.parse((event as MessageEvent<string>).data) as RunStep & { nodeId: string };
      setRun((current) => current && { ...current, steps: { ...current.steps, [nodeId]: step } });
    });
    source.addEventListener('run', (event) => {
      const { status, error } = JSON.parse((event as MessageEvent<string>).data) as { status: string; error?: string };
      setRun((current) => current && { ...current, status, ...(error ? { error } : {}) });
      if (ended(status)) source.close();
    });
    return () => source.close();
  }, [runId]);
  return run;
}
