import { parseRange, parseRevenueRange } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { criterionRange, revenueBandsOverlapping } from './bands.ts';

const headcount = (text: string) => criterionRange(parseRange(text));
const revenue = (text: string) => criterionRange(parseRevenueRange(text));

describe('the ranges search checks criteria against', () => {
  it('reads headcount ranges as ICPs and the UI write them', () => {
    expect(headcount('50-200')).toEqual({ min: 50, max: 200 });
    expect(headcount('10-50 employees')).toEqual({ min: 10, max: 50 });
    expect(headcount('200+')).toEqual({ min: 200, max: Number.POSITIVE_INFINITY });
    expect(headcount('under 50')).toEqual({ min: 0, max: 50 });
    expect(headcount('1,000-5,000 employees')).toEqual({ min: 1000, max: 5000 });
    expect(headcount('unknown')).toBeNull();
    expect(headcount('')).toBeNull();
  });

  it('reads revenue bands in dollars', () => {
    expect(revenue('$10M-$50M')).toEqual({ min: 1e7, max: 5e7 });
    expect(revenue('10-50M')).toEqual({ min: 1e7, max: 5e7 });
    expect(revenue('10-50')).toEqual({ min: 1e7, max: 5e7 });
    expect(revenue('$1B+')).toEqual({ min: 1e9, max: Number.POSITIVE_INFINITY });
    expect(revenue('under $5M')).toEqual({ min: 0, max: 5e6 });
    expect(revenue('$500K-$2M')).toEqual({ min: 5e5, max: 2e6 });
    expect(revenue('')).toBeNull();
  });

  it('takes a lone number to mean about it: half to double', () => {
    expect(headcount('100 employees')).toEqual({ min: 50, max: 200 });
    expect(revenue('$20M')).toEqual({ min: 1e7, max: 4e7 });
    expect(revenueBandsOverlapping(revenue('$20M')!)).toEqual(['$10M-$50M']);
  });
});
