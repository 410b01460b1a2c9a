import { describe, expect, it } from 'vitest';
import { formatMoney, formatRevenueRange, representativeRevenue } from './revenue-range.ts';

describe('representative revenue and formatting', () => {
  it('takes the geometric middle of a range, the floor of an open one and half the cap of "under"', () => {
    expect(representativeRevenue({ min: 1e7, max: 4e7 })).toBe(2e7);
    expect(representativeRevenue({ min: 1e9, max: Infinity })).toBe(1e9);
    expect(representativeRevenue({ min: 0, max: 1e6 })).toBe(5e5);
  });

  it('writes amounts and ranges the way providers do', () => {
    expect([formatMoney(1e7), formatMoney(1.5e9), formatMoney(5e5), formatMoney(22_360_680), formatMoney(950)]).toEqual([
      '$10M',
      '$1.5B',
      '$500K',
      '$22.4M',
      '$950',
    ]);
    expect([
      formatRevenueRange({ min: 1e7, max: 5e7 }),
      formatRevenueRange({ min: 1e9, max: Infinity }),
      formatRevenueRange({ min: 0, max: 1e6 }),
      formatRevenueRange({ min: 1.2e7, max: 1.2e7 }),
    ]).toEqual(['$10M-$50M', '$1B+', 'under $1M', '$12M']);
  });
});
