import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api-client.ts';
import type { RunStatus, RunSummary } from './types.ts';
import { isRunLive } from '../utils/run-status.ts';

/** Which runs to list (GET /api/runs's query): every filter optional; limit defaults to 50, offset to 0. */
export interface RunsFilter {
  pipeline?: string;
  /** A version of `pipeline` (the API refuses it alone). */
  version?: number;
  status?: RunStatus;
  /** A prospect id. */
  prospect?: number;
  /** ISO moments bounding `createdAt`, both inclusive. */
  from?: string;
  to?: string;
  limit?: number;
  offset?: number;
}

/** Query keys of runs: `all` ⊃ `lists` ⊃ one list, and `all` ⊃ one run's detail. */
export const runKeys = {
  all: ['runs'] as const,
  lists: () => [...runKeys.all, 'list'] as const,
  list: (filter: RunsFilter) => [...runKeys.lists(), filter] as const,
  detail: (runId: string) => [...runKeys.all, 'detail', runId] as const,
  output: (runId: string, nodeId: string) => [...runKeys.detail(runId), 'output', nodeId] as const,
};

/** Fetches one page of runs, newest first, with how many match in all (the `X-Total-Count` header). */
export function getRuns(filter: RunsFilter, signal?: AbortSignal): Promise<{ items: RunSummary[]; total: number }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.size > 0 ? `?${params}` : '';
  return apiPage<RunSummary>(`/api/runs${query}`, { signal });
}

// Only while something is in flight: a list of finished runs has nothing to catch up on.
const LIVE_LIST_POLL_MS = 5_000;

/** Query options for a page of runs, polled while any listed run is pending or running; the last page stays while the next loads. */
export function runsQueryOptions(filter: RunsFilter = {}) {
  return queryOptions({
    queryKey: runKeys.list(filter),
    queryFn: ({ signal }) => getRuns(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((run) => isRunLive(run.status)) ? LIVE_LIST_POLL_MS : false),
  });
}
