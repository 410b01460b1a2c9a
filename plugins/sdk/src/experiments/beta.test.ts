import { describe, expect, it } from 'vitest';
import { betaMean, betaPosterior, betaStandardDeviation, probabilityAbove, probabilityBest } from './beta.ts';

describe('Beta posterior', () => {
  it('centres the prior on the current rate with the given pseudo-count', () => {
    // 0.345 × 20 = 6.9 prior replies, 13.1 prior non-replies; then 30 of 80 replied.
    const posterior = betaPosterior(0.345, 20, 30, 80);
    expect(posterior.alpha).toBeCloseTo(36.9, 10);
    expect(posterior.beta).toBeCloseTo(63.1, 10);
    expect(betaMean(posterior)).toBeCloseTo(0.369, 10);
  });

  it('returns the prior mean when there is no evidence', () => {
    expect(betaMean(betaPosterior(0.282, 20, 0, 0))).toBeCloseTo(0.282, 10);
  });

  it('has the textbook standard deviation', () => {
    // Beta(2, 2): variance = 4 / (16 · 5) = 0.05.
    expect(betaStandardDeviation({ alpha: 2, beta: 2 })).toBeCloseTo(Math.sqrt(0.05), 10);
  });
});

describe('probabilityBest', () => {
  it('matches P(Beta(2,1) > Beta(1,1)) = ∫ 2x · x dx = 2/3', () => {
    const [first, second] = probabilityBest([
      { alpha: 2, beta: 1 },
      { alpha: 1, beta: 1 },
    ]);
    expect(first).toBeCloseTo(2 / 3, 4);
    expect(second).toBeCloseTo(1 / 3, 4);
  });

  it('matches P(Beta(2,1) beats two uniforms) = ∫ 2x · x² dx = 1/2', () => {
    const wins = probabilityBest([
      { alpha: 2, beta: 1 },
      { alpha: 1, beta: 1 },
      { alpha: 1, beta: 1 },
    ]);
    expect(wins[0]).toBeCloseTo(0.5, 4);
    expect(wins[1]).toBeCloseTo(0.25, 4);
    expect(wins[2]).toBeCloseTo(0.25, 4);
  });

  it('splits evenly between identical posteriors', () => {
    expect(
      probabilityBest([
        { alpha: 30, beta: 70 },
        { alpha: 30, beta: 70 },
      ]),
    ).toEqual([0.5, 0.5]);
  });

  it('is near certain for well-separated, narrow posteriors', () => {
    const [strong] = probabilityBest([
      { alpha: 400, beta: 600 },
      { alpha: 200, beta: 800 },
    ]);
    expect(strong).toBeGreaterThan(0.9999);
  });
});

describe('probabilityAbove', () => {
  it('matches P(Beta(2,1) > 0.5) = 1 − 0.5² = 0.75', () => {
    expect(probabilityAbove({ alpha: 2, beta: 1 }, 0.5)).toBeCloseTo(0.75, 4);
  });
});
