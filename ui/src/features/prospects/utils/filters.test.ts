import { describe, expect, it } from 'vitest';
import { filtersFromParams, initials, listQueryString, paramsFromFilters, scoreBadge } from './filters.ts';

describe('the prospect list', () => {
  it('keeps its filters in the URL and asks the server for one page', () => {
    const filters = filtersFromParams(new URLSearchParams('q=ada&minScore=70&page=3'));
    expect(filters).toEqual({ search: 'ada', industry: '', minScore: '70', source: '', page: 3 });
    expect(paramsFromFilters(filters)).toEqual({ q: 'ada', minScore: '70', page: '3' });
    expect(listQueryString(filters)).toBe('limit=25&offset=50&search=ada&minScore=70');
    expect(filtersFromParams(new URLSearchParams('page=-2')).page).toBe(1);
  });

  it("styles the score badge by the spec's thresholds", () => {
    expect(scoreBadge(null)).toEqual({ label: 'N/A', className: 'badge-ghost' });
    expect(scoreBadge(76).className).toBe('badge-neutral');
    expect(scoreBadge(75).className).toBe('badge-secondary');
    expect(scoreBadge(51).className).toBe('badge-secondary');
    expect(scoreBadge(50).className).toBe('badge-outline');
    expect(scoreBadge(90).label).toBe('Score: 90');
  });

  it('makes initials', () => {
    expect(initials('ada', 'Lane')).toBe('AL');
  });
});
