import type { DiscoveredPerson, IcpCriteria } from '@meetflow/plugin-sdk';
import { manifest as leadScoringManifest, scoreProspect, type ScoreProspectOutput } from '@meetflow/plugin-lead-scoring';

/** Lead-scoring settings as the plugin parses them (weights, timing share, thresholds). */
export type MatchConfig = Parameters<typeof scoreProspect>[1];
/** The four ICP-fit weights, e.g. the workspace's `scoringWeights` config entry. */
export type MatchWeights = MatchConfig['scoringWeights'];

/** How a person fits the ICP: the lead-scoring total and a sentence naming its strongest reasons. */
export interface Match {
  matchScore: number;
  matchReason: string;
  dimensions: ScoreProspectOutput['dimensions'];
}

/** The lead-scoring plugin's defaults: what matching uses when the host holds no config for it. */
export function defaultMatchConfig(): MatchConfig {
  return leadScoringManifest.config.parse({});
}

/** How many dimensions the match reason names. */
export const REASON_DIMENSIONS = 2;

// The source's facts stand in for research: it states industry, revenue, tech and funding firsthand.
function researchOf(person: DiscoveredPerson, source: string) {
  return {
    companyName: person.company,
    industry: person.industry,
    sizeHint: { employees: null, revenue: person.companyRevenue },
    painPoints: [],
    techStack: person.techStack,
    signals: { funding: person.recentFunding ? `recently funded (per ${source})` : null, hiring: null },
    facts: [],
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The reason a sales person reads: the dimensions that earned the most points, each with the
 * lead-scoring reason, then the heaviest ICP criterion that earned nothing; when nothing earned
 * points, the reason of each criterion that missed. Timing is never named as a miss: without
 * research it is usually empty.
 */
export function matchReasonOf(output: Pick<ScoreProspectOutput, 'dimensions'>): string {
  const counted = output.dimensions.filter((dimension) => dimension.weight > 0);
  const earning = counted.filter((dimension) => dimension.points > 0)
    .toSorted((left, right) => right.points - left.points).slice(0, REASON_DIMENSIONS);
  if (earning.length === 0) return `No ICP criterion matched: ${counted.map((dimension) => `${dimension.label.toLowerCase()} ${dimension.reason}`).join('; ')}.`;
  const missed = counted.filter((dimension) => dimension.key !== 'timing' && dimension.score === 0)
    .toSorted((left, right) => right.weight - left.weight)[0];
  const strongest = earning.map((dimension) => `${capitalised(dimension.label)}: ${dimension.reason}`).join('; ');
  return missed ? `${strongest}. Missed ${missed.label.toLowerCase()}: ${missed.reason}.` : `${strongest}.`;
}

/**
 * Scores a discovered person against the ICP with lead scoring's own explainable scoring (the
 * same five dimensions, weights and thresholds as a pipeline's score), so a match percentage and
 * a lead score never disagree about the same facts.
 */
export function matchPerson(person: DiscoveredPerson, source: string, icp: IcpCriteria, config: MatchConfig, weights: MatchWeights | undefined, now: Date): Match {
  const output = scoreProspect({
    prospect: { jobTitle: person.jobTitle, company: person.company, industry: person.industry, employeeCount: person.employeeCount, techStack: person.techStack },
    research: researchOf(person, source),
    icp: { industry: icp.industry, companySize: icp.companySize, jobTitles: icp.jobTitles, techStack: icp.techStack, painPoints: icp.painPoints },
    ...(weights ? { weights } : {}),
  }, config, now);
  return { matchScore: output.totalScore, matchReason: matchReasonOf(output), dimensions: output.dimensions };
}
