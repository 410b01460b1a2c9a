import type { DiscoveredPerson, IcpCriteria } from '@meetflow/plugin-sdk';
import { configSchema, type LeadScoringConfig, type Weights } from './config.ts';
import type { ScoreProspectOutput } from './schemas.ts';
import { scoreProspect } from './score-prospect.ts';

// Discovery's match: a person a source returned, scored against the ICP before any research (the
// matchPeople service). The source's facts stand in for research.

/** Lead-scoring settings as the plugin parses them (weights, timing share, thresholds). */
export type MatchConfig = LeadScoringConfig;
/** The four ICP-fit weights, e.g. the workspace's `scoringWeights` config entry. */
export type MatchWeights = Weights;

/** How a person fits the ICP: the lead-scoring total and a sentence naming its strongest reasons. */
export interface Match {
  matchScore: number;
  matchReason: string;
  dimensions: ScoreProspectOutput['dimensions'];
}

/** The plugin's default settings. */
export function defaultMatchConfig(): MatchConfig {
  return configSchema.parse({});
}

/** How many dimensions the match reason names. */
export const REASON_DIMENSIONS = 2;

// The source's facts stand in for research: it states industry, tech and funding firsthand (revenue
// and headcount go on the prospect record). It states no pains: those wait for real research.
function researchOf(person: DiscoveredPerson, source: string) {
  return {
    companyName: person.company,
    industry: person.industry,
    sizeHint: { employees: null, revenue: null },
    painPoints: [],
    techStack: person.techStack,
    signals: { funding: person.recentFunding ? `recently funded (per ${source})` : null, hiring: null },
    facts: [],
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
type DimensionKey = ScoreProspectOutput['dimensions'][number]['key'];

/** Said of pain points on every match when the ICP names some: no source states a company's pains. */
export const PAIN_POINTS_REASON = 'Pain points: checked when the prospect is researched (no source states them).';

/**
 * The reason a sales person reads: the dimensions that earned the most points, each with the
 * lead-scoring reason, then the heaviest ICP criterion that earned nothing; when nothing earned
 * points, the reason of each criterion that missed. Timing is never named as a miss: without
 * research it is usually empty. Dimensions in `mustName` are named whatever their points (company
 * size when the ICP states a revenue, so the revenue fit or miss is always read).
 */
export function matchReasonOf(output: Pick<ScoreProspectOutput, 'dimensions'>, mustName: readonly DimensionKey[] = []): string {
  const counted = output.dimensions.filter((dimension) => dimension.weight > 0);
  const earning = counted
    .filter((dimension) => dimension.points > 0)
    .toSorted((left, right) => right.points - left.points)
    .slice(0, REASON_DIMENSIONS);
  if (earning.length === 0)
    return `No ICP criterion matched: ${counted.map((dimension) => `${dimension.label.toLowerCase()} ${dimension.reason}`).join('; ')}.`;
  const missed = counted
    .filter((dimension) => dimension.key !== 'timing' && dimension.score === 0)
    .toSorted((left, right) => right.weight - left.weight)[0];
  const strongest = earning.map((dimension) => `${capitalised(dimension.label)}: ${dimension.reason}`).join('; ');
  const named = new Set([...earning, ...(missed ? [missed] : [])].map((dimension) => dimension.key));
  const extra = counted
    .filter((dimension) => mustName.includes(dimension.key) && !named.has(dimension.key))
    .map((dimension) => ` ${capitalised(dimension.label)}: ${dimension.reason}.`)
    .join('');
  return (missed ? `${strongest}. Missed ${missed.label.toLowerCase()}: ${missed.reason}.` : `${strongest}.`) + extra;
}

/**
 * Scores a discovered person against the ICP with lead scoring's own explainable scoring (the
 * same five dimensions, weights and thresholds as a pipeline's score), so a match percentage and
 * a lead score never disagree about the same facts.
 */
export function matchPerson(
  person: DiscoveredPerson,
  source: string,
  icp: IcpCriteria,
  config: MatchConfig,
  weights: MatchWeights | undefined,
  now: Date,
): Match {
  const output = scoreProspect(
    {
      prospect: {
        jobTitle: person.jobTitle,
        company: person.company,
        industry: person.industry,
        employeeCount: person.employeeCount,
        techStack: person.techStack,
        revenue: person.companyRevenue,
      },
      research: researchOf(person, source),
      icp: {
        industry: icp.industry,
        companySize: icp.companySize,
        jobTitles: icp.jobTitles,
        techStack: icp.techStack,
        painPoints: icp.painPoints,
        revenue: icp.revenue,
      },
      ...(weights ? { weights } : {}),
    },
    config,
    now,
  );
  const reason = matchReasonOf(output, icp.revenue.trim() === '' ? [] : ['companySize']);
  return {
    matchScore: output.totalScore,
    matchReason: icp.painPoints.length > 0 ? `${reason} ${PAIN_POINTS_REASON}` : reason,
    dimensions: output.dimensions,
  };
}
