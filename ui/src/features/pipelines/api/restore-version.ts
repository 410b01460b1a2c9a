import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pipelineQueryOptions } from './get-pipeline.ts';
import { pipelineKeys } from './get-pipelines.ts';
import type { PipelineView } from './types.ts';

/** Which version of a saved pipeline to bring back. */
export interface RestoreRequest {
  pipelineId: string;
  version: number;
}

/** The note a restored version is saved with, for the version history. */
export const restoredNote = (version: number) => `Restored from v${version}`;

/**
 * Mutation for Restore: saves an older version's definition again as the pipeline's next version
 * (checked like any save, so a 400 names what no longer holds), then seeds the new latest version
 * and refreshes the lists and versions. Nothing is overwritten: every version stays as it was.
 */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pipelineId, version }: RestoreRequest) => {
      const { definition } = await queryClient.fetchQuery(pipelineQueryOptions(pipelineId, version));
      return apiRequest<Omit<PipelineView, 'builtIn'>>('/api/pipelines', {
        method: 'POST',
        body: { ...definition, note: restoredNote(version) },
      });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(pipelineKeys.detail(saved.pipelineId, undefined), { ...saved, builtIn: false });
      // Not awaited: the page shows the seeded version while the lists catch up.
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.versions(saved.pipelineId) });
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.list() });
    },
  });
}
