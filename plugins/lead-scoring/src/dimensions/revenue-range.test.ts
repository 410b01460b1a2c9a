import { describe, expect, it } from 'vitest';
import { formatMoney, formatRevenueRange, parseRevenueRange, representativeRevenue } from './revenue-range.ts';

describe('parseRevenueRange', () => {
  it.each([
    ['$10M-$50M', { min: 1e7, max: 5e7 }],
    ['$10-50M', { min: 1e7, max: 5e7 }],
    ['10-50', { min: 1e7, max: 5e7 }],
    ['$1B+', { min: 1e9, max: Infinity }],
    ['over $500M', { min: 5e8, max: Infinity }],
    ['<$1M', { min: 0, max: 1e6 }],
    ['under $5 million', { min: 0, max: 5e6 }],
    ['$12M ARR', { min: 1.2e7, max: 1.2e7 }],
    ['$2.5 billion', { min: 2.5e9, max: 2.5e9 }],
    ['$500K-$1M', { min: 5e5, max: 1e6 }],
    ['$1,500,000', { min: 1.5e6, max: 1.5e6 }],
    ['250,000-2,000,000', { min: 2.5e5, max: 2e6 }],
    ['$100M–$500M', { min: 1e8, max: 5e8 }],
  ])('reads %s', (text, range) => {
    expect(parseRevenueRange(text)).toEqual(range);
  });

  it('returns null for text without an amount', () => {
    expect(parseRevenueRange('profitable')).toBeNull();
    expect(parseRevenueRange('')).toBeNull();
  });
});

describe('representative revenue and formatting', () => {
  it('takes the geometric middle of a range, the floor of an open one and half the cap of "under"', () => {
    expect(representativeRevenue({ min: 1e7, max: 4e7 })).toBe(2e7);
    expect(representativeRevenue({ min: 1e9, max: Infinity })).toBe(1e9);
    expect(representativeRevenue({ min: 0, max: 1e6 })).toBe(5e5);
  });

  it('writes amounts and ranges the way providers do', () => {
    expect([formatMoney(1e7), formatMoney(1.5e9), formatMoney(5e5), formatMoney(22_360_680), formatMoney(950)]).toEqual(['$10M', '$1.5B', '$500K', '$22.4M', '$950']);
    expect([formatRevenueRange({ min: 1e7, max: 5e7 }), formatRevenueRange({ min: 1e9, max: Infinity }), formatRevenueRange({ min: 0, max: 1e6 }),
      formatRevenueRange({ min: 1.2e7, max: 1.2e7 })]).toEqual(['$10M-$50M', '$1B+', 'under $1M', '$12M']);
  });
});
