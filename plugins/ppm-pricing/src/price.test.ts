import { runActivity } from '@meetflow/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { ppmPricingPlugin } from './index.ts';
import { estimatePrice } from './price.ts';

const standard = { floor: 30, cap: 120, basePrice: 30 };

describe('estimatePrice', () => {
  it('is baseBid × basePrice × qualityScore ÷ pm inside the band', () => {
    // 2 × 30 × 0.9 ÷ 0.8 = 67.5
    expect(estimatePrice({ baseBid: 2, qualityScore: 0.9, pm: 0.8, ...standard })).toEqual({
      price: 67.5,
      clamped: null,
      formula: '2.0 × $30.00 × 0.900 ÷ 0.800 = $67.50',
    });
  });

  it('rounds to cents', () => {
    // 1.3 × 30 × 0.77 ÷ 0.7 = 42.9
    expect(estimatePrice({ baseBid: 1.3, qualityScore: 0.77, pm: 0.7, ...standard }).price).toBe(42.9);
    // 1 × 30 × 0.8 ÷ 0.7 = 34.2857…
    expect(estimatePrice({ baseBid: 1, qualityScore: 0.8, pm: 0.7, ...standard }).price).toBe(34.29);
  });

  it('clamps to the floor below it', () => {
    // 0.5 × 30 × 0.8 ÷ 0.9 = 13.33 < 30
    expect(estimatePrice({ baseBid: 0.5, qualityScore: 0.8, pm: 0.9, ...standard })).toMatchObject({ price: 30, clamped: 'floor' });
  });

  it('clamps to the cap above it', () => {
    // 3 × 30 × 1 ÷ 0.5 = 180 > 120
    const estimate = estimatePrice({ baseBid: 3, qualityScore: 1, pm: 0.5, ...standard });
    expect(estimate).toMatchObject({ price: 120, clamped: 'cap' });
    expect(estimate.formula).toContain('→ cap $120.00');
  });

  it('uses the floor when the meeting probability is 0 or less', () => {
    expect(estimatePrice({ baseBid: 3, qualityScore: 1, pm: 0, ...standard })).toMatchObject({ price: 30, clamped: 'floor' });
    expect(estimatePrice({ baseBid: 3, qualityScore: 1, pm: -0.2, ...standard })).toMatchObject({ price: 30, clamped: 'floor' });
  });

  it('scales the floor when no base price is given', () => {
    // 2 × 25 × 0.9 ÷ 0.75 = 60
    expect(estimatePrice({ baseBid: 2, qualityScore: 0.9, pm: 0.75, floor: 25, cap: 100 }).price).toBe(60);
  });
});

describe('estimatePrice activity', () => {
  it('answers through the validated boundary', async () => {
    const result = await runActivity(ppmPricingPlugin, 'estimatePrice', { baseBid: 2, qualityScore: 0.9, pm: 0.8, ...standard });
    expect(result).toMatchObject({ price: 67.5, clamped: null });
  });

  it('rejects a floor above the cap', async () => {
    await expect(
      runActivity(ppmPricingPlugin, 'estimatePrice', { baseBid: 1, qualityScore: 0.9, pm: 0.8, floor: 50, cap: 40 }),
    ).rejects.toThrow(/floor cannot exceed cap/);
  });
});
