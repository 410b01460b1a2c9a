import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { outboxPageQueryOptions, refreshCounts } from '../api/outbox-api.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { lastPage } from '../../../utils/pagination.ts';
import { PAGE_SIZE, type ReviewFilters, type ReviewTab } from '../utils/review-filters.ts';
import { isForbidden, refusalText } from '../../../lib/api-client.ts';
import { ReviewItemCard } from './review-item-card.tsx';

/** What each tab says when it holds nothing. */
const EMPTY: Record<ReviewTab, { title: string; detail: string }> = {
  pending_review: {
    title: 'Nothing waiting for review',
    detail: 'Emails appear here as your campaigns’ pipelines write them: each one waits for approval before it is sent.',
  },
  queued: { title: 'Nothing queued', detail: 'Approved emails wait here for their mailbox’s next sending window.' },
  sent: { title: 'Nothing sent yet', detail: 'Emails show here once a mailbox has sent them.' },
  failed: { title: 'No failed sends', detail: 'An email a mailbox could not send shows here with the reason.' },
  rejected: { title: 'Nothing rejected', detail: 'Emails a reviewer rejected show here; their sequences were stopped.' },
};

interface ReviewListProps {
  filters: ReviewFilters;
  /** Whether the signed-in user may approve, edit and reject. */
  canAct: boolean;
  onPageChange: (page: number) => void;
}

/** One page of the emails under the filters, with its loading, refused, failed and empty states and its paging. */
export function ReviewList({ filters, canAct, onPageChange }: ReviewListProps) {
  const list = useQuery(outboxPageQueryOptions(filters));
  const queryClient = useQueryClient();
  // When the list is fetched again (its timer), the tabs' counts follow, so "Queued 1" never sits beside an empty Queued list.
  const fetchedAt = useRef(list.dataUpdatedAt);
  useEffect(() => {
    if (fetchedAt.current !== 0 && list.dataUpdatedAt !== fetchedAt.current) void refreshCounts(queryClient);
    fetchedAt.current = list.dataUpdatedAt;
  }, [list.dataUpdatedAt, queryClient]);
  const total = list.data?.total ?? 0;
  const shown = list.data?.items.length ?? 0;
  // The last emails of a later page were approved or rejected: go back to the last page that has some.
  const beyondEnd = list.isSuccess && !list.isPlaceholderData && shown === 0 && total > 0 && filters.page > 1;
  useEffect(() => {
    if (beyondEnd) onPageChange(lastPage(total, PAGE_SIZE));
  }, [beyondEnd, total, onPageChange]);

  if (list.isPending) return <span className="loading loading-spinner loading-md" aria-label="Loading emails" />;
  if (list.isError) {
    if (isForbidden(list.error))
      return (
        <div role="alert" className="alert alert-warning" data-testid="review-forbidden">
          <span>
            <strong>You cannot see this workspace’s emails.</strong> {refusalText(list.error)}
          </span>
        </div>
      );
    return <ErrorAlert message={list.error.message} />;
  }
  if (total === 0) {
    const empty = EMPTY[filters.status];
    return (
      <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center" data-testid="review-empty">
        <p className="font-medium">{empty.title}</p>
        <p className="text-sm text-base-content/70">{empty.detail}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className={`flex flex-col gap-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Emails" aria-busy={list.isFetching}>
        {list.data.items.map((item) => (
          <ReviewItemCard key={item.id} item={item} canAct={canAct} />
        ))}
      </ul>
      {/* One page holds them all: no paging to offer. */}
      {(total > PAGE_SIZE || filters.page > 1) && (
        <Pagination page={filters.page} limit={PAGE_SIZE} shown={shown} total={total} label="Pages of emails" onPageChange={onPageChange} />
      )}
    </div>
  );
}
