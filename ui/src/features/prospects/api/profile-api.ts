import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiProspectsIdProfileResponse,
  PostApiProspectsIdSequenceBody,
  PostApiProspectsIdSequenceResponse,
  PostApiSuperagentProcessProspectResponse202,
} from '../../../lib/api-types.generated.ts';

/** One email of the sequence: what was sent (or waits to be) once written to the outbox, the copy as written before. */
export type ProfileEmail = NonNullable<GetApiProspectsIdProfileResponse['sequence']>['emails'][number];
/** Where an email of the sequence stands: planned, every outbox status, or stopped. */
export type ProfileEmailStatus = ProfileEmail['status'];

/** GET /api/prospects/:id/profile. */
export type ProspectProfile = GetApiProspectsIdProfileResponse;

/** A sequence's live state (its workflow's answer). */
export type SequenceState = PostApiProspectsIdSequenceResponse;

/** What a user may do to a sequence. */
export type SequenceAction = PostApiProspectsIdSequenceBody['action'];

/** The detail panel's data. */
export const profileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['prospects', 'profile', id],
    queryFn: ({ signal }) => apiRequest<ProspectProfile>(`/api/prospects/${id}/profile`, { signal }),
  });

/** "Process": starts the prospect pipeline for the prospect; the profile and list are fetched again once it is started. */
export function useProcessProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prospectId: number) =>
      apiRequest<PostApiSuperagentProcessProspectResponse202>('/api/superagent/process-prospect', {
        method: 'POST',
        body: { prospectId, wait: false },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['prospects'] }),
  });
}

/** Pause, resume, stop the prospect's sequence, or send its next step now; the profile is fetched again. */
export function useControlSequence(prospectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SequenceAction) =>
      apiRequest<SequenceState>(`/api/prospects/${prospectId}/sequence`, { method: 'POST', body: { action } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['prospects', 'profile', prospectId] }),
  });
}
