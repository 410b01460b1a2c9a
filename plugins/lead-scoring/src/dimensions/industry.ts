import type { ResearchSubset, ScoredProspect } from '../schemas.ts';
import { significantWords } from '../text.ts';
import { canonicalIndustry } from './industry-taxonomy.ts';
import { meanConfidence, type DimensionResult } from './types.ts';

/** Credit for an industry in the same family as an ICP industry (e.g. fintech vs SaaS). */
export const ADJACENT_INDUSTRY_SCORE = 60;
/** Credit for unrecognised labels that share words (e.g. "solar installation" vs "solar energy"). */
export const SHARED_WORDS_SCORE = 40;

/** How well one industry label fits one ICP industry: 100 same, 60 adjacent, 40 shared words, else 0. */
export function industryFit(prospectIndustry: string, icpIndustry: string): { score: number; how: string } {
  const prospect = canonicalIndustry(prospectIndustry);
  const icp = canonicalIndustry(icpIndustry);
  if (prospect.canonical === icp.canonical) return { score: 100, how: `matches the ICP's "${icpIndustry}"` };
  if (prospect.family !== null && prospect.family === icp.family) {
    return { score: ADJACENT_INDUSTRY_SCORE, how: `is adjacent to the ICP's "${icpIndustry}" (both ${icp.family})` };
  }
  const icpWords = significantWords(icpIndustry);
  const shared = [...significantWords(prospectIndustry)].filter((word) => icpWords.has(word));
  if (shared.length > 0) return { score: SHARED_WORDS_SCORE, how: `shares "${shared.join(', ')}" with the ICP's "${icpIndustry}"` };
  return { score: 0, how: '' };
}

/** The prospect's industry against the ICP's list: the best fit counts. */
export function scoreIndustry(prospect: ScoredProspect, research: ResearchSubset | undefined, icpIndustries: string[]): DimensionResult {
  const wanted = icpIndustries.filter((industry) => industry.trim() !== '');
  if (wanted.length === 0) {
    return { score: 0, reason: 'the ICP names no industry, so industry does not count', factIds: [], evidence: 1, hasCriterion: false };
  }
  const industryFacts = (research?.facts ?? []).filter((fact) => fact.kind === 'industry');
  const candidates: Array<{ label: string; factIds: string[]; evidence: number }> = [];
  if (prospect.industry) candidates.push({ label: prospect.industry, factIds: [], evidence: 1 });
  for (const fact of industryFacts) candidates.push({ label: fact.value, factIds: [fact.id], evidence: meanConfidence([fact], 1) });
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
  const reason =
    best.score > 0 ? `"${candidate.label}" ${best.how}` : `"${candidate.label}" is not among the ICP's industries (${wanted.join(', ')})`;
  return { score: best.score, reason, factIds: candidate.factIds, evidence: candidate.evidence, hasCriterion: true };
}
