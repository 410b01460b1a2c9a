import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { runKeys } from './get-runs.ts';
import type { RunDetail } from './types.ts';

/** What to rerun: the whole run, or from one step (its upstream outputs are reused). */
export interface RerunRequest {
  runId: string;
  fromStep?: string;
}

/** Starts a new run from a recorded one; the answer carries its lineage. */
export function rerunRun({ runId, fromStep }: RerunRequest): Promise<RunDetail> {
  return apiRequest<RunDetail>(`/api/runs/${encodeURIComponent(runId)}/rerun`, {
    method: 'POST',
    body: fromStep ? { fromStep } : {},
  });
}

/** Mutation for a rerun: seeds the new run's cache entry and refreshes the run lists. */
export function useRerunRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rerunRun,
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.detail(run.runId), run);
      // Not awaited: navigating to the new run need not wait for lists that are not on screen.
      void queryClient.invalidateQueries({ queryKey: runKeys.lists() });
    },
  });
}
