import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  exportQueryString,
  filterKey,
  filtersFromParams,
  initials,
  listQueryString,
  paramsFromFilters,
  scoreBadge,
  selectionFilter,
} from './filters.ts';

describe('the prospect list', () => {
  it('keeps its filters, order and page in the URL and asks the server for one page', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=ada&minScore=70&maxScore=90&campaign=3&status=enrolled&sequence=running&industry=fin&sort=score&order=asc&page=3',
      ),
    );
    expect(filters).toEqual({
      search: 'ada',
      industry: 'fin',
      minScore: '70',
      maxScore: '90',
      source: '',
      campaign: '3',
      status: 'enrolled',
      sequence: 'running',
      sort: 'score',
      order: 'asc',
      page: 3,
      pageSize: 25,
    });
    expect(paramsFromFilters(filters)).toEqual({
      q: 'ada',
      industry: 'fin',
      minScore: '70',
      maxScore: '90',
      campaign: '3',
      status: 'enrolled',
      sequence: 'running',
      sort: 'score',
      order: 'asc',
      page: '3',
    });
    expect(listQueryString(filters)).toBe(
      'limit=25&offset=50&search=ada&industry=fin&minScore=70&maxScore=90&campaign=3&status=enrolled&sequence=running&sort=score&order=asc',
    );
    expect(activeFilters(filters)).toBe(6);
    expect(listQueryString(filtersFromParams(new URLSearchParams('size=100&page=2')))).toBe('limit=100&offset=100');
  });

  it('reads what a hand-edited URL gets wrong as unset, so the API is never sent a bad value', () => {
    const filters = filtersFromParams(
      new URLSearchParams('page=-2&minScore=abc&maxScore=101&campaign=0&status=new&sequence=x&sort=email&order=up&size=7'),
    );
    expect(filters).toMatchObject({
      page: 1,
      minScore: '',
      maxScore: '',
      campaign: '',
      status: '',
      sequence: '',
      sort: '',
      order: '',
      pageSize: 25,
    });
    expect(listQueryString(filters)).toBe('limit=25&offset=0');
  });

  it('sends a selection by filter with numbers as numbers, and exports with the chosen or left-out ids', () => {
    const filters = filtersFromParams(new URLSearchParams('q=%20ada%20&minScore=70&campaign=3&source=csv&sort=name'));
    expect(selectionFilter(filters)).toEqual({ search: 'ada', minScore: 70, campaign: 3, source: 'csv' });
    expect(exportQueryString(filters, { only: [4, 9] })).toBe('search=ada&minScore=70&source=csv&campaign=3&sort=name&ids=4%2C9');
    expect(exportQueryString(filters, { except: [2] })).toBe('search=ada&minScore=70&source=csv&campaign=3&sort=name&exclude=2');
    // The order and page are not part of what is selected.
    expect(filterKey(filters)).toBe(filterKey(filtersFromParams(new URLSearchParams('q=ada&minScore=70&campaign=3&source=csv&page=4'))));
    expect(filterKey(filters)).not.toBe(filterKey(filtersFromParams(new URLSearchParams('q=ada'))));
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
