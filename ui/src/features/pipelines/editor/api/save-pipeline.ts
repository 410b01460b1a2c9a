import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { pipelineKeys } from '../../api/get-pipelines.ts';
import type { PipelineDefinition } from '../../api/types.ts';

/** A saved version as POST /api/pipelines answers it. */
export interface SavedVersion {
  pipelineId: string;
  version: number;
  name: string;
  definition: PipelineDefinition;
  note?: string;
  createdAt: string;
}

/** What Save sends: the draft and what this version changes. */
export interface SaveRequest {
  definition: PipelineDefinition;
  note: string;
}

/** Saves the draft as the next version of its pipeline (version 1 of a new one); a refusal (400 for a broken shape, 422 for a
 * definition that cannot run here) names each bad field. */
export function savePipeline({ definition, note }: SaveRequest): Promise<SavedVersion> {
  return apiRequest<SavedVersion>('/api/pipelines', { method: 'POST', body: { ...definition, note } });
}

/** Mutation for Save: seeds the saved version's cache entry and refreshes the pipeline lists and versions. */
export function useSavePipeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePipeline,
    onSuccess: (saved) => {
      queryClient.setQueryData(pipelineKeys.detail(saved.pipelineId, undefined), { ...saved, builtIn: false });
      // Not awaited: the pipeline page the editor goes to fetches what it shows.
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.list() });
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.versions(saved.pipelineId) });
    },
  });
}
