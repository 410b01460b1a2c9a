import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Role } from '../../auth/index.ts';

/** One of the workspace's API tokens (GET /api/tokens): never the token itself. */
export interface ApiToken {
  id: string;
  name: string;
  role: Role;
  /** The token's first characters, to tell tokens apart. */
  prefix: string;
  createdAt: string;
  /** To the minute; null if never used. */
  lastUsedAt: string | null;
  /** When it stops working (the API refuses it from then on); null: never. */
  expiresAt: string | null;
}

/** A new token, the secret included: this answer is the only time it is shown. */
export interface CreatedToken extends ApiToken {
  token: string;
}

export const tokenKeys = { all: ['api-tokens'] as const };

/** The workspace's API tokens, oldest first (admins and owners). */
export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => apiRequest<ApiToken[]>('/api/tokens', { signal }),
  });

/** POST /api/tokens: a token acting in the workspace with a role (at most the creator's), for `expiresInDays` days (null: never). */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; role: Role; expiresInDays: number | null }) =>
      apiRequest<CreatedToken>('/api/tokens', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** DELETE /api/tokens/{id}: the token stops working at once. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ revoked: true }>(`/api/tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
