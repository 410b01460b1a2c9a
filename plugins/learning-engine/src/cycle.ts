import { learnCadence } from './cadence.ts';
import type { LearningEngineConfig } from './config.ts';
import { buildActivity, buildInsights } from './insights.ts';
import { compareResponse, cycleMetrics } from './metrics.ts';
import type { LearnedValues, LearningCycleResult, RunLearningCycleInput } from './schemas.ts';
import { learnScoringWeights } from './scoring.ts';
import { learnTemplates } from './templates.ts';

type Part = keyof LearnedValues;
const PARTS: Part[] = ['scoringWeights', 'templatePerformance', 'cadenceTiming'];

/**
 * One learning cycle, as a pure function of its input, the config and the time: learns each
 * part, decides per part whether it is applied (auto-apply on and, for the template rates and the
 * cadence, confidence ≥ minConfidence; for the scoring weights, the meeting refit beating the
 * current weights on held-out outcomes), and writes the insights, metrics and activity lines. The
 * refit's split is seeded by the cycle id, so the same input always gives the same output.
 */
export function computeLearningCycle(input: RunLearningCycleInput, config: LearningEngineConfig, now: Date): LearningCycleResult {
  const { outcomes, current } = input;
  const scoring = learnScoringWeights(
    current.scoringWeights,
    outcomes.scoredLeads,
    { minSampleSize: config.minSampleSize, minMeetings: config.minMeetings, learningRate: config.learningRate },
    input.cycleId,
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
  // Template rates and cadence need minConfidence; the scoring weights need the refit's own test
  // (the weights a step of learningRate towards the fit, held-out AUC better by DeLong's z ≥ 1.645).
  const passes: Record<Part, boolean> = {
    scoringWeights: scoring.better,
    templatePerformance: confidence.templatePerformance >= config.minConfidence,
    cadenceTiming: confidence.cadenceTiming >= config.minConfidence,
  };
  const applied = Object.fromEntries(PARTS.map((part) => [part, autoApply && passes[part]])) as Record<Part, boolean>;
  const effective = {
    scoringWeights: applied.scoringWeights ? proposed.scoringWeights : current.scoringWeights,
    templatePerformance: applied.templatePerformance ? proposed.templatePerformance : current.templatePerformance,
    cadenceTiming: applied.cadenceTiming ? proposed.cadenceTiming : current.cadenceTiming,
  };
  const response = compareResponse(outcomes, current.templatePerformance);
  const sources = {
    scoring,
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
    scoringRefit: {
      before: current.scoringWeights,
      proposed: scoring.proposed,
      fitted: scoring.fitted,
      learningRate: scoring.learningRate,
      better: scoring.better,
      applied: applied.scoringWeights,
      autoApply,
      status: scoring.status,
      aucBefore: scoring.aucBefore,
      aucAfter: scoring.aucAfter,
      z: scoring.z,
      sampleSize: scoring.sampleSize,
      meetings: scoring.meetings,
      trainSize: scoring.trainSize,
      heldOutSize: scoring.heldOutSize,
      heldOutMeetings: scoring.heldOutMeetings,
      minMeetings: scoring.minMeetings,
      minSampleSize: scoring.minSampleSize,
      reason: scoring.reason,
    },
  };
}
