import type { DiscoveredPerson } from '@meetflow/plugin-sdk';

/** One person as a source gave it, with where it came from. */
export interface SourcedPerson {
  person: DiscoveredPerson;
  source: string;
  sample: boolean;
}

/** One person after de-duplication: the richest record, gaps filled from the others, and every source it came from. */
export interface MergedPerson {
  person: DiscoveredPerson;
  /** Sources in the order first seen; the first is the prospect's `source`. */
  sources: string[];
  /** True only when every record of the person came from the sample database. */
  sample: boolean;
}

const COMPANY_SUFFIXES = /\b(inc|incorporated|llc|ltd|limited|corp|corporation|co|company|gmbh|ag|sa|plc|bv)\b/g;

/** A company's name reduced to what identifies it: lowercase words without punctuation or legal suffix. */
export function normalCompanyName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(COMPANY_SUFFIXES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A web domain without scheme, `www.`, path or case: `https://www.Acme.io/x` → `acme.io`. */
export function normalDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}

/** What says two records are one company: the domain when known, else the normalised name. */
export function companyKey(person: Pick<DiscoveredPerson, 'company' | 'companyDomain'>): string {
  const domain = person.companyDomain ? normalDomain(person.companyDomain) : '';
  return domain ? `domain:${domain}` : `name:${normalCompanyName(person.company)}`;
}

const personName = (person: DiscoveredPerson) => `${person.firstName} ${person.lastName}`.toLowerCase().replace(/\s+/g, ' ').trim();

// Both company keys are used, so a record with a domain and one with only the name still meet.
function identityKeys(person: DiscoveredPerson): string[] {
  const keys = [`name:${personName(person)}@${normalCompanyName(person.company)}`];
  if (person.companyDomain) keys.push(`name:${personName(person)}@${normalDomain(person.companyDomain)}`);
  if (person.email) keys.push(`email:${person.email.trim().toLowerCase()}`);
  return keys;
}

const known = (value: unknown) => value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** How much a record knows: its known fields, plus each technology named. */
export function richness(record: Partial<DiscoveredPerson>): number {
  return Object.values(record).filter(known).length + (record.techStack?.length ?? 0);
}

// Keeps the richest record (the first of equals) and fills what it lacks from the others, richest first.
function mergeRecords<T extends Partial<DiscoveredPerson>>(records: readonly T[]): T {
  const [richest, ...others] = records.toSorted((left, right) => richness(right) - richness(left));
  const merged: Record<string, unknown> = { ...richest };
  for (const other of others) {
    for (const [field, value] of Object.entries(other)) if (!known(merged[field]) && known(value)) merged[field] = value;
  }
  return merged as T;
}

/**
 * Merges the records that are the same person: same email (any case), or same first and last
 * name at the same company (by domain or normalised name). Groups keep the order of their first
 * record, so the result is stable for the same input.
 */
export function dedupePeople(records: readonly SourcedPerson[]): MergedPerson[] {
  const parent = records.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] as number;
    return at;
  };
  const owner = new Map<string, number>();
  records.forEach((record, index) => {
    for (const key of identityKeys(record.person)) {
      const seen = owner.get(key);
      if (seen === undefined) owner.set(key, index);
      else {
        const [first, second] = [root(seen), root(index)].toSorted((left, right) => left - right);
        parent[second as number] = first as number;
      }
    }
  });
  const groups = new Map<number, SourcedPerson[]>();
  records.forEach((record, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), record]));
  return [...groups.values()].map((group) => ({
    person: mergeRecords(group.map((record) => record.person)),
    sources: [...new Set(group.map((record) => record.source))],
    sample: group.every((record) => record.sample),
  }));
}

const COMPANY_FIELDS = ['company', 'companyDomain', 'industry', 'employeeCount', 'companyRevenue', 'techStack', 'recentFunding'] as const;
type CompanyFacts = Pick<DiscoveredPerson, (typeof COMPANY_FIELDS)[number]>;

const companyFactsOf = (person: DiscoveredPerson): CompanyFacts =>
  Object.fromEntries(COMPANY_FIELDS.map((field) => [field, person[field]])) as CompanyFacts;

/**
 * Gives everyone at the same company the same company facts: the richest record of the company,
 * gaps filled from the others, so two people at one company never show two revenues.
 */
export function alignCompanies(people: readonly MergedPerson[]): MergedPerson[] {
  const byCompany = new Map<string, DiscoveredPerson[]>();
  for (const { person } of people) byCompany.set(companyKey(person), [...(byCompany.get(companyKey(person)) ?? []), person]);
  const facts = new Map([...byCompany].map(([key, members]) => [key, mergeRecords(members.map(companyFactsOf))]));
  return people.map((merged) => ({ ...merged, person: { ...merged.person, ...facts.get(companyKey(merged.person)) } }));
}
