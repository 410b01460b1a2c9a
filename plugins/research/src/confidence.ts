import type { Fact } from '@meetflow/plugin-sdk';
import type { PageVisit } from './manifest.ts';

/** Facts a well-researched prospect has (the product promises "12+ data points per prospect"). */
export const TARGET_DATA_POINTS = 12;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * How far the research can be trusted, 0–1: coverage (distinct facts over 12, capped at 1)
 * × certainty (0.6 + 0.4 × the facts' mean confidence) × reach (0.75 + 0.25 × the share of
 * pages read successfully). Few facts keep it low however sure each is; failed pages lower it.
 */
export function researchConfidence(facts: readonly Fact[], visits: readonly PageVisit[]): number {
  if (facts.length === 0 || visits.length === 0) return 0;
  const coverage = Math.min(1, facts.length / TARGET_DATA_POINTS);
  const meanConfidence = facts.reduce((sum, fact) => sum + fact.confidence, 0) / facts.length;
  const reach = visits.filter((visit) => visit.ok).length / visits.length;
  return round2(coverage * (0.6 + 0.4 * meanConfidence) * (0.75 + 0.25 * reach));
}
