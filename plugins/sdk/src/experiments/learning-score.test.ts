import { describe, expect, it } from 'vitest';
import { experimentLift, learningScore } from './learning-score.ts';

const arm = (name: string, trials: number, successes: number) => ({ arm: name, trials, successes });

describe('experimentLift', () => {
  it('is the ratio of the posterior means minus one, with P(applied better)', () => {
    // Beta(1 + 30, 1 + 970) vs Beta(1 + 20, 1 + 980): means 31/1002 and 21/1002.
    const lift = experimentLift({ applied: arm('b', 1000, 30), control: arm('a', 1000, 20) });
    expect(lift?.lift).toBeCloseTo(31 / 21 - 1, 10);
    expect(lift?.appliedPer100).toBeCloseTo(3100 / 1002, 10);
    expect(lift?.probabilityBetter).toBeGreaterThan(0.9);
    expect(lift?.probabilityBetter).toBeLessThan(1);
  });

  it('is null until both arms have sends', () => {
    expect(experimentLift({ applied: arm('b', 0, 0), control: arm('a', 10, 1) })).toBeNull();
  });

  it('is negative when the applied arm does worse', () => {
    expect(experimentLift({ applied: arm('b', 500, 5), control: arm('a', 500, 15) })?.lift).toBeLessThan(0);
  });
});

describe('learningScore', () => {
  it('weights each lift by the applied arm’s sends and skips experiments without data', () => {
    const big = { applied: arm('b', 3000, 90), control: arm('a', 3000, 60) };
    const small = { applied: arm('d', 100, 1), control: arm('c', 100, 4) };
    const empty = { applied: arm('f', 0, 0), control: arm('e', 0, 0) };
    const liftBig = experimentLift(big)?.lift ?? 0;
    const liftSmall = experimentLift(small)?.lift ?? 0;
    const score = learningScore([big, small, empty]);
    expect(score?.experiments).toBe(2);
    expect(score?.sends).toBe(3100);
    expect(score?.score).toBeCloseTo((liftBig * 3000 + liftSmall * 100) / 3100, 10);
  });

  it('is null with nothing applied: a fresh install shows no score, not 0', () => {
    expect(learningScore([])).toBeNull();
  });
});
