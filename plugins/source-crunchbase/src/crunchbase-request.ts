import type { IcpCriteria } from '@meetflow/plugin-sdk';
import { parseRange, parseRevenueRange, rangesOverlap, type NumericRange } from '@meetflow/plugin-sdk';

/** One condition of a Crunchbase v4 search `query`. */
export interface Predicate {
  type: 'predicate';
  field_id: string;
  operator_id: 'includes' | 'contains' | 'eq';
  values: string[];
}

/** Crunchbase's headcount buckets (`num_employees_enum`), inclusive. */
export const EMPLOYEE_BUCKETS: Array<{ id: string } & NumericRange> = [
  { id: 'c_00001_00010', min: 1, max: 10 },
  { id: 'c_00011_00050', min: 11, max: 50 },
  { id: 'c_00051_00100', min: 51, max: 100 },
  { id: 'c_00101_00250', min: 101, max: 250 },
  { id: 'c_00251_00500', min: 251, max: 500 },
  { id: 'c_00501_01000', min: 501, max: 1000 },
  { id: 'c_01001_05000', min: 1001, max: 5000 },
  { id: 'c_05001_10000', min: 5001, max: 10000 },
  { id: 'c_10001_max', min: 10001, max: null },
];

/** Crunchbase's revenue buckets (`revenue_range`), with the label its site shows. */
export const REVENUE_BUCKETS: Array<{ id: string; label: string } & NumericRange> = [
  { id: 'r_00000000', label: 'Less than $1M', min: 0, max: 1e6 - 1 },
  { id: 'r_00001000', label: '$1M to $10M', min: 1e6, max: 1e7 - 1 },
  { id: 'r_00010000', label: '$10M to $50M', min: 1e7, max: 5e7 - 1 },
  { id: 'r_00050000', label: '$50M to $100M', min: 5e7, max: 1e8 - 1 },
  { id: 'r_00100000', label: '$100M to $500M', min: 1e8, max: 5e8 - 1 },
  { id: 'r_00500000', label: '$500M to $1B', min: 5e8, max: 1e9 - 1 },
  { id: 'r_01000000', label: '$1B to $10B', min: 1e9, max: 1e10 - 1 },
  { id: 'r_10000000', label: '$10B+', min: 1e10, max: null },
];

/** Organization fields read for each company. */
export const ORGANIZATION_FIELDS = [
  'identifier',
  'website_url',
  'category_groups',
  'categories',
  'num_employees_enum',
  'revenue_range',
  'last_funding_at',
  'location_identifiers',
];
/** Person fields read for each person. */
export const PERSON_FIELDS = [
  'identifier',
  'first_name',
  'last_name',
  'primary_job_title',
  'primary_organization',
  'linkedin',
  'location_identifiers',
];

const nonEmpty = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);
const predicate = (field_id: string, operator_id: Predicate['operator_id'], values: string[]): Predicate => ({
  type: 'predicate',
  field_id,
  operator_id,
  values,
});

/** Crunchbase's permalink for a category group name: "Financial Services" → "financial-services". */
export function permalinkOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// A revenue range's top is where the next bucket starts ("$10M-$50M" is not "$50M to $100M"),
// while headcounts are whole people counted inclusively.
function bucketsFor(range: NumericRange | null, buckets: Array<{ id: string } & NumericRange>, topExclusive = false): string[] {
  if (!range) return [];
  const wanted = topExclusive && range.max !== null && range.max !== range.min ? { ...range, max: range.max - 1 } : range;
  return buckets.filter((bucket) => rangesOverlap(wanted, bucket)).map((bucket) => bucket.id);
}

/** The company conditions of the criteria (industry, headcount, revenue); empty when it has none. */
export function companyPredicates(criteria: IcpCriteria): Predicate[] {
  const predicates: Predicate[] = [];
  const industries = nonEmpty(criteria.industry).map(permalinkOf).filter(Boolean);
  if (industries.length) predicates.push(predicate('category_groups', 'includes', industries));
  const sizes = bucketsFor(parseRange(criteria.companySize), EMPLOYEE_BUCKETS);
  if (sizes.length) predicates.push(predicate('num_employees_enum', 'includes', sizes));
  const revenues = bucketsFor(parseRevenueRange(criteria.revenue), REVENUE_BUCKETS, true);
  if (revenues.length) predicates.push(predicate('revenue_range', 'includes', revenues));
  return predicates;
}

/** The body of `POST /searches/organizations` for company conditions, best-ranked first. */
export function organizationSearchBody(predicates: Predicate[], limit: number) {
  return {
    field_ids: ORGANIZATION_FIELDS,
    query: [predicate('facet_ids', 'includes', ['company']), ...predicates],
    order: [{ field_id: 'rank_org', sort: 'asc' }],
    limit,
  };
}

/** The most entities one Crunchbase search answers (`limit` is 50 by default, 1000 at most). */
export const MAX_SEARCH_LIMIT = 1000;

/**
 * The body of `POST /searches/people`: job titles (any of), at the given companies when any.
 * Crunchbase pages with `after_id`: the uuid of the last person of the page before. `fieldIds`
 * narrows what is read (identifiers only, to skip people on the way to a later page).
 */
export function peopleSearchBody(
  criteria: IcpCriteria,
  organizationIds: string[] | null,
  limit: number,
  afterId?: string,
  fieldIds = PERSON_FIELDS,
) {
  const query: Predicate[] = [];
  if (organizationIds) query.push(predicate('primary_organization', 'includes', organizationIds));
  const titles = nonEmpty(criteria.jobTitles);
  if (titles.length) query.push(predicate('primary_job_title', 'contains', titles));
  return {
    field_ids: fieldIds,
    query,
    order: [{ field_id: 'rank_person', sort: 'asc' }],
    limit,
    ...(afterId ? { after_id: afterId } : {}),
  };
}
