import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiRunsIdStepsNodeIdOutputResponse } from '../../../lib/api-types.generated.ts';
import { runKeys } from './get-runs.ts';

/** A completed step's full output, as the activity returned it. */
export type StepOutput = GetApiRunsIdStepsNodeIdOutputResponse;

/** Fetches one step's stored output. */
export function getStepOutput(runId: string, nodeId: string, signal?: AbortSignal): Promise<StepOutput> {
  return apiRequest<StepOutput>(`/api/runs/${encodeURIComponent(runId)}/steps/${encodeURIComponent(nodeId)}/output`, { signal });
}

/** Query options for a step's output; only completed steps have one, and it never changes. */
export function stepOutputQueryOptions(runId: string, nodeId: string, completed: boolean) {
  return queryOptions({
    queryKey: runKeys.output(runId, nodeId),
    queryFn: ({ signal }) => getStepOutput(runId, nodeId, signal),
    enabled: completed,
    staleTime: Infinity,
  });
}
