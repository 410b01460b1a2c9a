/** The statuses the screen has a tab for, in tab order: the queue first, then where approved and rejected emails went. */
export const REVIEW_TABS = [
  { status: 'pending_review', label: 'Pending review' },
  { status: 'queued', label: 'Queued' },
  { status: 'sent', label: 'Sent' },
  { status: 'failed', label: 'Failed' },
  { status: 'rejected', label: 'Rejected' },
] as const;

/** A status the screen lists (one of its tabs). */
export type ReviewTab = (typeof REVIEW_TABS)[number]['status'];

/** Emails a page shows. */
export const PAGE_SIZE = 20;

/** The list's tab, campaign and page, as kept in the URL. */
export interface ReviewFilters {
  status: ReviewTab;
  /** Only this campaign's emails; null: every campaign's. */
  campaignId: number | null;
  page: number;
}

const isTab = (value: string | null): value is ReviewTab => REVIEW_TABS.some((tab) => tab.status === value);
const positiveInt = (value: string | null): number | null => (value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** The filters a URL's query holds: the pending tab, every campaign and page 1 unless it says otherwise. */
export function filtersFromParams(params: URLSearchParams): ReviewFilters {
  const status = params.get('status');
  return {
    status: isTab(status) ? status : 'pending_review',
    campaignId: positiveInt(params.get('campaign')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The URL query of the filters (only what differs from the defaults). */
export function paramsFromFilters(filters: ReviewFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status !== 'pending_review') params.status = filters.status;
  if (filters.campaignId !== null) params.campaign = String(filters.campaignId);
  if (filters.page > 1) params.page = String(filters.page);
  return params;
}

/** GET /api/outbox for one page of one status, optionally one campaign's. */
export function outboxPath({
  status,
  campaignId,
  page,
  limit,
}: {
  status: ReviewTab;
  campaignId: number | null;
  page: number;
  limit: number;
}) {
  const query = new URLSearchParams({ status });
  if (campaignId !== null) query.set('campaignId', String(campaignId));
  query.set('page', String(page));
  query.set('limit', String(limit));
  return `/api/outbox?${query.toString()}`;
}
