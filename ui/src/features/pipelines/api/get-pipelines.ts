import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PipelineListEntry } from './types.ts';
import { isRunLive } from '../utils/run-status.ts';

/** Query keys of pipelines: `all` ⊃ the list, one pipeline's versions and each version read. */
export const pipelineKeys = {
  all: ['pipelines'] as const,
  list: () => [...pipelineKeys.all, 'list'] as const,
  detail: (id: string, version: number | undefined) => [...pipelineKeys.all, 'detail', id, version ?? 'latest'] as const,
  versions: (id: string) => [...pipelineKeys.all, 'versions', id] as const,
};

/** Fetches every pipeline: the built-ins first, then the latest version of each saved one, with run stats. */
export function getPipelines(signal?: AbortSignal): Promise<PipelineListEntry[]> {
  return apiRequest<PipelineListEntry[]>('/api/pipelines', { signal });
}

// Slower than the runs list's: the counts read every run of the workspace.
const LIVE_STATS_POLL_MS = 10_000;

/** Query options for the pipelines list, polled while a pipeline's last run is pending or running. */
export function pipelinesQueryOptions() {
  return queryOptions({
    queryKey: pipelineKeys.list(),
    queryFn: ({ signal }) => getPipelines(signal),
    refetchInterval: (query) =>
      query.state.data?.some((pipeline) => pipeline.runs?.last && isRunLive(pipeline.runs.last.status)) ? LIVE_STATS_POLL_MS : false,
  });
}
