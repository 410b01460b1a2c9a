import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiMembersUserIdResponse,
  GetApiMembersResponse,
  PatchApiMembersUserIdBody,
  PatchApiMembersUserIdResponse,
} from '../../../lib/api-types.generated.ts';
import { invitationKeys } from './invitations-api.ts';
import { tokenKeys } from './tokens-api.ts';

/** One member of the workspace (GET /api/members). */
export type Member = GetApiMembersResponse[number];

export const memberKeys = { all: ['members'] as const };

/** A member's change reaches the credentials they made (their tokens capped or revoked, invitations withdrawn): all are fetched again. */
const refetchAfterMemberChange = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([memberKeys.all, tokenKeys.all, invitationKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** The workspace's members, oldest first; every member may read them. */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.all,
    queryFn: ({ signal }) => apiRequest<GetApiMembersResponse>('/api/members', { signal }),
  });

/**
 * PATCH /api/members/{userId}: another role for a member (the API refuses one above the caller's,
 * or the last owner's); their API tokens above it are capped to it, their invitations above it withdrawn.
 */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & PatchApiMembersUserIdBody) =>
      apiRequest<PatchApiMembersUserIdResponse>(`/api/members/${userId}`, {
        method: 'PATCH',
        body: { role } satisfies PatchApiMembersUserIdBody,
      }),
    onSettled: () => refetchAfterMemberChange(queryClient),
  });
}

/**
 * DELETE /api/members/{userId}: the member leaves the workspace (their account stays), with the
 * API tokens and invitations they made in it. The lists are fetched again, unless the user removed
 * themselves (`leaving`): they are no longer theirs to read.
 */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  const refetch = () => refetchAfterMemberChange(queryClient);
  return useMutation({
    mutationFn: ({ userId }: { userId: string; leaving: boolean }) =>
      apiRequest<DeleteApiMembersUserIdResponse>(`/api/members/${userId}`, { method: 'DELETE' }),
    onSuccess: (_, { leaving }) => (leaving ? undefined : refetch()),
    onError: refetch,
  });
}
