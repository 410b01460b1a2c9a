import type { LeadScoringConfig } from './config.ts';
import { scoreCompanySize } from './dimensions/company-size.ts';
import { scoreIndustry } from './dimensions/industry.ts';
import { scoreJobTitle } from './dimensions/job-title.ts';
import { scoreTechStack } from './dimensions/tech-stack.ts';
import { scoreTiming } from './dimensions/timing.ts';
import type { DimensionResult } from './dimensions/types.ts';
import { apportion } from './rounding.ts';
import { DIMENSION_KEYS, type DimensionKey, type ScoreProspectInput, type ScoreProspectOutput } from './schemas.ts';
import { effectiveWeights } from './weights.ts';

/** How each dimension is named in the output and the reasoning. */
export const DIMENSION_LABELS: Record<DimensionKey, string> = {
  companySize: 'Company size',
  industryMatch: 'Industry match',
  techStack: 'Tech stack',
  jobTitle: 'Job title',
  timing: 'Timing & intent',
};

/** High at or above the qualification threshold, Medium at or above the medium threshold, else Low. */
export function priorityFor(
  totalScore: number,
  config: Pick<LeadScoringConfig, 'qualificationThreshold' | 'mediumThreshold'>,
): 'High' | 'Medium' | 'Low' {
  if (totalScore >= config.qualificationThreshold) return 'High';
  return totalScore >= config.mediumThreshold ? 'Medium' : 'Low';
}

const tenths = (units: number): string => (units / 10).toFixed(1);
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * Scores a prospect against an ICP on five dimensions. Each dimension's points are its share of
 * the total × its 0–100 score; the points are rounded to tenths by largest remainder so that
 * they add up exactly to totalScore (the raw sum rounded to an integer), and the reasoning shows
 * each dimension as "points/maximum".
 */
export function scoreProspect(input: ScoreProspectInput, config: LeadScoringConfig, now: Date): ScoreProspectOutput {
  const { prospect, research, icp } = input;
  const results: Record<DimensionKey, DimensionResult> = {
    companySize: scoreCompanySize(prospect, research, icp.companySize, icp.revenue),
    industryMatch: scoreIndustry(prospect, research, icp.industry),
    techStack: scoreTechStack(prospect, research, icp.techStack),
    jobTitle: scoreJobTitle(prospect.jobTitle, icp.jobTitles),
    timing: scoreTiming(research, icp, now),
  };
  const weights = effectiveWeights(input.weights ?? config.scoringWeights, config.timingWeight, {
    companySize: results.companySize.hasCriterion,
    industryMatch: results.industryMatch.hasCriterion,
    techStack: results.techStack.hasCriterion,
    jobTitle: results.jobTitle.hasCriterion,
  });
  const rawPoints = DIMENSION_KEYS.map((key) => weights[key] * results[key].score);
  const totalScore = Math.round(sum(rawPoints));
  // Maxima are apportioned too, so the shown maxima add up to 100.0 and cap the shown points.
  const maxTenths = apportion(
    DIMENSION_KEYS.map((key) => weights[key] * 1000),
    1000,
  );
  const pointTenths = apportion(
    rawPoints.map((points) => points * 10),
    totalScore * 10,
    maxTenths,
  );
  const priority = priorityFor(totalScore, config);
  const qualified = totalScore >= config.qualificationThreshold;

  const dimensions = DIMENSION_KEYS.map((key, index) => ({
    key,
    label: DIMENSION_LABELS[key],
    weight: Math.round(weights[key] * 10_000) / 10_000,
    score: results[key].score,
    points: (pointTenths[index] ?? 0) / 10,
    reason: results[key].reason,
    factIds: results[key].factIds,
  }));
  const lines = DIMENSION_KEYS.map(
    (key, index) => `${DIMENSION_LABELS[key]} ${tenths(pointTenths[index] ?? 0)}/${tenths(maxTenths[index] ?? 0)}: ${results[key].reason}.`,
  );
  const summary = `Score ${totalScore}/100, ${priority} priority, ${qualified ? 'qualified' : 'not qualified'} (threshold ${config.qualificationThreshold}).`;
  // Confidence is the evidence each dimension had, weighted like the score.
  const confidence = Math.round(100 * sum(DIMENSION_KEYS.map((key) => weights[key] * results[key].evidence))) / 100;
  return {
    totalScore,
    priority,
    qualified,
    threshold: config.qualificationThreshold,
    dimensions,
    reasoning: [summary, ...lines].join(' '),
    confidence: Math.min(1, confidence),
  };
}
