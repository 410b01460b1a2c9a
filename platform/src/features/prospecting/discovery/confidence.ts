import type { DiscoveredPerson, IcpCriteria } from '@meetflow/plugin-sdk';
import { round2 } from '../../../core/numbers.ts';

/** Criteria the matching compares (lead scoring's four fit dimensions; revenue with company size); pain points are not. */
export const MATCHED_CRITERIA = ['industry', 'companySize', 'revenue', 'jobTitles', 'techStack'] as const;
/** Facts of a prospect whose presence makes the result complete. */
export const COMPLETENESS_FACTS = [
  'email',
  'jobTitle',
  'industry',
  'employeeCount',
  'companyRevenue',
  'techStack',
  'recentFunding',
] as const;

const given = (value: string | string[]) => (Array.isArray(value) ? value.length > 0 : value.trim() !== '');

/** The criteria the request sets. */
export function givenCriteria(icp: IcpCriteria): Array<keyof IcpCriteria> {
  return (Object.keys(icp) as Array<keyof IcpCriteria>).filter((key) => given(icp[key]));
}

/**
 * Share of the set criteria the prospects were actually matched on: the matching compares
 * industry, company size, revenue, job titles and tech stack; pain points are only carried
 * along (no source states them), and a criterion a source had to relax to find anyone does not count as matched.
 */
export function criteriaCoverage(icp: IcpCriteria, relaxed: readonly string[]): number {
  const set = givenCriteria(icp);
  if (set.length === 0) return 0;
  const matched = set.filter((key) => (MATCHED_CRITERIA as readonly string[]).includes(key) && !relaxed.includes(key));
  return matched.length / set.length;
}

/** Mean share of COMPLETENESS_FACTS known per prospect (0 with no prospects). */
export function dataCompleteness(people: readonly DiscoveredPerson[]): number {
  if (people.length === 0) return 0;
  const knownShare = (person: DiscoveredPerson) =>
    COMPLETENESS_FACTS.filter((fact) => {
      const value = person[fact];
      return Array.isArray(value) ? value.length > 0 : value !== null && value !== '';
    }).length / COMPLETENESS_FACTS.length;
  return people.reduce((sum, person) => sum + knownShare(person), 0) / people.length;
}

/**
 * Discovery confidence, 0–1, to two decimals:
 *   (½ × criteria coverage + ½ × data completeness) × share of the requested sources that answered,
 * and 0 when nothing was found. Coverage says how much of the ICP the scores rest on,
 * completeness how much of each prospect is known, and a failed source leaves the picture partial.
 */
export function discoveryConfidence(input: {
  icp: IcpCriteria;
  relaxed: readonly string[];
  people: readonly DiscoveredPerson[];
  sourcesAnswered: number;
  sourcesRequested: number;
}): number {
  if (input.people.length === 0 || input.sourcesRequested === 0) return 0;
  const quality = 0.5 * criteriaCoverage(input.icp, input.relaxed) + 0.5 * dataCompleteness(input.people);
  return round2(quality * (input.sourcesAnswered / input.sourcesRequested));
}
