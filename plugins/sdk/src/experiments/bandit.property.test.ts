// Properties of the experiment engine over generated counts:
// - probabilityBest sums to one, does not depend on the arms' order, and never falls for an arm
//   that gains a success;
// - a declared winner always meets both halves of the rule; chooseArm always names a listed arm;
// - intervals hold their mean and stay in [0, 1]; rewards stay in [0, 1] and a meeting never
//   lowers one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { armInterval, chooseArm, declareWinner, probabilityBest, REPLY_CATEGORIES, rewardOf, type ArmCounts } from './bandit.ts';

const oneArm = (name: string) =>
  fc
    .record({ trials: fc.integer({ min: 0, max: 3000 }), share: fc.double({ min: 0, max: 1, noNaN: true }) })
    .map(({ trials, share }): ArmCounts => ({ arm: name, trials, successes: Math.round(trials * share * 0.2 * 4) / 4 }));
const someArms = fc
  .integer({ min: 2, max: 4 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, k) => oneArm(`arm-${k + 1}`))));

describe('experiment engine (properties)', () => {
  it('probabilityBest sums to one and ignores the order of the arms', () => {
    fc.assert(
      fc.property(someArms, (arms) => {
        const forward = probabilityBest(arms);
        const backward = probabilityBest([...arms].reverse());
        expect(Object.values(forward).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        for (const { arm } of arms) expect(forward[arm]).toBeCloseTo(backward[arm] ?? -1, 9);
      }),
      { numRuns: 60 },
    );
  });

  it('an arm that gains a success (and the send it came from) is never less likely best', () => {
    fc.assert(
      fc.property(someArms, (arms) => {
        const before = probabilityBest(arms)['arm-1'] ?? 0;
        const first = arms[0]!;
        const improved = [{ ...first, trials: first.trials + 1, successes: first.successes + 1 }, ...arms.slice(1)];
        expect(probabilityBest(improved)['arm-1'] ?? 0).toBeGreaterThanOrEqual(before - 1e-4);
      }),
      { numRuns: 60 },
    );
  });

  it('declares only a winner that meets the P(best) threshold with every arm at the minimum sample', () => {
    const rule = fc.record({ pBest: fc.double({ min: 0.6, max: 0.99, noNaN: true }), minTrialsPerArm: fc.integer({ min: 0, max: 1500 }) });
    fc.assert(
      fc.property(someArms, rule, (arms, declaration) => {
        const result = declareWinner(arms, declaration);
        if (result.winner === null) return;
        expect(result.pBest[result.winner]).toBeGreaterThanOrEqual(declaration.pBest);
        for (const counts of arms) expect(counts.trials).toBeGreaterThanOrEqual(declaration.minTrialsPerArm);
      }),
      { numRuns: 60 },
    );
  });

  it('chooseArm names one of the arms and repeats itself for the same seed', () => {
    fc.assert(
      fc.property(someArms, fc.string(), (arms, seed) => {
        const choice = chooseArm(arms, seed);
        expect(arms.map((a) => a.arm)).toContain(choice.arm);
        expect(chooseArm(arms, seed)).toEqual(choice);
      }),
      { numRuns: 100 },
    );
  });

  it('an interval holds its mean and stays within [0, 1]', () => {
    fc.assert(
      fc.property(oneArm('a'), fc.double({ min: 0.5, max: 0.99, noNaN: true }), (arm, level) => {
        const { mean, lower, upper } = armInterval(arm, level);
        expect(0 <= lower && lower <= mean && mean <= upper && upper <= 1).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('a reward is in [0, 1] and a booked or attended meeting never lowers it', () => {
    const outcome = fc.record({
      reply: fc.option(fc.constantFrom(...REPLY_CATEGORIES), { nil: undefined }),
      meetingBooked: fc.boolean(),
      meetingAttended: fc.boolean(),
    });
    fc.assert(
      fc.property(outcome, (o) => {
        const reward = rewardOf(o);
        expect(reward >= 0 && reward <= 1).toBe(true);
        expect(rewardOf({ ...o, meetingBooked: true })).toBeGreaterThanOrEqual(reward);
        expect(rewardOf({ ...o, meetingAttended: true })).toBeGreaterThanOrEqual(reward);
      }),
    );
  });
});
