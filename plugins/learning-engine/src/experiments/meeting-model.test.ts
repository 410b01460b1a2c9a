import { describe, expect, it } from 'vitest';
import { seededRandom } from '@meetflow/plugin-sdk/experiments/random';
import {
  auc,
  compareAuc,
  DEFAULT_REFIT_SETTINGS,
  fitRegularisedLogistic,
  refitScoringWeights,
  SCORE_DIMENSIONS,
  type DimensionWeights,
  type MeetingObservation,
} from './meeting-model.ts';

/** The lead-scoring defaults: fit 35/28/22/15 scaled by 0.8, timing 0.2. */
const CURRENT: DimensionWeights = { companySize: 0.28, industryMatch: 0.224, techStack: 0.176, jobTitle: 0.12, timing: 0.2 };

/** `count` prospects with uniform dimension scores; a meeting with probability `truth(features)` (seeded). */
function population(count: number, seed: number, truth: (features: DimensionWeights) => number): MeetingObservation[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const features = Object.fromEntries(SCORE_DIMENSIONS.map((key) => [key, random()])) as DimensionWeights;
    return { features, meetingBooked: random() < truth(features) };
  });
}

// Meetings driven by tech stack and timing (not company size, which the current weights favour).
const dependent = (f: DimensionWeights) => 1 / (1 + Math.exp(-(-4.5 + 3 * f.techStack + 2 * f.timing)));
const independent = () => 0.06;

describe('auc', () => {
  it('is 1 for a perfect ranking, 0.5 for ties, and counts a tie half', () => {
    expect(auc([0.9, 0.8, 0.2, 0.1], [true, true, false, false])).toBe(1);
    expect(auc([0.5, 0.5], [true, false])).toBe(0.5);
    expect(auc([0.3, 0.5, 0.3], [true, false, false])).toBe(0.25);
    expect(auc([0.3], [true])).toBeNull();
  });
});

describe('compareAuc (DeLong)', () => {
  it('gives z = 0 for two identical rankings and a positive z for a clearly better one', () => {
    const labels = [true, false, true, false, true, false, false, false];
    const noisy = [0.2, 0.5, 0.6, 0.1, 0.3, 0.7, 0.4, 0.8];
    const perfect = labels.map((label, i) => (label ? 1 + i : i / 10));
    expect(compareAuc(noisy, noisy, labels)?.z).toBe(0);
    const better = compareAuc(noisy, perfect, labels);
    expect(better?.aucB).toBe(1);
    expect(better?.difference).toBeGreaterThan(0);
    expect(better?.z).toBeGreaterThan(0);
  });
});

describe('fitRegularisedLogistic', () => {
  it('recovers the sign and order of the true coefficients, and shrinks them as the penalty grows', () => {
    const rows = population(6000, 3, dependent).map((o) => ({
      features: SCORE_DIMENSIONS.map((key) => o.features[key]),
      label: o.meetingBooked,
    }));
    const fit = fitRegularisedLogistic(rows, 1);
    const [companySize, , techStack, , timing] = fit.coefficients;
    expect(techStack).toBeGreaterThan(timing ?? 0);
    expect(timing).toBeGreaterThan(1);
    expect(Math.abs(companySize ?? 9)).toBeLessThan(0.6);
    const shrunk = fitRegularisedLogistic(rows, 500);
    expect(Math.abs(shrunk.coefficients[2] ?? 9)).toBeLessThan(Math.abs(techStack ?? 0));
  });
});

describe('refitScoringWeights', () => {
  it('applies learned weights that rank held-out prospects better when meetings depend on the dimensions', () => {
    // A jump to the fit (learning rate 1): the figures the README quotes.
    const refit = refitScoringWeights(CURRENT, population(4000, 17, dependent), 'cycle-1', { ...DEFAULT_REFIT_SETTINGS, learningRate: 1 });
    expect(refit.applied).toBe(true);
    expect(refit.aucAfter).toBeGreaterThan((refit.aucBefore ?? 1) + 0.05);
    expect(refit.proposed).toEqual(refit.fitted);
    expect(refit.effective).toEqual(refit.proposed);
    expect(refit.proposed.techStack).toBeGreaterThan(refit.proposed.companySize);
    expect(Object.values(refit.proposed).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    expect(refit.heldOutSize).toBe(1200);
    expect(refit.reason).toMatch(/applied/);
  });

  it('keeps the current weights when meetings do not depend on the dimensions, over 40 seeded populations', () => {
    let applied = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const refit = refitScoringWeights(CURRENT, population(3000, 100 + seed, independent), `cycle-${seed}`);
      if (refit.applied) applied += 1;
      else expect(refit.effective).toEqual(CURRENT);
    }
    // One-sided 5% test: about 2 of 40 by chance; 6 or more would be a broken test.
    expect(applied).toBeLessThanOrEqual(5);
  });

  it('does not fit on too few meetings, and the same seed gives the same split and answer', () => {
    const few = population(200, 5, () => 0.05);
    const refit = refitScoringWeights(CURRENT, few, 'cycle-1');
    expect(refit.applied).toBe(false);
    expect(refit.reason).toMatch(/meetings to learn from/);
    const many = population(3000, 9, dependent);
    expect(refitScoringWeights(CURRENT, many, 'x')).toEqual(refitScoringWeights(CURRENT, many, 'x'));
  });

  it('refuses a negative or missing current weight', () => {
    expect(() => refitScoringWeights({ ...CURRENT, timing: -1 }, [], 's')).toThrow(/timing/);
  });
});

describe('the learning rate', () => {
  const distance = (a: DimensionWeights, b: DimensionWeights) => Math.hypot(...SCORE_DIMENSIONS.map((key) => a[key] - b[key]));

  it('moves each weight exactly learningRate of the way to the fit (0.1 by default), and judges that step', () => {
    const observations = population(4000, 17, dependent);
    const stepped = refitScoringWeights(CURRENT, observations, 'cycle-1');
    const jump = refitScoringWeights(CURRENT, observations, 'cycle-1', { ...DEFAULT_REFIT_SETTINGS, learningRate: 1 });
    expect(stepped.learningRate).toBe(0.1);
    // The fit does not depend on the rate; the step does.
    expect(stepped.fitted).toEqual(jump.fitted);
    const fitted = stepped.fitted!;
    for (const key of SCORE_DIMENSIONS) {
      expect(stepped.proposed[key]).toBeCloseTo(CURRENT[key] + 0.1 * (fitted[key] - CURRENT[key]), 14);
    }
    expect(Object.values(stepped.proposed).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(stepped.applied).toBe(true);
    expect(stepped.effective).toEqual(stepped.proposed);
    // The held-out AUC after is the step's (what is applied), between the weights in force and the fit's.
    expect(stepped.aucBefore).toBe(jump.aucBefore);
    expect(stepped.aucAfter!).toBeGreaterThan(stepped.aucBefore!);
    expect(stepped.aucAfter!).toBeLessThan(jump.aucAfter!);
  });

  it('converges on the fit over repeated cycles: each applied one shrinks the distance by (1 − 0.1)', () => {
    const observations = population(4000, 17, dependent);
    let weights = CURRENT;
    const distances: number[] = [];
    let last = refitScoringWeights(weights, observations, 'same-split');
    const fitted = last.fitted!;
    distances.push(distance(weights, fitted));
    // The same population and split each cycle: the same fit, approached a tenth of the remaining way each time.
    while (last.applied && distances.length <= 50) {
      expect(last.fitted).toEqual(fitted);
      weights = last.effective;
      distances.push(distance(weights, fitted));
      last = refitScoringWeights(weights, observations, 'same-split');
    }
    const applied = distances.length - 1;
    expect(applied).toBeGreaterThanOrEqual(10);
    distances.forEach((value, k) => expect(value / distances[0]!).toBeCloseTo(0.9 ** k, 10));
    // Close to the fit, a step no longer ranks held-out prospects better beyond noise: the weights stay.
    expect(last.applied).toBe(false);
    expect(last.effective).toEqual(weights);
  });

  it('refuses a learning rate outside (0, 1]', () => {
    const observations = population(400, 9, dependent);
    for (const learningRate of [0, -0.1, 1.5, Number.NaN]) {
      expect(() => refitScoringWeights(CURRENT, observations, 's', { ...DEFAULT_REFIT_SETTINGS, learningRate })).toThrow(
        /learningRate must be in \(0, 1\]/,
      );
    }
  });
});
