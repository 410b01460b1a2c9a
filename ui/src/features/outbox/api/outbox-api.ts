import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiOutboxResponse, PostApiOutboxIdApproveBody } from '../../../lib/api-types.generated.ts';
import { outboxPath, PAGE_SIZE, type ReviewFilters, type ReviewTab } from '../utils/review-filters.ts';

/** GET /api/outbox: one page of the emails and how many match in all. */
export type OutboxPage = GetApiOutboxResponse;

/** One generated email on its way out (GET /api/outbox item). */
export type OutboxItem = OutboxPage['items'][number];

/** A researched fact an email cites, with the page it was read on and the words that show it. */
export type CitedFact = OutboxItem['facts'][number];

/** A reviewer's change to an email, sent instead of what was written. */
export type EmailEdit = NonNullable<PostApiOutboxIdApproveBody>;

/** GET /api/campaigns item, as far as the campaign filter needs it. */
export interface CampaignOption {
  id: number;
  name: string;
}

/** GET /api/members item, as far as naming a reviewer needs it. */
export interface ReviewerOption {
  userId: string;
  name: string;
}

export const reviewKeys = {
  outbox: ['review-queue', 'outbox'] as const,
  page: (filters: ReviewFilters) => ['review-queue', 'outbox', 'page', filters] as const,
  count: (status: ReviewTab, campaignId: number | null) => ['review-queue', 'outbox', 'count', status, campaignId] as const,
  campaigns: ['review-queue', 'campaigns'] as const,
  members: ['review-queue', 'members'] as const,
};

/** The workspace's members (every member may read them), to name who reviewed an email. */
export const reviewersQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.members,
    queryFn: ({ signal }) => apiRequest<ReviewerOption[]>('/api/members', { signal }),
    staleTime: 5 * 60_000,
  });

/** How often the list is fetched again while it shows an email on its way out (queued or sending), and otherwise. */
export const LIVE_REFRESH_MS = 5_000;
export const IDLE_REFRESH_MS = 30_000;

/**
 * One page of the emails under the filters, fetched again now and then: new emails arrive as the
 * pipelines write them, and approved ones move on to sent. Paging keeps the page on screen until
 * the next arrives; another tab or campaign does not.
 */
export const outboxPageQueryOptions = (filters: ReviewFilters) =>
  queryOptions({
    queryKey: reviewKeys.page(filters),
    queryFn: ({ signal }) => apiRequest<OutboxPage>(outboxPath({ ...filters, limit: PAGE_SIZE }), { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'queued' || item.status === 'sending') ? LIVE_REFRESH_MS : IDLE_REFRESH_MS,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[3];
      return before && before.status === filters.status && before.campaignId === filters.campaignId ? previous : undefined;
    },
  });

/** How many emails have a status (a tab's count): a one-email page, for its total. */
export const outboxCountQueryOptions = (status: ReviewTab, campaignId: number | null) =>
  queryOptions({
    queryKey: reviewKeys.count(status, campaignId),
    queryFn: ({ signal }) => apiRequest<OutboxPage>(outboxPath({ status, campaignId, page: 1, limit: 1 }), { signal }),
    select: (page) => page.total,
  });

/** The workspace's campaigns, for the campaign filter. */
export const campaignOptionsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.campaigns,
    queryFn: ({ signal }) => apiRequest<CampaignOption[]>('/api/campaigns', { signal }),
  });

/** Fetches every tab's count again (after the list was fetched again, so the two agree). */
export const refreshCounts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [...reviewKeys.outbox, 'count'] });

/** Takes a reviewed email off every listed page at once; the refetch that follows confirms it. */
function dropFromLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<OutboxPage>({ queryKey: [...reviewKeys.outbox, 'page'] }, (page) => {
    if (!page?.items.some((item) => item.id === id)) return page;
    return { ...page, items: page.items.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) };
  });
}

/** POST /api/outbox/{id}/approve: the email (as edited, when an edit is given) is queued for sending; the lists are fetched again. */
export function useApproveEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit = {} }: { id: string; edit?: EmailEdit }) =>
      apiRequest<OutboxItem>(`/api/outbox/${encodeURIComponent(id)}/approve`, { method: 'POST', body: edit }),
    onSuccess: (_, { id }) => dropFromLists(queryClient, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.outbox }),
  });
}

/** POST /api/outbox/{id}/reject: the email is never sent and the prospect's sequence stops; the lists are fetched again. */
export function useRejectEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<OutboxItem>(`/api/outbox/${encodeURIComponent(id)}/reject`, { method: 'POST', body: {} }),
    onSuccess: (_, id) => dropFromLists(queryClient, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.outbox }),
  });
}

/** POST /api/outbox/approve-all: every email waiting for review (of one campaign, when given) is queued as written. */
export function useApproveAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: number | null) =>
      apiRequest<{ approved: number }>('/api/outbox/approve-all', { method: 'POST', body: campaignId === null ? {} : { campaignId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.outbox }),
  });
}
