import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { roleLabel, useCurrentRole } from '../../auth/index.ts';
import { sendingConfigQueryOptions } from '../api/sending-api.ts';
import { outboxCountQueryOptions } from '../api/outbox-api.ts';
import { canReview, canSwitchMode } from '../utils/permissions.ts';
import { filtersFromParams, paramsFromFilters, type ReviewFilters } from '../utils/review-filters.ts';
import { ApproveAllButton } from './approve-all-button.tsx';
import { CampaignFilter } from './campaign-filter.tsx';
import { HeldReplies } from './held-replies.tsx';
import { NextUp } from './next-up.tsx';
import { ReviewList } from './review-list.tsx';
import { SendingModeControl } from './sending-mode-control.tsx';
import { SendingForecast } from './sending-forecast.tsx';
import { TrackOpensControl } from './track-opens-control.tsx';
import { REVIEW_PANEL_ID, StatusTabs, tabId } from './status-tabs.tsx';

/** Fewer emails than this waiting for review: the queue is short, and what comes up next is shown. */
const SHORT_QUEUE = 10;

/**
 * /review: the generated emails, by status. In review mode each waits here until a person
 * approves it (as written or edited) or rejects it; sales ops and above act, viewers read. The
 * tab, campaign and page are kept in the URL.
 */
export function ReviewQueuePage() {
  const [params, changeParams] = useUrlParams();
  const filters = filtersFromParams(params);
  const role = useCurrentRole();
  const canAct = canReview(role);
  const mode = useQuery(sendingConfigQueryOptions()).data?.mode;
  // While the queue is empty or short, what comes up next (and when) shows below it.
  const waiting = useQuery(outboxCountQueryOptions('pending_review', filters.campaignId)).data;
  const short = filters.status === 'pending_review' && waiting !== undefined && waiting < SHORT_QUEUE;
  // Another tab or campaign starts again at page 1, in place of the current entry.
  const filter = (patch: Partial<ReviewFilters>) =>
    changeParams((current) => paramsFromFilters({ ...filtersFromParams(current), page: 1, ...patch }), { replace: true });
  const goToPage = useCallback(
    (page: number) => {
      changeParams((current) => paramsFromFilters({ ...filtersFromParams(current), page }));
      window.scrollTo({ top: 0 });
    },
    [changeParams],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Review Queue"
        subtitle="In review mode nothing is sent until a person approves it."
        actions={
          <div className="flex flex-col gap-3">
            <SendingModeControl canSwitch={canSwitchMode(role)} />
            <TrackOpensControl canSwitch={canSwitchMode(role)} />
          </div>
        }
      />
      {mode === 'autonomous' && (
        <div role="note" className="alert alert-warning alert-soft" data-testid="autonomous-note">
          <span>Autonomous mode is on: new emails are sent without waiting here for approval, within the sending guardrails.</span>
        </div>
      )}
      {role !== null && !canAct && (
        <p className="text-sm text-base-content/70" data-testid="review-read-only">
          You can read the queue; sales ops, admins and owners approve, edit and reject emails. Your role here is {roleLabel(role)}.
        </p>
      )}
      <SendingForecast />
      <HeldReplies canAct={canAct} />
      <div className="flex flex-wrap items-center gap-3">
        <StatusTabs value={filters.status} campaignId={filters.campaignId} onChange={(status) => filter({ status })} />
        <CampaignFilter value={filters.campaignId} onChange={(campaignId) => filter({ campaignId })} />
        {canAct && filters.status === 'pending_review' && (
          <div className="sm:ml-auto">
            <ApproveAllButton campaignId={filters.campaignId} />
          </div>
        )}
      </div>
      <div role="tabpanel" id={REVIEW_PANEL_ID} aria-labelledby={tabId(filters.status)}>
        <ReviewList filters={filters} canAct={canAct} onPageChange={goToPage} />
      </div>
      {short && <NextUp />}
    </div>
  );
}
