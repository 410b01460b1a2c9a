import { describe, expect, it } from 'vitest';
import { probabilityBest as gridProbabilityBest } from './beta.ts';
import {
  armInterval,
  chooseArm,
  declareWinner,
  DEFAULT_DECLARATION_RULE,
  InvalidArmCountsError,
  probabilityBest,
  REPLY_CATEGORIES,
  rewardOf,
  REWARDS,
  type ArmCounts,
} from './bandit.ts';

const arms = (...counts: [number, number][]): ArmCounts[] =>
  counts.map(([trials, successes], k) => ({ arm: `arm-${k + 1}`, trials, successes }));

describe('chooseArm', () => {
  it('gives the same choice and draws for the same counts and seed', () => {
    const counts = arms([100, 3], [100, 5], [100, 4]);
    expect(chooseArm(counts, 'prospect-42')).toEqual(chooseArm(counts, 'prospect-42'));
  });

  it('draws one value in (0, 1) per arm and picks the highest', () => {
    const choice = chooseArm(arms([10, 1], [10, 2], [0, 0]), 'seed');
    expect(Object.keys(choice.draws)).toEqual(['arm-1', 'arm-2', 'arm-3']);
    for (const draw of Object.values(choice.draws)) expect(draw > 0 && draw < 1).toBe(true);
    expect(choice.draws[choice.arm]).toBe(Math.max(...Object.values(choice.draws)));
  });

  it('sends traffic in proportion to P(best): the empirical shares over 4,000 seeds match the integral', () => {
    const counts = arms([200, 6], [200, 9], [200, 12]);
    const shares: Record<string, number> = { 'arm-1': 0, 'arm-2': 0, 'arm-3': 0 };
    for (let i = 0; i < 4000; i += 1) {
      const { arm } = chooseArm(counts, `send-${i}`);
      shares[arm] = (shares[arm] ?? 0) + 1 / 4000;
    }
    const expected = probabilityBest(counts);
    // Binomial standard error at 4,000 draws is under 0.008; 0.03 is nearly four of them.
    for (const arm of Object.keys(shares)) expect(Math.abs((shares[arm] ?? 0) - (expected[arm] ?? 0))).toBeLessThan(0.03);
  });

  it('samples a Beta with a fractional shape (weighted rewards, a prior below 1) with the right mean', () => {
    let sum = 0;
    for (let i = 0; i < 3000; i += 1)
      sum += chooseArm([{ arm: 'only', trials: 3, successes: 0.75 }], `s${i}`, { alpha: 0.5, beta: 0.5 }).draws.only ?? 0;
    // Beta(1.25, 2.75): mean 0.3125, standard deviation 0.21 → standard error of the mean 0.004.
    expect(sum / 3000).toBeCloseTo(0.3125, 1);
  });

  it('draws a number under a prior so small that both Gamma draws underflow', () => {
    const choice = chooseArm(arms([0, 0], [0, 0]), 'tiny', { alpha: 1e-300, beta: 1e-300 });
    for (const draw of Object.values(choice.draws)) expect(Number.isFinite(draw)).toBe(true);
  });

  it('refuses counts that cannot be, naming the arm', () => {
    expect(() => chooseArm([], 's')).toThrow(InvalidArmCountsError);
    expect(() => chooseArm(arms([10, 11]), 's')).toThrow(/arm-1.*successes/);
    expect(() => chooseArm(arms([-1, 0]), 's')).toThrow(/arm-1.*trials/);
    expect(() => chooseArm([...arms([1, 0]), ...arms([1, 0])], 's')).toThrow(/listed twice/);
    expect(() => chooseArm(arms([1, 0]), 's', { alpha: 0, beta: 1 })).toThrow(/prior/);
  });
});

describe('probabilityBest', () => {
  it('sums to one and is symmetric for identical arms', () => {
    const result = probabilityBest(arms([50, 5], [50, 5], [50, 5]));
    expect(Object.values(result).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    for (const value of Object.values(result)) expect(value).toBeCloseTo(1 / 3, 6);
  });

  it('is within 2·10⁻⁵ of a 20,000-cell integration', () => {
    for (const counts of [arms([600, 14], [650, 18], [700, 25]), arms([30, 1], [30, 0], [300, 0]), arms([3000, 99.5], [3000, 119])]) {
      const fine = gridProbabilityBest(
        counts.map((c) => ({ alpha: 1 + c.successes, beta: 1 + c.trials - c.successes })),
        20000,
      );
      const coarse = probabilityBest(counts);
      counts.forEach((c, k) => expect(Math.abs((coarse[c.arm] ?? 0) - (fine[k] ?? 0))).toBeLessThan(2e-5));
    }
  });
});

describe('declareWinner', () => {
  const rule = { pBest: 0.95, minTrialsPerArm: 100 };

  it('declares the clear leader once every arm has the minimum sample', () => {
    const declaration = declareWinner(arms([400, 4], [400, 30], [400, 5]), rule);
    expect(declaration.winner).toBe('arm-2');
    expect(declaration.pBest['arm-2']).toBeGreaterThanOrEqual(0.95);
    expect(declaration.reason).toMatch(/arm-2 is best/);
  });

  it('declares nothing while an arm is short of the minimum, however clear the leader', () => {
    const declaration = declareWinner(arms([400, 4], [400, 30], [99, 0]), rule);
    expect(declaration.winner).toBeNull();
    expect(declaration.pBest['arm-2']).toBeGreaterThan(0.95);
    expect(declaration.reason).toMatch(/arm-3 \(99\)/);
  });

  it('declares nothing below the P(best) threshold', () => {
    const declaration = declareWinner(arms([400, 10], [400, 12], [400, 11]), rule);
    expect(declaration.winner).toBeNull();
    expect(declaration.reason).toMatch(/no arm is best/);
  });

  it('needs two arms', () => {
    expect(declareWinner(arms([5000, 4000]), rule).winner).toBeNull();
  });

  it('uses the default rule: P(best) 0.95 and the measured minimum sample', () => {
    expect(DEFAULT_DECLARATION_RULE.pBest).toBe(0.95);
    const justShort = arms([DEFAULT_DECLARATION_RULE.minTrialsPerArm - 1, 0], [5000, 1000]);
    expect(declareWinner(justShort).winner).toBeNull();
  });

  it('refuses a rule it cannot apply', () => {
    expect(() => declareWinner(arms([1, 0], [1, 0]), { pBest: 1.2, minTrialsPerArm: 0 })).toThrow(InvalidArmCountsError);
    expect(() => declareWinner(arms([1, 0], [1, 0]), { pBest: 0.95, minTrialsPerArm: Number.NaN })).toThrow(InvalidArmCountsError);
  });
});

describe('armInterval', () => {
  it('matches the Beta(2, 1) quantiles √0.025 and √0.975', () => {
    const interval = armInterval({ arm: 'a', trials: 1, successes: 1 });
    expect(interval.mean).toBeCloseTo(2 / 3, 10);
    expect(interval.lower).toBeCloseTo(Math.sqrt(0.025), 3);
    expect(interval.upper).toBeCloseTo(Math.sqrt(0.975), 3);
  });

  it('narrows with more sends and widens with the level', () => {
    const small = armInterval({ arm: 'a', trials: 100, successes: 5 });
    const large = armInterval({ arm: 'a', trials: 10000, successes: 500 });
    expect(large.upper - large.lower).toBeLessThan(small.upper - small.lower);
    const wide = armInterval({ arm: 'a', trials: 100, successes: 5 }, 0.99);
    expect(wide.lower).toBeLessThan(small.lower);
    expect(wide.upper).toBeGreaterThan(small.upper);
    expect(() => armInterval({ arm: 'a', trials: 1, successes: 0 }, 1)).toThrow(/level/);
  });
});

describe('rewardOf', () => {
  it('rewards a positive reply and a booked meeting alike, an attended meeting more', () => {
    expect(rewardOf({ reply: 'interested' })).toBe(REWARDS.positiveReply);
    expect(rewardOf({ reply: 'interested', meetingBooked: true })).toBe(REWARDS.meetingBooked);
    expect(rewardOf({ reply: 'interested', meetingBooked: true, meetingAttended: true })).toBe(1);
    expect(REWARDS.meetingAttended).toBeGreaterThan(REWARDS.meetingBooked);
  });

  it('gives 0 to every other reply category and to silence', () => {
    for (const reply of REPLY_CATEGORIES.filter((category) => category !== 'interested')) expect(rewardOf({ reply })).toBe(0);
    expect(rewardOf({})).toBe(0);
  });

  it('counts a booked meeting whatever the first reply was (a not-now that later books)', () => {
    expect(rewardOf({ reply: 'not-now', meetingBooked: true })).toBe(REWARDS.meetingBooked);
  });
});
