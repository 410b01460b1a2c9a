import { describe, expect, it } from 'vitest';
import { dailyCost, filledStars, formatUsd, numberInput, previewPrice } from './pricing.ts';

const standard = { floor: 30, cap: 120, basePrice: 30 };

describe("the marketplace's pure parts", () => {
  it('fills round(quality × 5) stars', () => {
    expect([0, 0.09, 0.1, 0.5, 0.8, 0.89, 0.9, 1].map(filledStars)).toEqual([0, 0, 1, 3, 4, 4, 5, 5]);
  });

  it("previews the price with the plugin's formula: inside the band, rounded, clamped, and the floor for pm ≤ 0", () => {
    expect(previewPrice({ baseBid: 2, qualityScore: 0.9, pm: 0.8, ...standard })).toEqual({
      price: 67.5,
      clamped: null,
      formula: 'multiplier 2.0 × base price $30.00 × quality 0.900 ÷ meeting probability 0.800 = $67.50',
    });
    expect(previewPrice({ baseBid: 1, qualityScore: 0.8, pm: 0.7, ...standard }).price).toBe(34.29);
    expect(previewPrice({ baseBid: 1.3, qualityScore: 0.77, pm: 0.7, ...standard }).price).toBe(42.9);
    expect(previewPrice({ baseBid: 0.5, qualityScore: 0.8, pm: 0.9, ...standard })).toMatchObject({ price: 30, clamped: 'floor' });
    expect(previewPrice({ baseBid: 3, qualityScore: 1, pm: 0.5, ...standard })).toMatchObject({ price: 120, clamped: 'cap' });
    expect(previewPrice({ baseBid: 3, qualityScore: 1, pm: 0, ...standard })).toMatchObject({ price: 30, clamped: 'floor' });
  });

  it('costs a day of meetings at a price, in cents, only for a whole number of meetings', () => {
    expect(dailyCost(34.29, 5)).toBe(171.45);
    expect(dailyCost(33.33, 3)).toBe(99.99);
    expect(dailyCost(30, 0)).toBeNull();
    expect(dailyCost(30, 2.5)).toBeNull();
  });

  it('reads a non-numeric input as 0, as the spec says', () => {
    expect(numberInput('12')).toBe(12);
    expect(numberInput('abc')).toBe(0);
    expect(numberInput('')).toBe(0);
    expect(numberInput('2.5')).toBe(2.5);
  });

  it('writes dollars with cents', () => {
    expect(formatUsd(5992.5)).toBe('$5,992.50');
  });
});
