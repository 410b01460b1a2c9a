import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SavedPipeline } from './types.ts';

/** Fetches the latest version of every saved pipeline of the workspace. */
export function getPipelines(signal?: AbortSignal): Promise<SavedPipeline[]> {
  return apiRequest<SavedPipeline[]>('/api/pipelines', { signal });
}

/** Query options for the saved pipelines. */
export function pipelinesQueryOptions() {
  return queryOptions({
    queryKey: ['pipelines', 'list'],
    queryFn: ({ signal }) => getPipelines(signal),
  });
}
