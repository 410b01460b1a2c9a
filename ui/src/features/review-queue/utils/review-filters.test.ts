import { describe, expect, it } from 'vitest';
import { filtersFromParams, lastPage, outboxPath, pageRange, paramsFromFilters } from './review-filters.ts';

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

  it('say which emails a page shows', () => {
    expect(pageRange(1, 20, 20, 57)).toBe('1–20 of 57');
    expect(pageRange(3, 20, 17, 57)).toBe('41–57 of 57');
    expect(pageRange(2, 20, 0, 20)).toBe('0 of 20');
    expect(lastPage(57, 20)).toBe(3);
    expect(lastPage(0, 20)).toBe(1);
  });
});
