import type { Fact } from '@meetflow/plugin-sdk';
import type { ResearchSubset, ScoredProspect } from '../schemas.ts';
import { formatCount } from '../text.ts';
import { formatRange, parseSizeRange, representativeCount, type SizeRange } from './size-range.ts';
import { meanConfidence, type DimensionResult } from './types.ts';

/** Size ratio (outside the ICP range) at which credit reaches zero: ten times too big or too small. */
export const SIZE_ZERO_CREDIT_RATIO = 10;

interface SizeEstimate {
  count: number;
  source: string;
  facts: Fact[];
  evidence: number;
}

// The prospect's own count is firsthand; a researched fact is cited; the bare hint is weakest.
function estimateSize(prospect: ScoredProspect, research: ResearchSubset | undefined): SizeEstimate | null {
  if (prospect.employeeCount != null && prospect.employeeCount > 0) {
    return { count: prospect.employeeCount, source: 'prospect record', facts: [], evidence: 1 };
  }
  for (const fact of research?.facts ?? []) {
    const range = fact.kind === 'employees' ? parseSizeRange(fact.value) : null;
    if (range) return { count: representativeCount(range), source: `research: "${fact.value}"`, facts: [fact], evidence: meanConfidence([fact], 1) };
  }
  const hint = research?.sizeHint.employees ? parseSizeRange(research.sizeHint.employees) : null;
  if (hint) return { count: representativeCount(hint), source: `research hint "${research?.sizeHint.employees}"`, facts: [], evidence: 0.6 };
  return null;
}

/**
 * Score 100 inside the ICP range; outside it, credit falls linearly with the log-distance to the
 * nearest bound, reaching 0 at SIZE_ZERO_CREDIT_RATIO times too big or too small. Log scale
 * because 300 vs 200 employees is a near miss while 300 vs 3,000 is a different company.
 */
export function sizeFitScore(count: number, range: SizeRange): number {
  if (count >= range.min && count <= range.max) return 100;
  const bound = count < range.min ? range.min : range.max;
  const decades = Math.abs(Math.log10(Math.max(count, 1) / bound)) / Math.log10(SIZE_ZERO_CREDIT_RATIO);
  return Math.round(100 * Math.max(0, 1 - decades));
}

/** Company size against the ICP's employee range. */
export function scoreCompanySize(prospect: ScoredProspect, research: ResearchSubset | undefined, icpSize: string): DimensionResult {
  if (icpSize.trim() === '') {
    return { score: 0, reason: 'the ICP sets no company size, so size does not count', factIds: [], evidence: 1, hasCriterion: false };
  }
  const range = parseSizeRange(icpSize);
  if (!range) {
    return { score: 0, reason: `the ICP size "${icpSize}" holds no employee range, so size does not count`, factIds: [], evidence: 1, hasCriterion: false };
  }
  const estimate = estimateSize(prospect, research);
  const factIds = estimate?.facts.map((fact) => fact.id) ?? [];
  if (!estimate) {
    return { score: 0, reason: `company size unknown (ICP ${formatRange(range)} employees)`, factIds, evidence: 0, hasCriterion: true };
  }
  const score = sizeFitScore(estimate.count, range);
  const people = `${formatCount(estimate.count)} employees (${estimate.source})`;
  const where = score === 100
    ? `inside the ICP's ${formatRange(range)}`
    : estimate.count < range.min
      ? `${(range.min / Math.max(estimate.count, 1)).toFixed(1)}× below the ICP's ${formatRange(range)}`
      : `${(estimate.count / range.max).toFixed(1)}× above the ICP's ${formatRange(range)}`;
  return { score, reason: `${people}, ${where}`, factIds, evidence: estimate.evidence, hasCriterion: true };
}
