import { describe, expect, it } from 'vitest';
import { parseRange, parseRevenueRange, rangesOverlap } from './ranges.ts';

describe('parseRange', () => {
  it.each([
    ['51-200', { min: 51, max: 200 }],
    ['51 to 200 employees', { min: 51, max: 200 }],
    ['1,000-5,000', { min: 1000, max: 5000 }],
    ['1000+', { min: 1000, max: null }],
    ['under 50 employees', { min: null, max: 50 }],
    ['fewer than 50', { min: null, max: 50 }],
    ['at least 200', { min: 200, max: null }],
    ['1-5k', { min: 1000, max: 5000 }],
    ['200 members', { min: 200, max: 200 }],
    ['$10M-$50M', { min: 10_000_000, max: 50_000_000 }],
    ['$1B+', { min: 1_000_000_000, max: null }],
    ['500', { min: 500, max: 500 }],
  ])('reads %s', (text, range) => expect(parseRange(text)).toEqual(range));

  it('gives null when the text has no number', () => {
    expect(parseRange('')).toBeNull();
    expect(parseRange('Mid-market')).toBeNull();
  });

  it('tells whether two ranges overlap', () => {
    expect(rangesOverlap({ min: 51, max: 200 }, { min: 201, max: 500 })).toBe(false);
    expect(rangesOverlap({ min: 51, max: 200 }, { min: 200, max: null })).toBe(true);
  });
});

describe('parseRevenueRange', () => {
  it.each([
    ['$10M-$50M', { min: 1e7, max: 5e7 }],
    ['$10-50M', { min: 1e7, max: 5e7 }],
    ['10-50M', { min: 1e7, max: 5e7 }],
    ['$1B+', { min: 1e9, max: Infinity }],
    ['over $500M', { min: 5e8, max: Infinity }],
    ['<$1M', { min: 0, max: 1e6 }],
    ['under $5 million', { min: 0, max: 5e6 }],
    ['$12M ARR', { min: 1.2e7, max: 1.2e7 }],
    ['$2.5 billion', { min: 2.5e9, max: 2.5e9 }],
    ['$500K-$1M', { min: 5e5, max: 1e6 }],
    ['$500K-$2M', { min: 5e5, max: 2e6 }],
    ['$100M–$500M', { min: 1e8, max: 5e8 }],
  ])('reads %s', (text, range) => expect(parseRevenueRange(text)).toEqual(range));

  it('reads numbers with no unit anywhere as millions under 100,000, as dollars from there', () => {
    expect(parseRevenueRange('10-50')).toEqual({ min: 1e7, max: 5e7 });
    expect(parseRevenueRange('99,999')).toEqual({ min: 99_999e6, max: 99_999e6 });
    expect(parseRevenueRange('$1,500,000')).toEqual({ min: 1.5e6, max: 1.5e6 });
    expect(parseRevenueRange('250,000-2,000,000')).toEqual({ min: 2.5e5, max: 2e6 });
  });

  it('does not read a word that merely contains a bound as one', () => {
    expect(parseRevenueRange('turnover $5M')).toEqual({ min: 5e6, max: 5e6 });
  });

  it('returns null for text without an amount', () => {
    expect(parseRevenueRange('profitable')).toBeNull();
    expect(parseRevenueRange('')).toBeNull();
  });
});
