import { describe, expect, it } from 'vitest';
import {
  clearedRunsFilters,
  describeRunsFilters,
  runsFiltersFromParams,
  runsQuery,
  withRunsFilters,
  type RunsFilters,
} from './runs-filters.ts';

const none = clearedRunsFilters();
const read = (query: string, fixed?: string) => runsFiltersFromParams(new URLSearchParams(query), fixed);

describe('the runs list filters in the URL', () => {
  it('reads each filter and the page, leaving out what is malformed', () => {
    expect(read('pipeline=doubler&runVersion=2&status=failed&createdFrom=2026-01-02&createdTo=2026-01-05&prospect=12&page=3')).toEqual({
      pipeline: 'doubler',
      version: '2',
      status: 'failed',
      from: '2026-01-02',
      to: '2026-01-05',
      prospect: '12',
      page: 3,
    });
    expect(read('')).toEqual(none);
    expect(read('runVersion=2&status=done&createdFrom=2026-02-30&createdTo=yesterday&from=2026-01-01&prospect=1.5&page=-1')).toEqual(none);
    expect(read('pipeline=doubler&runVersion=0&prospect=0&page=two')).toEqual({ ...none, pipeline: 'doubler' });
  });

  it("on a pipeline's page, filters that pipeline and leaves the page's own ?version= and ?from=&to= alone", () => {
    expect(read('pipeline=other&version=1&from=1&to=2&runVersion=2', 'doubler')).toEqual({ ...none, pipeline: 'doubler', version: '2' });
    const written = withRunsFilters(
      new URLSearchParams('version=1&from=1&to=2&status=failed&page=4'),
      { ...clearedRunsFilters('doubler'), version: '3', prospect: '7' },
      'doubler',
    );
    expect(written.toString()).toBe('version=1&from=1&to=2&runVersion=3&prospect=7');
  });

  it('writes only what is set, and no version without a pipeline', () => {
    const filters: RunsFilters = { ...none, version: '2', status: 'running', to: '2026-01-05', page: 2 };
    expect(withRunsFilters(new URLSearchParams('runVersion=9&createdFrom=2026-01-01'), filters).toString()).toBe(
      'status=running&createdTo=2026-01-05&page=2',
    );
    expect(withRunsFilters(new URLSearchParams('pipeline=a&status=failed&page=2'), none).toString()).toBe('');
  });

  it("asks the API for the page and whole days of the reader's time zone", () => {
    const query = runsQuery(
      { ...none, pipeline: 'doubler', version: '2', status: 'completed', prospect: '12', from: '2026-01-02', to: '2026-01-05', page: 3 },
      25,
    );
    expect(query).toEqual({
      pipeline: 'doubler',
      version: 2,
      status: 'completed',
      prospect: 12,
      from: new Date(2026, 0, 2).toISOString(),
      to: new Date(2026, 0, 5, 23, 59, 59, 999).toISOString(),
      limit: 25,
      offset: 50,
    });
    expect(runsQuery(none, 10)).toEqual({ limit: 10, offset: 0 });
  });

  it('names what each set filter hides, for the empty state', () => {
    expect(describeRunsFilters(none)).toEqual([]);
    expect(describeRunsFilters({ ...none, status: 'failed', pipeline: 'doubler', version: '2', prospect: '12' })).toEqual([
      'status failed',
      'pipeline doubler v2',
      'prospect #12',
    ]);
    expect(describeRunsFilters({ ...clearedRunsFilters('doubler'), version: '2' }, 'doubler')).toEqual(['version 2']);
    expect(describeRunsFilters(clearedRunsFilters('doubler'), 'doubler')).toEqual([]);
    expect(describeRunsFilters({ ...none, from: '2026-01-02' })).toEqual([expect.stringMatching(/^created on or after .*2026/)]);
    expect(describeRunsFilters({ ...none, from: '2026-01-02', to: '2026-01-05' })).toEqual([
      expect.stringMatching(/^created .+ – .+2026$/),
    ]);
  });
});
