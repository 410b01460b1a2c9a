// ICP criteria → what search asks of the posting lists, one filter per criterion, so search can
// drop them one at a time. Every key is a stored lowercase value (the embedded database ignores collations).
import { parseRange, parseRevenueRange, type IcpCriteria } from '@meetflow/plugin-sdk';
import { criterionRange, employeeBandsOverlapping, revenueBandsOverlapping, type Range } from './bands.ts';
import { postingKey } from './postings.ts';
import { titleQuery } from './title-tokens.ts';
import { INDUSTRIES, type IndustryVocab } from './vocab.ts';

/** The criteria search filters on, least important first: the order they are relaxed in. */
export const RELAXATION_ORDER = ['revenue', 'techStack', 'companySize', 'industry', 'jobTitles'] as const;
export type FilterName = (typeof RELAXATION_ORDER)[number];

const SENIOR = ['c-level', 'vp', 'director'];

/**
 * The stored industry keys a criterion industry means: the label itself, a synonym ("fintech"),
 * a part of a label ("logistics"), or a phrase containing a synonym ("B2B SaaS"). Unknown words
 * stay as they are, so they match nothing rather than everything.
 */
export function industryKeys(terms: readonly string[]): string[] {
  const keys = terms.flatMap((term) => {
    const lower = term.toLowerCase().trim();
    if (!lower) return [];
    // The most exact reading wins: "Financial services & fintech" is that label, not also "services".
    const readings: Array<(industry: IndustryVocab) => boolean> = [
      ({ label }) => label.toLowerCase() === lower,
      ({ synonyms }) => synonyms.includes(lower),
      ({ label }) => lower.length >= 4 && label.toLowerCase().includes(lower),
      ({ synonyms }) => synonyms.some((synonym) => new RegExp(`\\b${synonym.replace(/[^a-z0-9 ]/g, '\\$&')}\\b`).test(lower)),
    ];
    for (const reads of readings) {
      const known = INDUSTRIES.filter(reads);
      if (known.length > 0) return known.map(({ label }) => label.toLowerCase());
    }
    return [lower];
  });
  return [...new Set(keys)];
}

/** People listed under any of `keys`; with `range`, only those whose listed value lies inside it (bounds included). */
export interface KeyUnion {
  keys: string[];
  range?: Range;
}
/** People in every one of the unions. */
export type KeyBranch = KeyUnion[];
/** People in any of the branches: one criterion as search reads it. */
export type PostingFilter = KeyBranch[];

// Each title is a branch: all its words, and for "Sales leaders" a senior seniority too; several titles are any-of.
function titleFilter(titles: readonly string[]): PostingFilter | null {
  const branches = titles
    .map(titleQuery)
    .filter((query) => query.tokens.length > 0)
    .map((query): KeyBranch => [
      ...query.tokens.map((token) => ({ keys: [postingKey.title(token)] })),
      ...(query.seniorOnly ? [{ keys: SENIOR.map(postingKey.seniority) }] : []),
    ]);
  return branches.length > 0 ? branches : null;
}

/** One filter per criterion the criteria actually state (an empty list or unparseable size states nothing). */
export function criteriaFilters(criteria: IcpCriteria): Partial<Record<FilterName, PostingFilter>> {
  const filters: Partial<Record<FilterName, PostingFilter>> = {};
  const industries = industryKeys(criteria.industry);
  if (industries.length > 0) filters.industry = [[{ keys: industries.map(postingKey.industry) }]];
  const employees = criterionRange(parseRange(criteria.companySize));
  if (employees) filters.companySize = [[{ keys: employeeBandsOverlapping(employees).map(postingKey.employees), range: employees }]];
  const titles = titleFilter(criteria.jobTitles);
  if (titles) filters.jobTitles = titles;
  const tech = [...new Set(criteria.techStack.map((name) => name.toLowerCase().trim()).filter(Boolean))];
  if (tech.length > 0) filters.techStack = [[{ keys: tech.map(postingKey.tech) }]];
  const revenue = criterionRange(parseRevenueRange(criteria.revenue));
  if (revenue) filters.revenue = [[{ keys: revenueBandsOverlapping(revenue).map(postingKey.revenue), range: revenue }]];
  return filters;
}

/** Every key a set of filters reads. */
export function filterKeys(filters: Partial<Record<FilterName, PostingFilter>>): string[] {
  return [
    ...new Set(
      Object.values(filters)
        .flat(2)
        .flatMap((union) => union.keys),
    ),
  ];
}
