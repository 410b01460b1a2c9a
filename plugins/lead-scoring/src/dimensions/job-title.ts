import { normaliseText } from '../text.ts';
import { functionFit, parseTitle, seniorityFit, type ParsedTitle } from '@meetflow/plugin-sdk/contracts/title-taxonomy';
import type { DimensionResult } from './types.ts';

/** How the title score splits: function decides who buys, seniority whether they can. */
export const FUNCTION_SHARE = 0.6;
export const SENIORITY_SHARE = 0.4;

function describe(parsed: ParsedTitle): string {
  return `${parsed.seniority}${parsed.jobFunction ? ` ${parsed.jobFunction}` : ''}`;
}

/** Fit of one title against one ICP title, 0–100. Identical titles score 100. */
export function titleFit(prospectTitle: string, icpTitle: string): number {
  if (normaliseText(prospectTitle) === normaliseText(icpTitle)) return 100;
  const prospect = parseTitle(prospectTitle);
  const icp = parseTitle(icpTitle);
  // An ICP title without a function ("Founder") asks only for a level, so any function fits it.
  const fn = icp.jobFunction === null ? 1 : functionFit(prospect.jobFunction, icp.jobFunction);
  return Math.round(100 * (FUNCTION_SHARE * fn + SENIORITY_SHARE * seniorityFit(prospect.seniority, icp.seniority)));
}

/** The prospect's job title against the ICP's titles: the best-fitting ICP title counts. */
export function scoreJobTitle(jobTitle: string, icpTitles: string[]): DimensionResult {
  const wanted = icpTitles.filter((title) => title.trim() !== '');
  if (wanted.length === 0) {
    return { score: 0, reason: 'the ICP names no job titles, so the title does not count', factIds: [], evidence: 1, hasCriterion: false };
  }
  if (jobTitle.trim() === '') {
    return { score: 0, reason: `job title unknown (ICP: ${wanted.join(', ')})`, factIds: [], evidence: 0, hasCriterion: true };
  }
  let best = { score: -1, icpTitle: '' };
  for (const icpTitle of wanted) {
    const score = titleFit(jobTitle, icpTitle);
    if (score > best.score) best = { score, icpTitle };
  }
  const prospect = parseTitle(jobTitle);
  const icp = parseTitle(best.icpTitle);
  // A title the taxonomy cannot place is weaker evidence than one it reads fully.
  const evidence = prospect.seniorityRecognised || prospect.jobFunction !== null ? 1 : 0.5;
  return {
    score: best.score,
    reason: `"${jobTitle}" (${describe(prospect)}) vs the ICP's "${best.icpTitle}" (${describe(icp)})`,
    factIds: [],
    evidence,
    hasCriterion: true,
  };
}
