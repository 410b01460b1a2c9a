// Posting lists: for each searchable fact (an industry, a technology, a title word, a seniority, a
// headcount or revenue band) the people who have it, one document per (key, generation batch).
// The embedded database answers only unique-index lookups without a full scan, so search reads
// these by `_id $in` and combines them in memory instead of filtering `sample_people`.
import type { SamplePerson, SamplePosting } from './model.ts';

/** The key every person is listed under: what a search with no criterion left reads. */
export const EVERYONE_KEY = 'all';

/** Search keys, one namespace per fact (values lowercase, as stored on people). */
export const postingKey = {
  industry: (industryLower: string) => `industry:${industryLower}`,
  tech: (techLower: string) => `tech:${techLower}`,
  title: (token: string) => `title:${token}`,
  seniority: (seniority: string) => `seniority:${seniority}`,
  employees: (band: string) => `employees:${band}`,
  revenue: (band: string) => `revenue:${band}`,
};

/** Orders person ids as posting lists and search results list them (code-unit order, like MongoDB's string sort). */
export const comparePersonIds = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/** `_id` of the posting document of `key` for generation batch `batch`. */
export const postingId = (key: string, batch: number) => `${key}#${batch}`;

/** People a posting document may list: a batch's people bound it, so no document nears MongoDB's 16 MB (≈ 30 bytes an id). */
export const MAX_PEOPLE_PER_BATCH = 50_000;

// Every key a person is listed under; band keys carry the exact value that range criteria check.
function keysOf(person: SamplePerson): Array<[key: string, value: number | null]> {
  return [
    [EVERYONE_KEY, null],
    [postingKey.industry(person.industryLower), null],
    ...person.techLower.map((tech): [string, null] => [postingKey.tech(tech), null]),
    ...person.titleTokens.map((token): [string, null] => [postingKey.title(token), null]),
    [postingKey.seniority(person.seniority), null],
    [postingKey.employees(person.employeeBand), person.employeeCount],
    [postingKey.revenue(person.revenue), person.revenueUsd],
  ];
}

/**
 * The posting documents of one generation batch: each key its people have, with their ids in
 * personId order (and, for band keys, their values alongside). A pure function of the people, so
 * writing a batch again writes the same documents.
 */
export function postingsOfBatch(batch: number, people: readonly SamplePerson[]): SamplePosting[] {
  if (people.length > MAX_PEOPLE_PER_BATCH)
    throw new Error(`a batch of ${people.length} people is over ${MAX_PEOPLE_PER_BATCH}: use a smaller batchSize`);
  const byKey = new Map<string, Array<{ id: string; value: number | null }>>();
  for (const person of people) {
    for (const [key, value] of keysOf(person)) {
      const entries = byKey.get(key) ?? [];
      if (entries.length === 0) byKey.set(key, entries);
      entries.push({ id: person.personId, value });
    }
  }
  return [...byKey].map(([key, entries]) => {
    const sorted = entries.toSorted((left, right) => comparePersonIds(left.id, right.id));
    const posting: SamplePosting = { _id: postingId(key, batch), key, batch, ids: sorted.map((entry) => entry.id) };
    if (sorted[0]?.value !== null) posting.values = sorted.map((entry) => entry.value as number);
    return posting;
  });
}
