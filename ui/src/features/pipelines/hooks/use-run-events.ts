import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withWorkspace } from '../../../lib/workspace.ts';
import { useToast } from '../../../lib/toast.ts';
import { runKeys } from '../api/get-runs.ts';
import type { RunDetail, RunStatus, StepRecord } from '../api/types.ts';
import { isRunLive } from '../utils/run-status.ts';

// The events of GET /api/runs/:id/events (platform/src/features/runs/pipelines/runs-routes.ts).
type SnapshotEvent = { status: RunStatus; steps: Record<string, StepRecord> };
type StepEvent = StepRecord & { nodeId: string };
type RunEvent = { status: RunStatus; error?: string };

const parse = <T>(event: MessageEvent<string>) => JSON.parse(event.data) as T;

/**
 * While `live`, follows the run's event stream and writes each event into the run's cache
 * entry, so every view of the run updates without polling. The stream is closed on unmount
 * and as soon as the run completes or fails; then the run is refetched for its final fields.
 */
export function useRunEvents(runId: string, live: boolean): void {
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    if (!live) return;
    const source = new EventSource(withWorkspace(`/api/runs/${encodeURIComponent(runId)}/events`), { withCredentials: true });
    const update = (patch: (run: RunDetail) => RunDetail) =>
      queryClient.setQueryData<RunDetail>(runKeys.detail(runId), (run) => run && patch(run));
    const settleIfDone = (status: RunStatus) => {
      if (isRunLive(status)) return;
      source.close();
      // endedAt, error and the run lists are not in the events: fetch them once.
      void queryClient.invalidateQueries({ queryKey: runKeys.all });
    };

    source.addEventListener('snapshot', (event) => {
      const { status, steps } = parse<SnapshotEvent>(event);
      update((run) => ({ ...run, status, steps }));
      settleIfDone(status);
    });
    source.addEventListener('step', (event) => {
      const { nodeId, ...step } = parse<StepEvent>(event);
      update((run) => ({ ...run, steps: { ...run.steps, [nodeId]: step } }));
    });
    source.addEventListener('run', (event) => {
      const { status, error } = parse<RunEvent>(event);
      update((run) => ({ ...run, status, ...(error ? { error } : {}) }));
      settleIfDone(status);
    });
    // The server names its own failures `error` too; a dropped connection reconnects by itself.
    source.addEventListener('error', (event) => {
      if (event instanceof MessageEvent)
        toast({ title: 'Live updates', description: parse<{ message: string }>(event).message, tone: 'error' });
      else if (source.readyState === EventSource.CLOSED) {
        // The server refused the stream (not a drop): show the latest recorded state once.
        toast({ title: 'Live updates stopped', description: 'Reload the page to follow the run again.', tone: 'error' });
        void queryClient.invalidateQueries({ queryKey: runKeys.detail(runId) });
      }
    });
    return () => source.close();
  }, [runId, live, queryClient, toast]);
}
