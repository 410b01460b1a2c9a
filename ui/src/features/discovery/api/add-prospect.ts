import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { AddedProspect, NewProspect } from './types.ts';

// The prospect list lives in another feature; its queries share this root key, so a new
// prospect shows there without this feature importing that one.
const PROSPECTS_ROOT_KEY = ['prospects'] as const;

/** Adds a prospect to the workspace's pipeline; 409 when a prospect with this email exists. */
export function addProspect(prospect: NewProspect): Promise<AddedProspect> {
  return apiRequest<AddedProspect>('/api/prospects', { method: 'POST', body: prospect });
}

/** Fetches any prospect list again (after adding some). */
export const refreshProspectLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: PROSPECTS_ROOT_KEY });

/** Mutation for Add to Pipeline: refreshes any prospect list on success. */
export function useAddProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProspect,
    onSuccess: () => {
      void refreshProspectLists(queryClient);
    },
  });
}
