import { IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { apolloSearchBody } from './apollo-request.ts';

const revenueRange = (revenue: string) => apolloSearchBody(IcpCriteriaSchema.parse({ revenue }), 5).revenue_range;

describe('apolloSearchBody revenue_range', () => {
  it('sends the ICP revenue in dollars, reading a bare "10-50" as millions', () => {
    expect(revenueRange('$10M-$50M')).toEqual({ min: 10_000_000, max: 50_000_000 });
    expect(revenueRange('10-50')).toEqual({ min: 10_000_000, max: 50_000_000 });
  });

  it('leaves an open end out, and sends no range for no revenue', () => {
    expect(revenueRange('under $5M')).toEqual({ max: 5_000_000 });
    expect(revenueRange('$1B+')).toEqual({ min: 1_000_000_000 });
    expect(revenueRange('')).toBeUndefined();
  });
});
