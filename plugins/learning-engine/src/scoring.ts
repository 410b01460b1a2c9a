import { refitScoringWeights, type DimensionWeights, type RefitStatus } from './experiments/meeting-model.ts';
import { DEFAULT_TIMING_SHARE, SCORING_FEATURES, type Outcomes, type ScoringWeights } from './schemas.ts';

/** What the scoring-weight refit found (the engine's output `scoringRefit`, plus its confidence). */
export interface ScoringLearning {
  /**
   * The five weights the refit proposes: the weights in force moved `learningRate` of the way to
   * `fitted` (the current ones as they are when no fit was made).
   */
  proposed: ScoringWeights;
  /** The five weights fitted to the meetings; null when no fit was made. */
  fitted: DimensionWeights | null;
  /** The step from the weights in force towards the fit (the plugin's `learningRate`). */
  learningRate: number;
  /** The five shares the current weights score with (`shareOfFive`): what the refit was judged against. */
  inForce: DimensionWeights;
  /** Contacted prospects scored before timing was recorded: left out of the fit, not counted as timing 0. */
  withoutTiming: number;
  /** True when the proposed (stepped) weights beat the current ones on held-out outcomes (DeLong z ≥ 1.645). */
  better: boolean;
  status: RefitStatus | 'too-few-leads';
  /** Φ(z) of the held-out AUC difference (0 when not measured): how sure the improvement is. */
  confidence: number;
  aucBefore: number | null;
  aucAfter: number | null;
  z: number | null;
  /** Contacted prospects learned from, and the meetings among them. */
  sampleSize: number;
  meetings: number;
  trainSize: number;
  heldOutSize: number;
  heldOutMeetings: number;
  minMeetings: number;
  minSampleSize: number;
  reason: string;
}

/** Settings the refit takes from the plugin config. */
export interface ScoringSettings {
  minSampleSize: number;
  minMeetings: number;
  /** Share of the way from the weights in force to the fitted ones a refit moves, in (0, 1]. */
  learningRate: number;
}

/** The standard normal CDF (Abramowitz–Stegun 7.1.26 on erf; error below 1.5·10⁻⁷). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The five shares a workspace's weights score with, as the lead-scoring plugin computes them:
 * weights with timing are the five normalised; weights without it are the four normalised and
 * scaled by 1 − DEFAULT_TIMING_SHARE, timing taking DEFAULT_TIMING_SHARE (the plugin's default
 * `timingWeight`).
 */
export function shareOfFive(weights: ScoringWeights): DimensionWeights {
  const fitSum = SCORING_FEATURES.reduce((sum, key) => sum + weights[key], 0);
  const timing = weights.timing ?? (DEFAULT_TIMING_SHARE * fitSum) / (1 - DEFAULT_TIMING_SHARE);
  const total = fitSum + timing;
  const share = (value: number) => (total > 0 ? value / total : 0.2);
  return {
    companySize: share(weights.companySize),
    industryMatch: share(weights.industryMatch),
    techStack: share(weights.techStack),
    jobTitle: share(weights.jobTitle),
    timing: share(timing),
  };
}

/**
 * Scoring weights from meetings (issue #33, item 4): the contacted prospects' five score
 * dimensions as they were scored, and whether each booked a meeting, refitted by the meeting model
 * (`refitScoringWeights`: L2 logistic on 70%; a step of `learningRate` from the current weights'
 * five shares towards the fit, judged against them on the held-out 30% by DeLong's test) once
 * there are `minSampleSize` of them. Prospects scored before timing was recorded are left out (a
 * missing timing is not a timing of 0, and imputing it would invent the very dimension being
 * learned); `withoutTiming` counts them. The refit is seeded by the cycle id, so a retry gives the
 * same answer.
 */
export function learnScoringWeights(
  current: ScoringWeights,
  scoredLeads: Outcomes['scoredLeads'],
  settings: ScoringSettings,
  seed: string,
): ScoringLearning {
  const leads = scoredLeads.flatMap(({ features: { timing, ...four }, converted }) =>
    timing === undefined ? [] : [{ features: { ...four, timing }, converted }],
  );
  const withoutTiming = scoredLeads.length - leads.length;
  const leftOut = withoutTiming > 0 ? ` (${withoutTiming} scored before timing was recorded are left out)` : '';
  const inForce = shareOfFive(current);
  const meetings = leads.filter((lead) => lead.converted).length;
  const refit = refitScoringWeights(
    inForce,
    leads.map((lead) => ({ features: lead.features, meetingBooked: lead.converted })),
    seed,
    { l2: 1, heldOutShare: 0.3, minMeetings: settings.minMeetings, minZ: 1.645, learningRate: settings.learningRate },
  );
  const common = {
    inForce,
    learningRate: settings.learningRate,
    withoutTiming,
    sampleSize: leads.length,
    meetings,
    minMeetings: settings.minMeetings,
    minSampleSize: settings.minSampleSize,
    trainSize: refit.trainSize,
    heldOutSize: refit.heldOutSize,
    heldOutMeetings: refit.heldOutMeetings,
  };
  if (leads.length < settings.minSampleSize) {
    return {
      ...common,
      proposed: current,
      fitted: null,
      better: false,
      status: 'too-few-leads',
      confidence: 0,
      aucBefore: null,
      aucAfter: null,
      z: null,
      reason: `${leads.length} contacted prospects with scores; a refit needs ${settings.minSampleSize}${leftOut}`,
    };
  }
  return {
    ...common,
    proposed: refit.proposed,
    fitted: refit.fitted,
    better: refit.applied,
    status: refit.status,
    confidence: refit.z === null ? 0 : Number(normalCdf(refit.z).toFixed(4)),
    aucBefore: refit.aucBefore === null ? null : Number(refit.aucBefore.toFixed(4)),
    aucAfter: refit.aucAfter === null ? null : Number(refit.aucAfter.toFixed(4)),
    z: refit.z === null ? null : Number(refit.z.toFixed(3)),
    reason: `${refit.reason.replace(/: applied$/, '')}${leftOut}`,
  };
}
