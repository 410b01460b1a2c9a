// ICP criteria → MongoDB filters on `sample_people`, one per criterion, so search can drop them
// one at a time. Every filter is on a stored lowercase key (the embedded database ignores collations).
import type { IcpCriteria } from '@meetflow/plugin-sdk';
import { employeeRangeOf, revenueRangeOf, type Range } from './bands.ts';
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

const rangeFilter = (field: string, range: Range) =>
  ({ [field]: Number.isFinite(range.max) ? { $gte: range.min, $lte: range.max } : { $gte: range.min } });

function titleFilter(titles: readonly string[]): Record<string, unknown> | null {
  const branches = titles.map(titleQuery).filter((query) => query.tokens.length > 0)
    .map((query) => ({ titleTokens: { $all: query.tokens }, ...(query.seniorOnly ? { seniority: { $in: SENIOR } } : {}) }));
  if (branches.length === 0) return null;
  return branches.length === 1 ? branches[0]! : { $or: branches };
}

/** One filter per criterion the criteria actually state (an empty list or unparseable size states nothing). */
export function criteriaFilters(criteria: IcpCriteria): Partial<Record<FilterName, Record<string, unknown>>> {
  const filters: Partial<Record<FilterName, Record<string, unknown>>> = {};
  const industries = industryKeys(criteria.industry);
  if (industries.length > 0) filters.industry = { industryLower: { $in: industries } };
  const employees = employeeRangeOf(criteria.companySize);
  if (employees) filters.companySize = rangeFilter('employeeCount', employees);
  const titles = titleFilter(criteria.jobTitles);
  if (titles) filters.jobTitles = titles;
  const tech = [...new Set(criteria.techStack.map((name) => name.toLowerCase().trim()).filter(Boolean))];
  if (tech.length > 0) filters.techStack = { techLower: { $in: tech } };
  const revenue = revenueRangeOf(criteria.revenue);
  if (revenue) filters.revenue = rangeFilter('revenueUsd', revenue);
  return filters;
}
