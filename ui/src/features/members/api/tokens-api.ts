import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiTokensIdResponse,
  GetApiTokensResponse,
  PostApiTokensBody,
  PostApiTokensResponse,
} from '../../../lib/api-types.generated.ts';

/** One of the workspace's API tokens (GET /api/tokens): never the token itself. */
export type ApiToken = GetApiTokensResponse[number];

/** A new token, the secret included: this answer is the only time it is shown. */
export type CreatedToken = PostApiTokensResponse;

export const tokenKeys = { all: ['api-tokens'] as const };

/** The workspace's API tokens, oldest first (admins and owners). */
export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => apiRequest<GetApiTokensResponse>('/api/tokens', { signal }),
  });

/** POST /api/tokens: a token acting in the workspace with a role (at most the creator's), for `expiresInDays` days (null: never). */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostApiTokensBody) => apiRequest<CreatedToken>('/api/tokens', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** DELETE /api/tokens/{id}: the token stops working at once. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DeleteApiTokensIdResponse>(`/api/tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
