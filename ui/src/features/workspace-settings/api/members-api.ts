import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Role } from '../../auth/index.ts';

/** One member of the workspace (GET /api/members). */
export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export const memberKeys = { all: ['members'] as const };

/** The workspace's members, oldest first; every member may read them. */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.all,
    queryFn: ({ signal }) => apiRequest<Member[]>('/api/members', { signal }),
  });

/** PATCH /api/members/{userId}: another role for a member (the API refuses one above the caller's, or the last owner's). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      apiRequest<Member>(`/api/members/${userId}`, { method: 'PATCH', body: { role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/**
 * DELETE /api/members/{userId}: the member leaves the workspace (their account stays). The list
 * is fetched again, unless the user removed themselves (`leaving`): it is no longer theirs to read.
 */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
  return useMutation({
    mutationFn: ({ userId }: { userId: string; leaving: boolean }) =>
      apiRequest<{ removed: true }>(`/api/members/${userId}`, { method: 'DELETE' }),
    onSuccess: (_, { leaving }) => (leaving ? undefined : refetch()),
    onError: refetch,
  });
}
