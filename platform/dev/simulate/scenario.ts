// The known truth the simulator runs against (issue #33, item 5): synthetic prospects whose
// true positive-reply and meeting probabilities depend on their five score dimensions and on the
// arm they receive. Rates are set by flags; the defaults sit inside published benchmark ranges
// for cold email (positive replies about 1–8% of sends, a few percent of unsubscribes and
// out-of-office auto-replies, replies within days of the send).
import { SCORE_DIMENSIONS, type BetaPrior, type DimensionWeights, type ReplyCategory } from '@meetflow/plugin-learning-engine/experiments';

/** Everything that defines a simulated experiment. */
export interface Scenario {
  /** Each arm's multiplier on the positive-reply rate (the arm effect); arm k is named `arm-<k+1>`. */
  effects: number[];
  /** Mean positive-reply rate of an arm with effect 1 over the population. */
  basePositiveReply: number;
  /** Sends in one run, and sends a day (replies arrive days later, so the engine learns late). */
  sends: number;
  sendsPerDay: number;
  /** Seeded runs the figures are averaged over (the A/A rate is counted over as many). */
  runs: number;
  seed: string;
  /** The engine's prior for every arm (undefined: the engine's default, as the platform uses it). */
  prior?: BetaPrior;
}

export const DEFAULT_SCENARIO: Scenario = {
  // Best 1.5× worst, the middle arm half-way: small absolute differences (3.0%, 3.75%, 4.5%).
  effects: [1, 1.25, 1.5],
  basePositiveReply: 0.03,
  sends: 2000,
  sendsPerDay: 100,
  runs: 200,
  seed: 'meetflow',
};

/**
 * The true weight of each dimension in a prospect's fit (what a perfect score would use): the
 * product's default weights (companySize first) are deliberately not the truth, so a refit from
 * meetings has something to find.
 */
export const TRUE_FIT_WEIGHTS: DimensionWeights = { companySize: 0.05, industryMatch: 0.15, techStack: 0.4, jobTitle: 0.15, timing: 0.25 };

/**
 * The weights scoring starts from: the product's defaults as the lead-scoring plugin scores them
 * (the workspace's 35/28/22/15 for the fit scaled by 0.9, the plugin's default timingWeight 10%).
 */
export const STARTING_WEIGHTS: DimensionWeights = {
  companySize: 0.315,
  industryMatch: 0.252,
  techStack: 0.198,
  jobTitle: 0.135,
  timing: 0.1,
};

/** Replies that are not positive, as shares of sends, independent of the arm. */
export const OTHER_REPLIES: readonly { category: ReplyCategory; rate: number }[] = [
  { category: 'out-of-office', rate: 0.03 },
  { category: 'bounce', rate: 0.02 },
  { category: 'unsubscribe', rate: 0.015 },
  { category: 'objection', rate: 0.015 },
  { category: 'not-now', rate: 0.015 },
  { category: 'referral', rate: 0.005 },
];

/** Share of positive replies that book a meeting, at fit 0 and fit 1 (linear between). */
export const MEETING_GIVEN_POSITIVE = { atFitZero: 0.3, atFitOne: 0.7 } as const;
/** Share of booked meetings attended. */
export const ATTENDED_GIVEN_BOOKED = 0.8;

/** A prospect: its dimension scores (uniform on [0, 1]) and its fit under the true weights. */
export interface Prospect {
  features: DimensionWeights;
  fit: number;
}

export function prospectFrom(draws: readonly number[]): Prospect {
  const features = Object.fromEntries(SCORE_DIMENSIONS.map((key, k) => [key, draws[k] ?? 0.5])) as DimensionWeights;
  const fit = SCORE_DIMENSIONS.reduce((sum, key) => sum + TRUE_FIT_WEIGHTS[key] * features[key], 0);
  return { features, fit };
}

/**
 * P(positive reply | prospect, arm) = base × effect × (0.25 + 1.5·fit): the fit factor averages
 * 1 over the population (fit averages 0.5), so `basePositiveReply` is the population's rate.
 */
export function positiveReplyProbability(scenario: Scenario, prospect: Prospect, arm: number): number {
  return Math.min(1, scenario.basePositiveReply * (scenario.effects[arm] ?? 1) * (0.25 + 1.5 * prospect.fit));
}

export function meetingGivenPositive(prospect: Prospect): number {
  return MEETING_GIVEN_POSITIVE.atFitZero + (MEETING_GIVEN_POSITIVE.atFitOne - MEETING_GIVEN_POSITIVE.atFitZero) * prospect.fit;
}

/** P(meeting booked | prospect, arm): a meeting comes only from a positive reply. */
export function meetingProbability(scenario: Scenario, prospect: Prospect, arm: number): number {
  return positiveReplyProbability(scenario, prospect, arm) * meetingGivenPositive(prospect);
}

/**
 * The largest lift any policy can have over a fixed uniform split when the arm effects act
 * multiplicatively on every prospect alike: max(effects) / mean(effects) − 1. With 3 arms and
 * the best 1.5× the worst it is at most 1.5 / ((1 + 1 + 1.5) / 3) − 1 = 28.6% (two arms at the
 * worst), and 20% with the middle arm half-way (the default).
 */
export function liftBound(effects: readonly number[]): number {
  const mean = effects.reduce((sum, value) => sum + value, 0) / effects.length;
  return Math.max(...effects) / mean - 1;
}
