import { describe, expect, it } from 'vitest';
import { filtersFromParams, outboxPath, paramsFromFilters } from './review-filters.ts';

describe('the review list filters', () => {
  it('start on the pending tab, every campaign, page 1', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual({ status: 'pending_review', campaignId: null, page: 1 });
    expect(paramsFromFilters({ status: 'pending_review', campaignId: null, page: 1 })).toEqual({});
  });

  it('keep a tab, a campaign and a page in the URL, and ignore what is not one', () => {
    const filters = filtersFromParams(new URLSearchParams('status=sent&campaign=7&page=3'));
    expect(filters).toEqual({ status: 'sent', campaignId: 7, page: 3 });
    expect(paramsFromFilters(filters)).toEqual({ status: 'sent', campaign: '7', page: '3' });
    expect(filtersFromParams(new URLSearchParams('status=sending&campaign=x&page=-2'))).toEqual({
      status: 'pending_review',
      campaignId: null,
      page: 1,
    });
  });

  it('ask GET /api/outbox for one page of one status', () => {
    expect(outboxPath({ status: 'pending_review', campaignId: null, page: 1, limit: 20 })).toBe(
      '/api/outbox?status=pending_review&page=1&limit=20',
    );
    expect(outboxPath({ status: 'queued', campaignId: 4, page: 2, limit: 1 })).toBe(
      '/api/outbox?status=queued&campaignId=4&page=2&limit=1',
    );
  });
});
