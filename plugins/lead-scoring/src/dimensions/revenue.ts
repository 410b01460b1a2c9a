import { parseRevenueRange, type Fact, type RevenueRange } from '@meetflow/plugin-sdk';
import type { ResearchSubset, ScoredProspect } from '../schemas.ts';
import { placeInRange } from '../text.ts';
import { formatRevenueRange, representativeRevenue } from './revenue-range.ts';
import { meanConfidence, type SizePart } from './types.ts';

interface RevenueEstimate {
  range: RevenueRange;
  /** How the reason shows it: the record as its source wrote it ("<$1M"), else the range read. */
  shown: string;
  source: string;
  facts: Fact[];
  evidence: number;
}

// As for headcount: the prospect's record (what a provider states) first, then a cited fact, then the bare hint.
function estimateRevenue(prospect: ScoredProspect, research: ResearchSubset | undefined): RevenueEstimate | null {
  const recorded = prospect.revenue ? parseRevenueRange(prospect.revenue) : null;
  if (recorded) return { range: recorded, shown: prospect.revenue!.trim(), source: 'prospect record', facts: [], evidence: 1 };
  for (const fact of research?.facts ?? []) {
    const range = fact.kind === 'revenue' ? parseRevenueRange(fact.value) : null;
    if (range)
      return {
        range,
        shown: formatRevenueRange(range),
        source: `research: "${fact.value}"`,
        facts: [fact],
        evidence: meanConfidence([fact], 1),
      };
  }
  const hint = research?.sizeHint.revenue ? parseRevenueRange(research.sizeHint.revenue) : null;
  if (hint)
    return {
      range: hint,
      shown: formatRevenueRange(hint),
      source: `research hint "${research?.sizeHint.revenue}"`,
      facts: [],
      evidence: 0.6,
    };
  return null;
}

/**
 * The company's annual revenue against the ICP's revenue range, scored like headcount (`fit`:
 * 100 inside, falling with the log-distance outside); null when the ICP states no readable revenue.
 */
export function revenuePart(
  prospect: ScoredProspect,
  research: ResearchSubset | undefined,
  icpRevenue: string,
  fit: (value: number, range: RevenueRange) => number,
): SizePart | null {
  const wanted = icpRevenue.trim() === '' ? null : parseRevenueRange(icpRevenue);
  if (!wanted) return null;
  const estimate = estimateRevenue(prospect, research);
  if (!estimate) return { score: null, clause: `revenue unknown (ICP ${formatRevenueRange(wanted)})`, factIds: [], evidence: 0 };
  const value = representativeRevenue(estimate.range);
  const score = fit(value, wanted);
  const stated = `revenue ${estimate.shown} (${estimate.source})`;
  const where = placeInRange(value, wanted, score === 100, formatRevenueRange(wanted));
  return { score, clause: `${stated}, ${where}`, factIds: estimate.facts.map((fact) => fact.id), evidence: estimate.evidence };
}
