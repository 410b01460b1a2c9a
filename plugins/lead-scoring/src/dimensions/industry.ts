import { industryRelation } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import type { ResearchSubset, ScoredProspect } from '../schemas.ts';
import { significantWords } from '../text.ts';
import { meanConfidence, type DimensionResult } from './types.ts';

/** Credit for an industry the taxonomy lists as related to an ICP industry (e.g. Sales technology for Marketing technology). */
export const RELATED_INDUSTRY_SCORE = 60;
/** Credit for labels outside the taxonomy that share words (e.g. "basket weaving" vs "basket making supplies"). */
export const SHARED_WORDS_SCORE = 40;

/** How one industry label fits one ICP industry: a score and the clause that explains it. */
export interface IndustryFit {
  score: number;
  /** Completes a sentence about the prospect's label: `"Sales technology" ${how}`. */
  how: string;
}

/**
 * How well one industry label fits one ICP industry, through the shared industry taxonomy: the
 * same industry 100, a related one 60, an unrelated one 0. Only when a label is not in the
 * taxonomy do shared words earn 40: two known industries never match by a common word ("technology").
 */
export function industryFit(prospectIndustry: string, icpIndustry: string): IndustryFit {
  const { relation, first, second } = industryRelation(prospectIndustry, icpIndustry);
  if (relation === 'same') {
    const named = first!.label === icpIndustry.trim() ? '' : ` (both ${first!.label})`;
    return { score: 100, how: `matches the ICP's "${icpIndustry}"${named}` };
  }
  if (relation === 'related') {
    const named = second!.label === icpIndustry.trim() ? '' : ` (${second!.label})`;
    return { score: RELATED_INDUSTRY_SCORE, how: `is related to, not the same as, the ICP's "${icpIndustry}"${named}` };
  }
  if (relation === 'unrelated') return { score: 0, how: '' };
  const icpWords = significantWords(icpIndustry);
  const shared = [...significantWords(prospectIndustry)].filter((word) => icpWords.has(word));
  if (shared.length > 0) return { score: SHARED_WORDS_SCORE, how: `shares "${shared.join(', ')}" with the ICP's "${icpIndustry}"` };
  return { score: 0, how: '' };
}

// Research's industry fact says which words it matched ("Sales technology (matched: CRM, quota)"); the label is before them.
const labelOf = (factValue: string) => factValue.replace(/\s*\(matched:[^)]*\)\s*$/, '');

/** The prospect's industry against the ICP's list: the best fit counts. */
export function scoreIndustry(prospect: ScoredProspect, research: ResearchSubset | undefined, icpIndustries: string[]): DimensionResult {
  const wanted = icpIndustries.filter((industry) => industry.trim() !== '');
  if (wanted.length === 0) {
    return { score: 0, reason: 'the ICP names no industry, so industry does not count', factIds: [], evidence: 1, hasCriterion: false };
  }
  const industryFacts = (research?.facts ?? []).filter((fact) => fact.kind === 'industry');
  const candidates: Array<{ label: string; factIds: string[]; evidence: number }> = [];
  if (prospect.industry) candidates.push({ label: prospect.industry, factIds: [], evidence: 1 });
  for (const fact of industryFacts)
    candidates.push({ label: labelOf(fact.value), factIds: [fact.id], evidence: meanConfidence([fact], 1) });
  if (research?.industry)
    candidates.push({
      label: research.industry,
      factIds: industryFacts.map((fact) => fact.id),
      evidence: meanConfidence(industryFacts, 0.6),
    });
  if (candidates.length === 0) {
    return { score: 0, reason: `industry unknown (ICP: ${wanted.join(', ')})`, factIds: [], evidence: 0, hasCriterion: true };
  }
  let best = { score: -1, how: '', candidate: candidates[0] ?? { label: '', factIds: [], evidence: 0 } };
  for (const candidate of candidates) {
    for (const icpIndustry of wanted) {
      const fit = industryFit(candidate.label, icpIndustry);
      if (fit.score > best.score) best = { ...fit, candidate };
    }
  }
  const { candidate } = best;
  const prefix = best.score === RELATED_INDUSTRY_SCORE ? 'related industry: ' : '';
  const reason =
    best.score > 0
      ? `${prefix}"${candidate.label}" ${best.how}`
      : `"${candidate.label}" is not among the ICP's industries (${wanted.join(', ')})`;
  return { score: best.score, reason, factIds: candidate.factIds, evidence: candidate.evidence, hasCriterion: true };
}
