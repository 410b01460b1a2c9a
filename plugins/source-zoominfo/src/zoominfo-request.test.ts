import { IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { contactSearchBody } from './zoominfo-request.ts';

const revenueFilter = (revenue: string) => {
  const { revenueMin, revenueMax } = contactSearchBody(IcpCriteriaSchema.parse({ revenue }), 5);
  return { revenueMin, revenueMax };
};

describe('contactSearchBody revenue', () => {
  it('sends the ICP revenue in thousands of dollars, reading a bare "10-50" as millions', () => {
    expect(revenueFilter('$10M-$50M')).toEqual({ revenueMin: 10_000, revenueMax: 50_000 });
    expect(revenueFilter('10-50')).toEqual({ revenueMin: 10_000, revenueMax: 50_000 });
  });

  it('leaves an open end out, and sends nothing for no revenue', () => {
    expect(revenueFilter('under $5M')).toEqual({ revenueMin: undefined, revenueMax: 5_000 });
    expect(revenueFilter('$1B+')).toEqual({ revenueMin: 1_000_000, revenueMax: undefined });
    expect(revenueFilter('')).toEqual({ revenueMin: undefined, revenueMax: undefined });
  });
});
