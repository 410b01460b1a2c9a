import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiSuppressionsEmailResponse,
  GetApiMembersResponse,
  GetApiSuppressionsResponse,
  PostApiSuppressionsBody,
  PostApiSuppressionsResponse,
} from '../../../lib/api-types.generated.ts';
import { suppressionsPath, type SuppressionFilters } from '../utils/suppression-filters.ts';

// The API's suppression list (platform/src/features/email/suppressions/api-schemas.ts), as its OpenAPI document states it.

/** One page of GET /api/suppressions, with every entry of the workspace counted by reason. */
export type SuppressionPage = GetApiSuppressionsResponse;

/** One entry: an address, or a whole domain written `*@example.com`. */
export type Suppression = SuppressionPage['items'][number];

/** How an entry came onto the list: an unsubscribe link, a bounce, a reply asking to stop, or a person. */
export type SuppressionSource = Suppression['source'];

/** POST /api/suppressions: addresses and domains, checked all first (one refused entry adds none). */
export type NewSuppressions = PostApiSuppressionsBody;

/** What POST /api/suppressions did. */
export type AddResult = PostApiSuppressionsResponse;

/** A member, to name who added an entry. */
export type MemberName = Pick<GetApiMembersResponse[number], 'userId' | 'name'>;

export const suppressionKeys = {
  all: ['suppressions'] as const,
  page: (filters: SuppressionFilters) => ['suppressions', 'page', filters] as const,
  members: ['suppression-list-members'] as const,
};

/** One page of the list under the filters; paging and filtering keep the page on screen until the next arrives. */
export const suppressionPageQueryOptions = (filters: SuppressionFilters) =>
  queryOptions({
    queryKey: suppressionKeys.page(filters),
    queryFn: ({ signal }) => apiRequest<SuppressionPage>(suppressionsPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });

/** The workspace's members, to name who added entries by hand (every member may read them). */
export const memberNamesQueryOptions = () =>
  queryOptions({
    queryKey: suppressionKeys.members,
    queryFn: ({ signal }) => apiRequest<MemberName[]>('/api/members', { signal }),
    staleTime: 5 * 60_000,
  });

/** POST /api/suppressions (admins and owners); every page and count is fetched again. */
export function useAddSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewSuppressions) => apiRequest<AddResult>('/api/suppressions', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.all }),
  });
}

/** DELETE /api/suppressions/{email} (admins and owners): emails to it may be sent again; every page is fetched again. */
export function useRemoveSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<DeleteApiSuppressionsEmailResponse>(`/api/suppressions/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.all }),
  });
}
