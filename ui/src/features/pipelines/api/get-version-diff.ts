import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiPipelinesIdDiffResponse } from '../../../lib/api-types.generated.ts';
import { pipelineKeys } from './get-pipelines.ts';

/** What changed from one saved version to another, as GET /api/pipelines/:id/diff answers it. */
export type VersionDiff = GetApiPipelinesIdDiffResponse;
/** How one step differs between two versions: which of its parts changed (`activity`, `when`, `retry`, `input.<field>`, …). */
export type StepChange = VersionDiff['nodes']['changed'][number];

/** Fetches what changed from version `from` to version `to` of a saved pipeline. */
export function getVersionDiff(id: string, from: number, to: number, signal?: AbortSignal): Promise<VersionDiff> {
  return apiRequest<VersionDiff>(`/api/pipelines/${encodeURIComponent(id)}/diff?from=${from}&to=${to}`, { signal });
}

/** Query options for the diff of two versions; saved versions never change, so neither does their diff. */
export function versionDiffQueryOptions(id: string, from: number, to: number) {
  return queryOptions({
    queryKey: [...pipelineKeys.all, 'diff', id, from, to] as const,
    queryFn: ({ signal }) => getVersionDiff(id, from, to, signal),
    staleTime: Infinity,
  });
}
