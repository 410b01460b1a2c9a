import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pipelineKeys } from './get-pipelines.ts';
import type { PipelineView } from './types.ts';

/** What to copy: a pipeline (built-ins included) and, else its latest, one of its versions. */
export interface DuplicateRequest {
  pipelineId: string;
  version?: number;
}

/** Saves version 1 of a new pipeline copied from the source (its id `<id>-copy`, name "Copy of …"). */
export function duplicatePipeline({ pipelineId, version }: DuplicateRequest): Promise<PipelineView> {
  return apiRequest<PipelineView>(`/api/pipelines/${encodeURIComponent(pipelineId)}/duplicate`, {
    method: 'POST',
    body: version ? { version } : {},
  });
}

/** Mutation for Duplicate: seeds the copy's cache entry and refreshes the pipeline lists. */
export function useDuplicatePipeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicatePipeline,
    onSuccess: (copy) => {
      queryClient.setQueryData(pipelineKeys.detail(copy.pipelineId, undefined), { ...copy, builtIn: false });
      // Not awaited: navigating to the copy need not wait for lists that are not on screen.
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.list() });
    },
  });
}
