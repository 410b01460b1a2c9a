import type { IcpCriteria } from '../api/types.ts';

/**
 * The Prospect Discovery page prefilled with a slice's criteria: `?criteria=` holds the JSON
 * object `{industry, companySize, jobTitles, techStack, painPoints}` (the discovery screen reads
 * exactly that parameter; `revenue` is optional there and slices have none).
 */
export function discoveryHref(criteria: IcpCriteria): string {
  const { industry, companySize, jobTitles, techStack, painPoints } = criteria;
  const json = JSON.stringify({ industry, companySize, jobTitles, techStack, painPoints });
  return `/prospect-discovery?criteria=${encodeURIComponent(json)}`;
}
