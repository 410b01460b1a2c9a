import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { RunSummary } from './types.ts';
import { isRunLive } from '../utils/run-status.ts';

/** Which runs to list; both optional on the API (limit defaults to 50). */
export interface RunsFilter {
  pipeline?: string;
  limit?: number;
}

/** Query keys of runs: `all` ⊃ `lists` ⊃ one list, and `all` ⊃ one run's detail. */
export const runKeys = {
  all: ['runs'] as const,
  lists: () => [...runKeys.all, 'list'] as const,
  list: (filter: RunsFilter) => [...runKeys.lists(), filter] as const,
  detail: (runId: string) => [...runKeys.all, 'detail', runId] as const,
  output: (runId: string, nodeId: string) => [...runKeys.detail(runId), 'output', nodeId] as const,
};

/** Fetches runs newest first. */
export function getRuns(filter: RunsFilter, signal?: AbortSignal): Promise<RunSummary[]> {
  const params = new URLSearchParams();
  if (filter.pipeline) params.set('pipeline', filter.pipeline);
  if (filter.limit) params.set('limit', String(filter.limit));
  const query = params.size > 0 ? `?${params}` : '';
  return apiRequest<RunSummary[]>(`/api/runs${query}`, { signal });
}

// Only while something is in flight: a list of finished runs has nothing to catch up on.
const LIVE_LIST_POLL_MS = 5_000;

/** Query options for a list of runs, polled while any listed run is pending or running. */
export function runsQueryOptions(filter: RunsFilter = {}) {
  return queryOptions({
    queryKey: runKeys.list(filter),
    queryFn: ({ signal }) => getRuns(filter, signal),
    refetchInterval: (query) => (query.state.data?.some((run) => isRunLive(run.status)) ? LIVE_LIST_POLL_MS : false),
  });
}
