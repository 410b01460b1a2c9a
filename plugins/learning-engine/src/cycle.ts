import { learnCadence } from './cadence.ts';
import type { LearningEngineConfig } from './config.ts';
import { buildActivity, buildInsights } from './insights.ts';
import { compareResponse, cycleMetrics } from './metrics.ts';
import { hashSeed, seededRandom } from '@meetflow/plugin-sdk/experiments/random';
import type { LearnedValues, LearningCycleResult, RunLearningCycleInput } from './schemas.ts';
import { learnScoringWeights } from './scoring.ts';
import { learnTemplates } from './templates.ts';

type Part = keyof LearnedValues;
const PARTS: Part[] = ['scoringWeights', 'templatePerformance', 'cadenceTiming'];

/**
 * One learning cycle, as a pure function of its input, the config and the time: learns each
 * part, decides per part whether it is applied (auto-apply on and confidence ≥ minConfidence),
 * and writes the insights, metrics and activity lines. The bootstrap is seeded by the cycle id,
 * so the same input always gives the same output.
 */
export function computeLearningCycle(input: RunLearningCycleInput, config: LearningEngineConfig, now: Date): LearningCycleResult {
  const { outcomes, current } = input;
  const scoring = learnScoringWeights(
    current.scoringWeights,
    outcomes.scoredLeads,
    {
      minSampleSize: config.minSampleSize,
      learningRate: config.learningRate,
      bootstrapResamples: config.bootstrapResamples,
    },
    seededRandom(hashSeed(input.cycleId)),
  );
  const templates = learnTemplates(current.templatePerformance, outcomes.templates, config.templatePriorStrength);
  const cadence = learnCadence(current.cadenceTiming, outcomes.cadence, {
    minSendsPerOffset: config.cadenceMinSendsPerOffset,
    maxShiftDays: config.cadenceMaxShiftDays,
    priorStrength: config.cadencePriorStrength,
  });
  const proposed: LearnedValues = {
    scoringWeights: scoring.proposed,
    templatePerformance: templates.proposed,
    cadenceTiming: cadence.proposed,
  };
  const confidence = { scoringWeights: scoring.confidence, templatePerformance: templates.confidence, cadenceTiming: cadence.confidence };
  const autoApply = input.autoApply ?? config.autoApplyOptimizations;
  const applied = Object.fromEntries(PARTS.map((part) => [part, autoApply && confidence[part] >= config.minConfidence])) as Record<
    Part,
    boolean
  >;
  const effective = {
    scoringWeights: applied.scoringWeights ? proposed.scoringWeights : current.scoringWeights,
    templatePerformance: applied.templatePerformance ? proposed.templatePerformance : current.templatePerformance,
    cadenceTiming: applied.cadenceTiming ? proposed.cadenceTiming : current.cadenceTiming,
  };
  const response = compareResponse(outcomes, current.templatePerformance);
  const sources = {
    scoring,
    currentWeights: current.scoringWeights,
    templates,
    cadence,
    response,
    applied,
    autoApply,
    minSampleSize: config.minSampleSize,
    minConfidence: config.minConfidence,
    now: now.toISOString(),
  };
  return {
    cycleId: input.cycleId,
    proposed,
    applied,
    effective,
    confidence,
    templateAllocation: templates.allocation,
    insights: buildInsights(sources),
    metrics: cycleMetrics(outcomes, response, Object.values(confidence)),
    activity: buildActivity(input.cycleId, sources, confidence),
  };
}
