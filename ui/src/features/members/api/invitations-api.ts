import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Role } from '../../auth/index.ts';

/** An invitation not yet used, withdrawn or expired (GET /api/invitations): never its link. */
export interface Invitation {
  id: string;
  role: Role;
  /** Only the account with this email may accept; null: anyone with the link. */
  email: string | null;
  createdAt: string;
  expiresAt: string;
}

/** A new invitation: its token and `/invite/<token>` link, in this answer only. */
export interface CreatedInvitation extends Invitation {
  token: string;
  link: string;
}

/** The workspace an accepted invitation joined. */
export interface JoinedWorkspace {
  slug: string;
  name: string;
  role: Role;
}

export const invitationKeys = { all: ['invitations'] as const };

/** The workspace's pending invitations, oldest first (admins and owners). */
export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationKeys.all,
    queryFn: ({ signal }) => apiRequest<Invitation[]>('/api/invitations', { signal }),
  });

/** POST /api/invitations: a single-use link with a role (at most the inviter's), optionally for one email. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { role: Role; email?: string }) =>
      apiRequest<CreatedInvitation>('/api/invitations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** DELETE /api/invitations/{id}: the link stops working. */
export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ revoked: true }>(`/api/invitations/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** POST /api/invitations/accept: the signed-in user joins the invitation's workspace with its role. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<JoinedWorkspace>('/api/invitations/accept', { method: 'POST', body: { token } }),
  });
}
