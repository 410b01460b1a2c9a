import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { runKeys } from './get-runs.ts';
import type { RunDetail } from './types.ts';

/** Fetches one run with its pinned definition and input. */
export function getRun(runId: string, signal?: AbortSignal): Promise<RunDetail> {
  return apiRequest<RunDetail>(`/api/runs/${encodeURIComponent(runId)}`, { signal });
}

/** Query options for one run; live changes arrive by the event stream, not by polling. */
export function runQueryOptions(runId: string) {
  return queryOptions({
    queryKey: runKeys.detail(runId),
    queryFn: ({ signal }) => getRun(runId, signal),
  });
}
