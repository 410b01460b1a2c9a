// The per-send experiment engine: Thompson sampling over Beta posteriors per arm, the honest
// declaration rule, credible intervals and the reward of one send's outcome. Everything is
// deterministic: sampling draws from a PRNG seeded by the caller, probabilities come from the
// grid integration in beta.ts. The platform persists the counts and calls these functions; the
// simulator (platform/dev/simulate) drives the same functions against a known truth.
import { betaMean, betaQuantiles, probabilityBest as gridProbabilityBest, type BetaPosterior } from './beta.ts';
import { hashSeed, seededRandom, type Random } from './random.ts';

/** What one arm has seen: sends and summed rewards (fractional when rewards are weighted). */
export interface ArmCounts {
  arm: string;
  trials: number;
  successes: number;
}

/** The prior of every arm's reward rate; Beta(1, 1) (uniform) unless the caller says otherwise. */
export interface BetaPrior {
  alpha: number;
  beta: number;
}

export const DEFAULT_PRIOR: BetaPrior = { alpha: 1, beta: 1 };

/** The arm Thompson sampling picked and every arm's draw (kept with the decision as evidence). */
export interface ArmChoice {
  arm: string;
  draws: Record<string, number>;
}

/** Why a set of counts cannot be used: named, so a route can answer 400 with it. */
export class InvalidArmCountsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidArmCountsError';
  }
}

function validated(arms: readonly ArmCounts[], prior: BetaPrior): void {
  if (arms.length === 0) throw new InvalidArmCountsError('an experiment needs at least one arm');
  if (!(prior.alpha > 0 && prior.beta > 0 && Number.isFinite(prior.alpha) && Number.isFinite(prior.beta)))
    throw new InvalidArmCountsError('the prior needs alpha > 0 and beta > 0');
  const seen = new Set<string>();
  for (const { arm, trials, successes } of arms) {
    if (seen.has(arm)) throw new InvalidArmCountsError(`arm "${arm}" is listed twice`);
    seen.add(arm);
    if (!Number.isFinite(trials) || trials < 0) throw new InvalidArmCountsError(`arm "${arm}": trials must be a finite number ≥ 0`);
    if (!Number.isFinite(successes) || successes < 0 || successes > trials)
      throw new InvalidArmCountsError(`arm "${arm}": successes must be between 0 and trials (${trials})`);
  }
}

/** The Beta posterior of one arm's reward rate. */
export function posteriorOf({ trials, successes }: ArmCounts, prior: BetaPrior = DEFAULT_PRIOR): BetaPosterior {
  return { alpha: prior.alpha + successes, beta: prior.beta + trials - successes };
}

/** A standard normal draw (Box–Muller on two uniforms; 1 − u keeps the logarithm finite). */
function normalDraw(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Gamma(shape, 1) draw by Marsaglia and Tsang's method, boosted for shape < 1. */
function gammaDraw(shape: number, random: Random): number {
  if (shape < 1) return gammaDraw(shape + 1, random) * Math.pow(1 - random(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normalDraw(random);
    const v = Math.pow(1 + c * x, 3);
    if (v <= 0) continue;
    const u = 1 - random();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** A Beta(alpha, beta) draw: X / (X + Y) with X ~ Gamma(alpha), Y ~ Gamma(beta). */
export function betaDraw({ alpha, beta }: BetaPosterior, random: Random): number {
  const x = gammaDraw(alpha, random);
  const y = gammaDraw(beta, random);
  // Both draws can underflow to 0 under a prior far below 1: the mean is the honest stand-in.
  return x + y > 0 ? x / (x + y) : alpha / (alpha + beta);
}

/**
 * Thompson sampling: one Beta draw per arm (in the order given) from a PRNG seeded by `seed`;
 * the highest draw wins (the first of equal draws). Same inputs + seed → same choice, so a
 * workflow that records the choice as an activity result never re-samples on replay.
 */
export function chooseArm(arms: readonly ArmCounts[], seed: string, prior: BetaPrior = DEFAULT_PRIOR): ArmChoice {
  validated(arms, prior);
  const random = seededRandom(hashSeed(seed));
  const draws: Record<string, number> = {};
  let best = { arm: '', draw: -1 };
  for (const counts of arms) {
    const draw = betaDraw(posteriorOf(counts, prior), random);
    draws[counts.arm] = draw;
    if (draw > best.draw) best = { arm: counts.arm, draw };
  }
  return { arm: best.arm, draws };
}

// 1,000 grid cells: within 2·10⁻⁵ of a 20,000-cell integration (bandit.test.ts), at a fifth of
// beta.ts's default cost; the platform re-checks after every classified reply.
const PROBABILITY_CELLS = 1000;

/**
 * P(each arm's rate is the highest), deterministic: the grid integration of beta.ts over the
 * arms' posteriors. Also the long-run share of sends Thompson sampling gives each arm now.
 */
export function probabilityBest(arms: readonly ArmCounts[], prior: BetaPrior = DEFAULT_PRIOR): Record<string, number> {
  validated(arms, prior);
  const probabilities = gridProbabilityBest(
    arms.map((counts) => posteriorOf(counts, prior)),
    PROBABILITY_CELLS,
  );
  return Object.fromEntries(arms.map((counts, k) => [counts.arm, probabilities[k] ?? 0]));
}

/** When a winner may be declared: P(best) at least `pBest` and every arm sent `minTrialsPerArm`. */
export interface DeclarationRule {
  pBest: number;
  minTrialsPerArm: number;
}

/**
 * The default rule. The platform re-checks after every classified reply and every day, and every
 * look is a chance for noise to cross 0.95: with P(best) ≥ 0.95 alone, 5 of 100 A/A runs (three
 * identical arms, 10,000 sends each) declared a winner. The 500-send minimum per arm brings that
 * to 2.0% of 200 runs (0% at 2,000 sends): `npm run simulate -- --sends 10000`, README "Learning";
 * platform/dev/simulate/simulate.test.ts asserts ≤ 5% over 200 seeded runs.
 */
export const DEFAULT_DECLARATION_RULE: DeclarationRule = { pBest: 0.95, minTrialsPerArm: 500 };

/** A declaration: the winner (or null), each arm's P(best) and why, in words. */
export interface Declaration {
  winner: string | null;
  pBest: Record<string, number>;
  reason: string;
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Declares a winner only when the rule is met; otherwise says which condition is missing. */
export function declareWinner(
  arms: readonly ArmCounts[],
  rule: DeclarationRule = DEFAULT_DECLARATION_RULE,
  prior: BetaPrior = DEFAULT_PRIOR,
): Declaration {
  if (!(rule.pBest > 0.5 && rule.pBest < 1)) throw new InvalidArmCountsError('rule.pBest must be between 0.5 and 1');
  if (!(rule.minTrialsPerArm >= 0 && Number.isFinite(rule.minTrialsPerArm)))
    throw new InvalidArmCountsError('rule.minTrialsPerArm must be a finite number ≥ 0');
  const pBest = probabilityBest(arms, prior);
  if (arms.length < 2) return { winner: null, pBest, reason: 'an experiment needs two arms or more to declare a winner' };
  const short = arms.filter((counts) => counts.trials < rule.minTrialsPerArm);
  const [leader, leaderP] = Object.entries(pBest).reduce((a, b) => (b[1] > a[1] ? b : a));
  if (short.length > 0) {
    const names = short.map((counts) => `${counts.arm} (${counts.trials})`).join(', ');
    return { winner: null, pBest, reason: `every arm needs ${rule.minTrialsPerArm} sends before a winner is declared; short: ${names}` };
  }
  if (leaderP < rule.pBest)
    return { winner: null, pBest, reason: `no arm is best with P ≥ ${percent(rule.pBest)} yet (leader ${leader}: ${percent(leaderP)})` };
  return {
    winner: leader,
    pBest,
    reason: `${leader} is best with P = ${percent(leaderP)} and every arm has ${rule.minTrialsPerArm} sends or more`,
  };
}

/** The posterior mean and the equal-tailed credible interval (default 95%) of an arm's rate. */
export function armInterval(
  arm: ArmCounts,
  level = 0.95,
  prior: BetaPrior = DEFAULT_PRIOR,
): { mean: number; lower: number; upper: number } {
  validated([arm], prior);
  if (!(level > 0 && level < 1)) throw new InvalidArmCountsError('level must be between 0 and 1');
  const posterior = posteriorOf(arm, prior);
  const tail = (1 - level) / 2;
  const [lower = 0, upper = 1] = betaQuantiles(posterior, [tail, 1 - tail]);
  return { mean: betaMean(posterior), lower, upper };
}

/**
 * The engagement-analysis reply categories (plugins/engagement-analysis/src/schemas.ts,
 * REPLY_CATEGORIES), repeated here because plugins do not import each other.
 */
export const REPLY_CATEGORIES = ['bounce', 'unsubscribe', 'out-of-office', 'referral', 'interested', 'objection', 'not-now'] as const;
export type ReplyCategory = (typeof REPLY_CATEGORIES)[number];

/** What one send led to, as far as it is known: the reply's category and the meeting's fate. */
export interface SendOutcome {
  reply?: ReplyCategory;
  meetingBooked?: boolean;
  meetingAttended?: boolean;
}

/**
 * The rewards, in [0, 1]. A positive reply (`interested`) and a booked meeting count the same;
 * an attended meeting weighs more. Every other category counts 0: `unsubscribe`, `objection`
 * and `not-now` are refusals, `out-of-office` and `bounce` say nothing about the email, and a
 * `referral` points to someone else, whose own outcome is rewarded when they are written to.
 */
export const REWARDS = { positiveReply: 0.75, meetingBooked: 0.75, meetingAttended: 1 } as const;

/** The reward of one send's outcome: the largest reward it earned, 0 when it earned none. */
export function rewardOf(outcome: SendOutcome): number {
  if (outcome.meetingAttended === true) return REWARDS.meetingAttended;
  if (outcome.meetingBooked === true) return REWARDS.meetingBooked;
  if (outcome.reply === 'interested') return REWARDS.positiveReply;
  return 0;
}
