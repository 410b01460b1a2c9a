import { gradientStep, normaliseWeights, type TrainingLead } from './logistic.ts';
import type { Random } from '@meetflow/plugin-sdk/experiments/random';
import { SCORING_FEATURES, type Outcomes, type ScoringWeights } from './schemas.ts';

/** What the scoring-weight learner found. */
export interface ScoringLearning {
  proposed: ScoringWeights;
  /** Share of bootstrap resamples whose step moves every weight the same way as the full sample. */
  confidence: number;
  sampleSize: number;
  /** Why the weights were left unchanged, when they were. */
  unchangedBecause: 'too-few-samples' | 'no-contrast' | null;
}

/** Settings the learner takes from the plugin config. */
export interface ScoringSettings {
  minSampleSize: number;
  learningRate: number;
  bootstrapResamples: number;
}

const asVector = (weights: ScoringWeights) => SCORING_FEATURES.map((feature) => weights[feature]);
const asWeights = (vector: readonly number[]) =>
  Object.fromEntries(SCORING_FEATURES.map((feature, k) => [feature, Number((vector[k] ?? 0).toFixed(4))])) as ScoringWeights;
// A change smaller than this is rounding noise: its sign says nothing.
const MATERIAL_CHANGE = 1e-6;

/**
 * One logistic-regression step on the scored leads, only once there are `minSampleSize` of
 * them. Its confidence is bootstrap stability: the step is repeated on `bootstrapResamples`
 * resamples drawn with replacement (seeded by the caller), and the confidence is the share
 * whose change has the same sign as the full-sample change on every materially moved weight.
 */
export function learnScoringWeights(
  current: ScoringWeights,
  leads: Outcomes['scoredLeads'],
  settings: ScoringSettings,
  random: Random,
): ScoringLearning {
  const weights = normaliseWeights(asVector(current));
  const unchanged = (unchangedBecause: ScoringLearning['unchangedBecause']) => ({
    proposed: asWeights(weights),
    confidence: 0,
    sampleSize: leads.length,
    unchangedBecause,
  });
  if (leads.length < settings.minSampleSize) return unchanged('too-few-samples');
  const training: TrainingLead[] = leads.map((lead) => ({
    features: SCORING_FEATURES.map((f) => lead.features[f]),
    converted: lead.converted,
  }));
  const stepped = gradientStep(training, weights, settings.learningRate);
  if (stepped === null) return unchanged('no-contrast');
  const change = stepped.map((value, k) => value - (weights[k] ?? 0));
  let agreeing = 0;
  for (let resample = 0; resample < settings.bootstrapResamples; resample += 1) {
    const drawn = training.map(() => training[Math.floor(random() * training.length)] as TrainingLead);
    const again = gradientStep(drawn, weights, settings.learningRate);
    const agrees =
      again !== null &&
      change.every((delta, k) => Math.abs(delta) < MATERIAL_CHANGE || Math.sign((again[k] ?? 0) - (weights[k] ?? 0)) === Math.sign(delta));
    if (agrees) agreeing += 1;
  }
  return {
    proposed: asWeights(stepped),
    confidence: Number((agreeing / settings.bootstrapResamples).toFixed(4)),
    sampleSize: leads.length,
    unchangedBecause: null,
  };
}
