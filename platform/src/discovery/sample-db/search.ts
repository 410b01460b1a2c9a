// Candidate retrieval from the sample prospect database (matching and scoring happen elsewhere).
import type { DiscoveredPerson, IcpCriteria } from '@meetflow/plugin-sdk';
import type { SampleProspectModels, SamplePerson } from '../../db/models/sample-prospects.ts';
import { RELAXATION_ORDER, criteriaFilters, type FilterName } from './filters.ts';

/** What a sample search found. */
export interface SampleSearchResult {
  /** People matching every stated criterion first, then those found after each relaxation; by personId within each. */
  people: DiscoveredPerson[];
  /** How many leading `people` match every stated criterion. */
  strictMatches: number;
  /** Criteria dropped to find enough people, in the order dropped (RELAXATION_ORDER). */
  relaxed: FilterName[];
  /** Always true: these are fictional people, never a provider's. */
  sample: true;
}

/** How many people to return, and how few are too few. */
export interface SampleSearchOptions {
  /** At most this many people (default 50). */
  limit?: number;
  /** Relax criteria while fewer than this many were found (default: `limit`). */
  minResults?: number;
}

const toDiscovered = (person: SamplePerson): DiscoveredPerson => ({
  firstName: person.firstName,
  lastName: person.lastName,
  jobTitle: person.jobTitle,
  company: person.companyName,
  companyDomain: person.companyDomain,
  email: person.email,
  linkedinUrl: person.linkedinUrl,
  industry: person.industry,
  employeeCount: person.employeeCount,
  companyRevenue: person.revenue,
  techStack: person.techStack,
  recentFunding: person.recentFunding,
  location: `${person.location.city}, ${person.location.country}`,
  sourceRef: person.personId,
});

/**
 * People of the sample database matching the criteria. When fewer than `minResults` match, the
 * least important stated criterion is dropped (revenue, then tech stack, size, industry, titles)
 * and the list is topped up, until enough are found or nothing is left to drop.
 */
export async function searchSamplePeople(db: Pick<SampleProspectModels, 'samplePeople'>, criteria: IcpCriteria,
  options: SampleSearchOptions = {}): Promise<SampleSearchResult> {
  const limit = options.limit ?? 50;
  const minResults = Math.min(limit, options.minResults ?? limit);
  const filters = criteriaFilters(criteria);
  let active = RELAXATION_ORDER.filter((name) => filters[name]);
  const relaxed: FilterName[] = [];
  const found = new Map<string, SamplePerson>();
  let strictMatches = 0;
  for (;;) {
    const clauses = active.map((name) => filters[name]!);
    // At most found.size of these are earlier finds (they match any looser query too), so `limit` always suffices to fill up.
    const people = await db.samplePeople.find(clauses.length > 0 ? { $and: clauses } : {})
      .sort({ personId: 1 }).limit(limit).lean<SamplePerson[]>();
    for (const person of people) if (found.size < limit && !found.has(person.personId)) found.set(person.personId, person);
    if (relaxed.length === 0) strictMatches = found.size;
    const next = active[0];
    if (found.size >= minResults || next === undefined) break;
    relaxed.push(next);
    active = active.slice(1);
  }
  return { people: [...found.values()].map(toDiscovered), strictMatches, relaxed, sample: true };
}
