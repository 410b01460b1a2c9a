import { describe, expect, it } from 'vitest';
import { fitIntercept, gradientStep, normaliseWeights, weightGradient } from './logistic.ts';
import { hashSeed, seededRandom } from '@meetflow/plugin-sdk/experiments/random';
import { SPEC_DEFAULTS } from './schemas.ts';
import { learnScoringWeights } from './scoring.ts';
import { noiseLeads, techStackLeads } from './synthetic.test-support.ts';

const settings = { minSampleSize: 100, learningRate: 0.1, bootstrapResamples: 200 };
const current = SPEC_DEFAULTS.scoringWeights;

describe('learnScoringWeights', () => {
  it('leaves the weights alone below the minimum sample size, with confidence 0', () => {
    const result = learnScoringWeights(current, techStackLeads(99), settings, seededRandom(1));
    expect(result).toMatchObject({ proposed: current, confidence: 0, sampleSize: 99, unchangedBecause: 'too-few-samples' });
  });

  it('raises the tech-stack weight when tech stack predicts conversion', () => {
    const result = learnScoringWeights(current, techStackLeads(400), settings, seededRandom(1));
    expect(result.unchangedBecause).toBeNull();
    expect(result.proposed.techStack).toBeGreaterThan(current.techStack);
    for (const other of ['companySize', 'industryMatch', 'jobTitle'] as const) expect(result.proposed[other]).toBeLessThan(current[other]);
    const total = Object.values(result.proposed).reduce((sum, value) => sum + value, 0);
    expect(total).toBeCloseTo(1, 3);
    expect(result.confidence).toBeGreaterThanOrEqual(0.85);
  });

  it('is less sure of itself on pure noise than on a real signal', () => {
    const noise = learnScoringWeights(current, noiseLeads(400), settings, seededRandom(1));
    const signal = learnScoringWeights(current, techStackLeads(400), settings, seededRandom(1));
    expect(noise.confidence).toBeLessThan(signal.confidence);
    expect(noise.confidence).toBeLessThan(0.85);
  });

  it('gives the same answer for the same seed', () => {
    const leads = techStackLeads(150);
    const first = learnScoringWeights(current, leads, settings, seededRandom(hashSeed('cycle-1')));
    const second = learnScoringWeights(current, leads, settings, seededRandom(hashSeed('cycle-1')));
    expect(second).toEqual(first);
  });

  it('learns nothing when every lead had the same outcome', () => {
    const leads = techStackLeads(120).map((lead) => ({ ...lead, converted: true }));
    expect(learnScoringWeights(current, leads, settings, seededRandom(1))).toMatchObject({
      proposed: current,
      confidence: 0,
      unchangedBecause: 'no-contrast',
    });
  });
});

describe('logistic step', () => {
  it('calibrates the intercept so residuals sum to zero', () => {
    const leads = techStackLeads(200).map((lead) => ({ features: Object.values(lead.features), converted: lead.converted }));
    const weights = Object.values(current);
    const intercept = fitIntercept(leads, weights) ?? Number.NaN;
    const residualSum = leads.reduce((sum, lead) => {
      const score = lead.features.reduce((s, x, k) => s + x * (weights[k] ?? 0), intercept);
      return sum + (lead.converted ? 1 : 0) - 1 / (1 + Math.exp(-score));
    }, 0);
    expect(Math.abs(residualSum)).toBeLessThan(1e-8);
  });

  it('computes the gradient by hand for two leads', () => {
    // Weights 0, intercept 0: p = 0.5 for both, so the gradient is ((1 − 0.5)·x₁ + (0 − 0.5)·x₂) / 2.
    const leads = [
      { features: [1, 0], converted: true },
      { features: [0, 1], converted: false },
    ];
    expect(weightGradient(leads, [0, 0], 0)).toEqual([0.25, -0.25]);
    expect(gradientStep(leads, [0.5, 0.5], 0.1)?.[0]).toBeGreaterThan(0.5);
  });

  it('maps weights back to non-negative fractions summing to one', () => {
    expect(normaliseWeights([0.6, -0.2, 0.2, 0.2])).toEqual([0.6, 0, 0.2, 0.2]);
    expect(normaliseWeights([2, 2, 4, 0])).toEqual([0.25, 0.25, 0.5, 0]);
  });
});
