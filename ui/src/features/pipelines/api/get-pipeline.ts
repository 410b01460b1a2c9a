import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pipelineKeys } from './get-pipelines.ts';
import type { PipelineVersion, PipelineView } from './types.ts';

const pipelinePath = (id: string) => `/api/pipelines/${encodeURIComponent(id)}`;

/** Fetches one version of a pipeline with its definition (the latest when `version` is not given). */
export function getPipeline(id: string, version: number | undefined, signal?: AbortSignal): Promise<PipelineView> {
  return apiRequest<PipelineView>(`${pipelinePath(id)}${version ? `?version=${version}` : ''}`, { signal });
}

/** Query options for one version; a saved version never changes. */
export function pipelineQueryOptions(id: string, version: number | undefined) {
  return queryOptions({
    queryKey: pipelineKeys.detail(id, version),
    queryFn: ({ signal }) => getPipeline(id, version, signal),
    staleTime: version ? Infinity : 0,
  });
}

/** Query options for every version of a pipeline, newest first. */
export function pipelineVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: pipelineKeys.versions(id),
    queryFn: ({ signal }) => apiRequest<PipelineVersion[]>(`${pipelinePath(id)}/versions`, { signal }),
  });
}
