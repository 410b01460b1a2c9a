import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiInvitationsIdResponse,
  GetApiInvitationsResponse,
  PostApiInvitationsAcceptBody,
  PostApiInvitationsAcceptResponse,
  PostApiInvitationsBody,
  PostApiInvitationsResponse,
} from '../../../lib/api-types.generated.ts';

/** An invitation not yet used, withdrawn or expired (GET /api/invitations): never its link. */
export type Invitation = GetApiInvitationsResponse[number];

/** A new invitation: its token and `/invite/<token>` link, in this answer only. */
export type CreatedInvitation = PostApiInvitationsResponse;

/** The workspace an accepted invitation joined. */
export type JoinedWorkspace = PostApiInvitationsAcceptResponse;

export const invitationKeys = { all: ['invitations'] as const };

/** The workspace's pending invitations, oldest first (admins and owners). */
export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationKeys.all,
    queryFn: ({ signal }) => apiRequest<GetApiInvitationsResponse>('/api/invitations', { signal }),
  });

/** POST /api/invitations: a single-use link with a role (at most the inviter's), optionally for one email. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostApiInvitationsBody) => apiRequest<CreatedInvitation>('/api/invitations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** DELETE /api/invitations/{id}: the link stops working. */
export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DeleteApiInvitationsIdResponse>(`/api/invitations/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** POST /api/invitations/accept: the signed-in user joins the invitation's workspace with its role. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<JoinedWorkspace>('/api/invitations/accept', { method: 'POST', body: { token } satisfies PostApiInvitationsAcceptBody }),
  });
}
