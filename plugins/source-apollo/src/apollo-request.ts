import type { IcpCriteria } from '@meetflow/plugin-sdk';
import { parseRange, parseRevenueRange } from '@meetflow/plugin-sdk';

// Apollo's headcount filter takes "min,max" strings; an open top needs a number.
const LARGEST_HEADCOUNT = 10_000_000;

const nonEmpty = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);

/** Apollo's technology uid for a name: "Google Analytics" → "google_analytics". */
export function technologyUid(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * The body of `POST /mixed_people/search` for ICP criteria: titles, industry as organization
 * keyword tags, headcount and revenue ranges, technologies. Pain points are not an Apollo
 * filter; matching weighs them later. Empty criteria add no filter.
 */
export function apolloSearchBody(criteria: IcpCriteria, limit: number, page = 1): Record<string, unknown> {
  const body: Record<string, unknown> = { page, per_page: limit };
  const titles = nonEmpty(criteria.jobTitles);
  if (titles.length) body.person_titles = titles;
  const industries = nonEmpty(criteria.industry);
  if (industries.length) body.q_organization_keyword_tags = industries;
  const size = parseRange(criteria.companySize);
  if (size) body.organization_num_employees_ranges = [`${size.min ?? 1},${size.max ?? LARGEST_HEADCOUNT}`];
  const revenue = parseRevenueRange(criteria.revenue);
  if (revenue) {
    // An open end ("under $5M", "$1B+") is left out rather than sent as 0 or Infinity.
    body.revenue_range = {
      ...(revenue.min > 0 ? { min: revenue.min } : {}),
      ...(Number.isFinite(revenue.max) ? { max: revenue.max } : {}),
    };
  }
  const technologies = nonEmpty(criteria.techStack).map(technologyUid).filter(Boolean);
  if (technologies.length) body.currently_using_any_of_technology_uids = technologies;
  return body;
}
