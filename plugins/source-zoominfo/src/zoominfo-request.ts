import type { IcpCriteria } from '@meetflow/plugin-sdk';
import { parseRange, parseRevenueRange } from '@meetflow/plugin-sdk';

const nonEmpty = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);

/**
 * The body of `POST /search/contact` for ICP criteria: job titles and industry keywords as
 * OR-expressions, headcount range, revenue range in thousands of US dollars (ZoomInfo's unit).
 * Technologies need ZoomInfo tech tag ids and pain points are not a filter: neither is sent.
 */
export function contactSearchBody(criteria: IcpCriteria, limit: number, page = 1): Record<string, unknown> {
  const body: Record<string, unknown> = { rpp: limit, page };
  const titles = nonEmpty(criteria.jobTitles);
  if (titles.length) body.jobTitle = titles.join(' OR ');
  const industries = nonEmpty(criteria.industry);
  if (industries.length) body.industryKeywords = industries.join(' OR ');
  const size = parseRange(criteria.companySize);
  if (size?.min != null) body.employeeRangeMin = String(size.min);
  if (size?.max != null) body.employeeRangeMax = String(size.max);
  const revenue = parseRevenueRange(criteria.revenue);
  if (revenue && revenue.min > 0) body.revenueMin = Math.floor(revenue.min / 1000);
  if (revenue && Number.isFinite(revenue.max)) body.revenueMax = Math.ceil(revenue.max / 1000);
  return body;
}
