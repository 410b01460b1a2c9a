import type { CustomerCluster } from './cluster.ts';
import type { CustomerProfile } from './profile.ts';
import type { SiteOutcome } from './research-sites.ts';
import type { IcpSlice } from './schemas.ts';
import { VOLUME_FORMULA } from './volume.ts';

const MAX_QUOTE = 140;

const quote = (text: string) => `"${text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1).trimEnd()}…` : text}"`;

/** "VP of Sales, RevOps Leader (audience: "…"), CRO (testimonial: "…")": titles read from the same words share one quote. */
function titlesWithEvidence(profile: CustomerProfile): string {
  const bySnippet = new Map<string, { source: string; titles: string[] }>();
  for (const mention of profile.titles) {
    const entry = bySnippet.get(mention.snippet) ?? { source: mention.source, titles: [] };
    entry.titles.push(mention.title);
    bySnippet.set(mention.snippet, entry);
  }
  return [...bySnippet].map(([snippet, { source, titles }]) => `${titles.join(', ')} (${source}: ${quote(snippet)})`).join(', ');
}

/** "manual reconciliation ("Stop losing time to manual reconciliation.")": each pain with its sentence. */
const painsWithEvidence = (profile: CustomerProfile) =>
  profile.painPoints
    .map((mention) => (mention.snippet === mention.pain ? mention.pain : `${mention.pain} (${quote(mention.snippet)})`))
    .join('; ');

/** One line per customer: each finding next to the words it was read from. */
function customerLine(profile: CustomerProfile): string {
  const parts = [
    profile.industryEvidence
      ? `industry ${profile.industryEvidence.replace(/: "(.*)"$/s, (_, snippet: string) => ` from ${quote(snippet)}`)}`
      : 'industry not stated clearly',
    profile.employees
      ? `size ${profile.employees}${profile.employeesEvidence ? ` from ${quote(profile.employeesEvidence)}` : ''}`
      : 'no headcount stated',
    profile.revenue ? `revenue ${profile.revenue}` : '',
    profile.titles.length ? `titles ${titlesWithEvidence(profile)}` : 'no buyer titles named',
    profile.techStack.length ? `business tools ${profile.techStack.join(', ')}` : 'no business tools fingerprinted',
    profile.infrastructure.length ? `infrastructure (not a criterion) ${profile.infrastructure.join(', ')}` : '',
    profile.painPoints.length ? `pain points ${painsWithEvidence(profile)}` : 'no pain points stated',
    profile.values.length ? `value claims ${profile.values.map(quote).join('; ')}` : '',
    `research confidence ${profile.confidence.toFixed(2)}, ${profile.pagesRead} of ${profile.pagesTried} pages read`,
  ];
  return `${profile.name} (${profile.url}): ${parts.filter(Boolean).join('; ')}.`;
}

/** The analysis notes: what was found on which site (with evidence), which sites failed and why, how the slices were formed. */
export function analysisNotes(
  outcomes: readonly SiteOutcome[],
  profiles: readonly CustomerProfile[],
  clusters: readonly CustomerCluster[],
  slices: readonly IcpSlice[],
  confidence: number,
): string {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const lines = [
    `Analysed ${profiles.length} of ${outcomes.length} customer sites. Overall confidence ${confidence.toFixed(2)} = mean research confidence over the ${outcomes.length} URLs given, a site that could not be read counting 0.`,
    ...profiles.map(customerLine),
    ...failed.map((outcome) => `Not analysed: ${outcome.url}: ${outcome.reason}`),
    ...clusters.map((cluster, index) => `Slice "${slices[index]?.name}": ${cluster.reasons.join('; ')}.`),
    `Volumes: ${VOLUME_FORMULA}.`,
  ];
  return lines.join('\n');
}
