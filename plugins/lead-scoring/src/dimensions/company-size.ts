import type { Fact } from '@meetflow/plugin-sdk';
import type { ResearchSubset, ScoredProspect } from '../schemas.ts';
import { formatCount, placeInRange } from '../text.ts';
import { revenuePart } from './revenue.ts';
import { formatRange, parseSizeRange, representativeCount, type SizeRange } from './size-range.ts';
import { meanConfidence, type DimensionResult, type SizePart } from './types.ts';

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
    if (range)
      return { count: representativeCount(range), source: `research: "${fact.value}"`, facts: [fact], evidence: meanConfidence([fact], 1) };
  }
  const hint = research?.sizeHint.employees ? parseSizeRange(research.sizeHint.employees) : null;
  if (hint)
    return { count: representativeCount(hint), source: `research hint "${research?.sizeHint.employees}"`, facts: [], evidence: 0.6 };
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

// Headcount against the ICP's employee range; null when the ICP states no readable range.
function headcountPart(prospect: ScoredProspect, research: ResearchSubset | undefined, icpSize: string): SizePart | null {
  const range = icpSize.trim() === '' ? null : parseSizeRange(icpSize);
  if (!range) return null;
  const estimate = estimateSize(prospect, research);
  if (!estimate) return { score: null, clause: `company size unknown (ICP ${formatRange(range)} employees)`, factIds: [], evidence: 0 };
  const score = sizeFitScore(estimate.count, range);
  const people = `${formatCount(estimate.count)} employees (${estimate.source})`;
  const where = placeInRange(estimate.count, range, score === 100, formatRange(range));
  return { score, clause: `${people}, ${where}`, factIds: estimate.facts.map((fact) => fact.id), evidence: estimate.evidence };
}

function noCriterion(icpSize: string, icpRevenue: string): DimensionResult {
  const unreadable = [icpSize.trim() && `size "${icpSize}"`, icpRevenue.trim() && `revenue "${icpRevenue}"`].filter(Boolean);
  const reason =
    unreadable.length === 0
      ? 'the ICP sets no company size or revenue, so size does not count'
      : `the ICP ${unreadable.join(' and ')} holds no readable range, so size does not count`;
  return { score: 0, reason, factIds: [], evidence: 1, hasCriterion: false };
}

/**
 * Company size against the ICP: headcount against its employee range and, when the ICP states
 * one, annual revenue against its revenue range. The score is the mean of the readings known (an
 * unknown one is named but not counted); the evidence is the mean over the readings the ICP asks
 * for, so an unknown revenue lowers confidence, not the score.
 */
export function scoreCompanySize(
  prospect: ScoredProspect,
  research: ResearchSubset | undefined,
  icpSize: string,
  icpRevenue = '',
): DimensionResult {
  const parts = [headcountPart(prospect, research, icpSize), revenuePart(prospect, research, icpRevenue, sizeFitScore)].filter(
    (part): part is SizePart => part !== null,
  );
  if (parts.length === 0) return noCriterion(icpSize, icpRevenue);
  const known = parts.filter((part) => part.score !== null);
  const score = known.length === 0 ? 0 : Math.round(known.reduce((sum, part) => sum + part.score!, 0) / known.length);
  const clauses = parts.map((part) => (part.score === null && known.length > 0 ? `${part.clause}, not counted` : part.clause));
  return {
    score,
    reason: clauses.join('; '),
    factIds: parts.flatMap((part) => part.factIds),
    evidence: parts.reduce((sum, part) => sum + part.evidence, 0) / parts.length,
    hasCriterion: true,
  };
}
