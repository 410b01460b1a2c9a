import type { DiscoveredPerson, IcpCriteria } from '@meetflow/plugin-sdk';
import { parseRange, rangesOverlap } from '@meetflow/plugin-sdk';

const STOP_WORDS = new Set(['of', 'and', 'the', 'for', 'a', 'an', 'to', 'in']);

/** A title's words, lowercase, "Vice President" read as "VP", small words dropped. */
export function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/\bvice[\s-]+president\b/g, 'vp')
    .replace(/&/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !STOP_WORDS.has(word));
}

/** True when every word of one wanted title is in the lead's title ("VP Sales" matches "Vice President, Sales EMEA"). */
export function titleMatches(title: string, wanted: string[]): boolean {
  const words = new Set(titleWords(title));
  return wanted.some((candidate) => {
    const needed = titleWords(candidate);
    return needed.length > 0 && needed.every((word) => words.has(word));
  });
}

/** True when the lead's industry contains a wanted one or is contained in it, ignoring case. */
export function industryMatches(industry: string | null, wanted: string[]): boolean {
  if (!industry) return false;
  const lowered = industry.toLowerCase();
  return wanted.some((candidate) => {
    const want = candidate.trim().toLowerCase();
    return want.length > 0 && (lowered.includes(want) || want.includes(lowered));
  });
}

/**
 * Whether a lead fits the criteria a CSV can answer: a wanted job title (when any), a wanted
 * industry (when any; a lead without industry does not fit), and a company size overlapping the
 * wanted one (when both are known: a lead of unknown size is kept).
 */
export function leadMatches(person: DiscoveredPerson, companySize: string | null, criteria: IcpCriteria): boolean {
  const titles = criteria.jobTitles.filter((title) => title.trim());
  if (titles.length && !titleMatches(person.jobTitle, titles)) return false;
  const industries = criteria.industry.filter((industry) => industry.trim());
  if (industries.length && !industryMatches(person.industry, industries)) return false;
  const wanted = parseRange(criteria.companySize);
  const actual = companySize ? parseRange(companySize) : null;
  return !(wanted && actual && !rangesOverlap(wanted, actual));
}
