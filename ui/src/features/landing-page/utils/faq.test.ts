import { describe, expect, it } from 'vitest';
import { PRICING_TIERS } from '../content.ts';
import { toggleFaq } from './faq.ts';

describe('the landing page', () => {
  it('keeps one FAQ item open at most: another replaces it, the open one closes', () => {
    expect(toggleFaq(null, 2)).toBe(2);
    expect(toggleFaq(2, 4)).toBe(4);
    expect(toggleFaq(4, 4)).toBeNull();
  });

  it('prices three tiers per meeting, Standard marked most popular', () => {
    expect(PRICING_TIERS.map((tier) => [tier.name, tier.price])).toEqual([
      ['Volume Slice', '$25'],
      ['Standard Slice', '$30'],
      ['Premium Slice', '$50'],
    ]);
    expect(PRICING_TIERS.filter((tier) => tier.popular).map((tier) => tier.name)).toEqual(['Standard Slice']);
  });
});
