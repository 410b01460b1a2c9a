import { IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { companyPredicates } from './crunchbase-request.ts';

const revenueBuckets = (revenue: string) =>
  companyPredicates(IcpCriteriaSchema.parse({ revenue })).find((predicate) => predicate.field_id === 'revenue_range')?.values;

describe('companyPredicates revenue_range', () => {
  it('picks the buckets the ICP revenue overlaps, reading a bare "10-50" as millions', () => {
    expect(revenueBuckets('$10M-$50M')).toEqual(['r_00010000']);
    expect(revenueBuckets('10-50')).toEqual(['r_00010000']);
    expect(revenueBuckets('$20M')).toEqual(['r_00010000']);
  });

  it('reads open ends to the first and last bucket, and adds no condition for no revenue', () => {
    expect(revenueBuckets('under $1M')).toEqual(['r_00000000']);
    expect(revenueBuckets('$1B+')).toEqual(['r_01000000', 'r_10000000']);
    expect(revenueBuckets('')).toBeUndefined();
  });
});
