// How an ICP's inputs compare with a site's labels, field by field. Matching is by meaning the
// product already uses: industries through the shared taxonomy, titles by their key, pains by
// their words (a labelled pain is found when one pain read from the site holds all its words).
// Titles are an F1: a labelled buyer title not found is a miss, a role the site only hires for
// (its `hiring` label) reported among the titles a false positive.
import { industryLabel } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import { titleKey } from '../../src/features/prospecting/icp/job-titles.ts';
import { profileBand, type CustomerProfile } from '../../src/features/prospecting/icp/profile.ts';
import type { SiteLabel } from './eval-sites.ts';

/** Counts behind one field's figure, summed over the sites. */
export interface FieldTally {
  hits: number;
  total: number;
  /** For F1 fields: predicted values that were not labelled. */
  falsePositives?: number;
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 3 && !['the', 'and', 'for', 'with', 'that', 'your', 'their'].includes(word))
      .map((word) => (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word)),
  );

/** "50-200" for a band of 50 ≤ n < 200, "5000+" for the open one; null without a headcount. */
export function bandLabel(profile: CustomerProfile): string | null {
  const band = profileBand(profile);
  if (!band) return null;
  return Number.isFinite(band.max) ? `${band.min}-${band.max}` : `${band.min}+`;
}

/** True when one of the pains read holds every word of the labelled pain. */
export function painFound(label: string, pains: readonly string[]): boolean {
  const wanted = [...words(label)];
  return pains.some((pain) => {
    const have = words(pain);
    return wanted.every((word) => have.has(word));
  });
}

/** One site's result per field, with what was missed, for the report. */
export interface SiteScore {
  industry: FieldTally;
  size: FieldTally;
  tech: FieldTally;
  titles: FieldTally;
  pains: FieldTally;
  misses: string[];
  /** Labelled infrastructure that reached the business tools (must stay empty). */
  infrastructureLeaks: string[];
}

/** Compares a customer profile with its site's labels. */
export function scoreSite(profile: CustomerProfile, label: SiteLabel): SiteScore {
  const misses: string[] = [];
  const industryOk = (profile.industry ? industryLabel(profile.industry) : null) === label.industry;
  if (!industryOk) misses.push(`industry ${profile.industry ?? 'none'} ≠ ${label.industry}`);
  const band = bandLabel(profile);
  if (band !== label.sizeBand) misses.push(`size ${band ?? 'none'} ≠ ${label.sizeBand ?? 'none'}`);
  const found = new Set(profile.techStack);
  const techHits = label.businessTech.filter((tech) => found.has(tech));
  const extraTech = profile.techStack.filter((tech) => !label.businessTech.includes(tech));
  for (const tech of label.businessTech.filter((name) => !found.has(name))) misses.push(`tech ${tech} not found`);
  for (const tech of extraTech) misses.push(`tech ${tech} not labelled`);
  const keys = new Set(profile.titles.map((mention) => titleKey(mention.title)));
  const titleHits = label.titles.filter((title) => keys.has(titleKey(title)));
  for (const title of label.titles.filter((name) => !keys.has(titleKey(name)))) misses.push(`title ${title} not found`);
  // A role the site only hires for is not its buyer: among the titles it is a false positive.
  const buyerKeys = new Set(label.titles.map(titleKey));
  const hiredAsBuyer = (label.hiring ?? []).filter((role) => !buyerKeys.has(titleKey(role)) && keys.has(titleKey(role)));
  for (const role of hiredAsBuyer) misses.push(`title ${role} is a role hired, not a buyer`);
  const pains = profile.painPoints.map((mention) => mention.pain);
  const painHits = label.pains.filter((pain) => painFound(pain, pains));
  for (const pain of label.pains.filter((name) => !painFound(name, pains))) misses.push(`pain "${pain}" not found`);
  return {
    industry: { hits: Number(industryOk), total: 1 },
    size: { hits: Number(band === label.sizeBand), total: 1 },
    tech: { hits: techHits.length, total: label.businessTech.length, falsePositives: extraTech.length },
    titles: { hits: titleHits.length, total: label.titles.length, falsePositives: hiredAsBuyer.length },
    pains: { hits: painHits.length, total: label.pains.length },
    misses,
    infrastructureLeaks: profile.techStack.filter((tech) => label.infrastructure.includes(tech)),
  };
}

/** Share of hits; F1 when false positives are counted. */
export function figure(tally: FieldTally): number {
  if (tally.falsePositives === undefined) return tally.total === 0 ? 1 : tally.hits / tally.total;
  const precision = tally.hits + tally.falsePositives === 0 ? 1 : tally.hits / (tally.hits + tally.falsePositives);
  const recall = tally.total === 0 ? 1 : tally.hits / tally.total;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** Sums tallies field by field. */
export function sumTallies(tallies: readonly FieldTally[]): FieldTally {
  const falsePositives = tallies.some((tally) => tally.falsePositives !== undefined)
    ? tallies.reduce((sum, tally) => sum + (tally.falsePositives ?? 0), 0)
    : undefined;
  return {
    hits: tallies.reduce((sum, tally) => sum + tally.hits, 0),
    total: tallies.reduce((sum, tally) => sum + tally.total, 0),
    ...(falsePositives === undefined ? {} : { falsePositives }),
  };
}
