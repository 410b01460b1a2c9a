import { describe, expect, it } from 'vitest';
import { searchFilter, searchWords } from './search-text.ts';

describe('searchWords', () => {
  it('lowercases names, company words and the parts of the email, once each', () => {
    expect(searchWords({ firstName: 'Ada', lastName: "O'Neil", company: 'Analytical-Engines Ltd', email: 'Ada@Engines.IO' })).toEqual([
      'ada',
      "o'neil",
      'o',
      'neil',
      'analytical-engines ltd',
      'analytical',
      'engines',
      'ltd',
      'ada@engines.io',
      'engines.io',
    ]);
  });
});

describe('searchFilter', () => {
  it('matches nothing extra when the search is empty or blank', () => {
    expect(searchFilter(undefined)).toEqual({});
    expect(searchFilter('   ')).toEqual({});
  });

  it('anchors every word and escapes what regexes would read as syntax', () => {
    expect(searchFilter('Acme  a.b(c')).toEqual({ $and: [{ searchText: { $regex: '^acme' } }, { searchText: { $regex: '^a\\.b\\(c' } }] });
  });
});
