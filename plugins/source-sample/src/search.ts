// Candidate retrieval from the sample prospect database (matching and scoring happen elsewhere).
import type { DiscoveredPerson, IcpCriteria } from '@meetflow/plugin-sdk';
import { SAMPLE_MARKER_ID, type SampleMeta, type SampleModels, type SamplePerson } from './model.ts';
import { RELAXATION_ORDER, criteriaFilters, filterKeys, type FilterName } from './filters.ts';
import { intersection, matchingIds, readListings } from './posting-sets.ts';
import { EVERYONE_KEY, comparePersonIds } from './postings.ts';

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

// Generation batches the marker announces (a database still building has postings for some of them only).
async function batchCount(meta: SampleModels['meta']): Promise<number> {
  const marker = await meta.findById(SAMPLE_MARKER_ID, { companies: 1, batchSize: 1 }).lean<Pick<SampleMeta, 'companies' | 'batchSize'>>();
  return marker ? Math.ceil(marker.companies / marker.batchSize) : 0;
}

/**
 * People of the sample database matching the criteria. When fewer than `minResults` match, the
 * least important stated criterion is dropped (revenue, then tech stack, size, industry, titles)
 * and the list is topped up, until enough are found or nothing is left to drop.
 *
 * Reads on the embedded database's terms: the posting lists of every stated criterion in one
 * `_id $in` query, each relaxation tier an intersection in memory (ranges checked against the
 * exact values listed), then only the people returned by `personId $in`.
 */
export async function searchSamplePeople(
  db: Pick<SampleModels, 'people' | 'postings' | 'meta'>,
  criteria: IcpCriteria,
  options: SampleSearchOptions = {},
): Promise<SampleSearchResult> {
  const limit = options.limit ?? 50;
  const minResults = Math.min(limit, options.minResults ?? limit);
  const filters = criteriaFilters(criteria);
  let active = RELAXATION_ORDER.filter((name) => filters[name]);
  const batches = await batchCount(db.meta);
  const listings = await readListings(db.postings, filterKeys(filters), batches);
  const matching = new Map(active.map((name) => [name, matchingIds(listings, filters[name]!)]));
  const everyone = async () => new Set((await readListings(db.postings, [EVERYONE_KEY], batches)).get(EVERYONE_KEY)?.ids);
  const relaxed: FilterName[] = [];
  const found: string[] = [];
  const taken = new Set<string>();
  let strictMatches = 0;
  for (;;) {
    const tier = active.length > 0 ? intersection(active.map((name) => matching.get(name)!)) : await everyone();
    // Earlier finds match any looser tier too; the rest join in personId order.
    const added = [...tier]
      .filter((id) => !taken.has(id))
      .sort(comparePersonIds)
      .slice(0, limit - found.length);
    for (const id of added) taken.add(id);
    found.push(...added);
    if (relaxed.length === 0) strictMatches = found.length;
    const next = active[0];
    if (found.length >= minResults || next === undefined) break;
    relaxed.push(next);
    active = active.slice(1);
  }
  const people = found.length > 0 ? await db.people.find({ personId: { $in: found } }).lean<SamplePerson[]>() : [];
  const byPersonId = new Map(people.map((person) => [person.personId, person]));
  const ordered = found.map((id) => byPersonId.get(id)).filter((person): person is SamplePerson => person !== undefined);
  return { people: ordered.map(toDiscovered), strictMatches, relaxed, sample: true };
}
