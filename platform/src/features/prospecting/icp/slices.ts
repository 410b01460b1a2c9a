import { functionFit, parseTitle, type JobFunction } from '@meetflow/plugin-sdk/contracts/title-taxonomy';
import { bandsSpanning, sizeLabel } from './company-size.ts';
import type { CustomerCluster } from './cluster.ts';
import { rankTitles } from './job-titles.ts';
import type { CustomerProfile } from './profile.ts';
import type { IcpSlice } from './schemas.ts';
import { estimateVolume } from './volume.ts';
import { round2 } from '../../../core/numbers.ts';

const MAX_LIST = 8;
/** Titles are cheap to match against and each names a buyer: keep more of them. */
const MAX_TITLES = 12;
/** Customers for full support: a slice of fewer is less certain. */
const FULL_SUPPORT = 3;

/**
 * Values by how many members have them; ties go round-robin over the members (each one's first
 * value, then each one's second…), so one wordy site cannot crowd out the others.
 */
function byFrequency(
  members: readonly CustomerProfile[],
  valuesOf: (member: CustomerProfile) => string[],
  key = (value: string) => value.toLowerCase(),
) {
  const counts = new Map<string, { value: string; count: number; order: number }>();
  members.forEach((member, memberIndex) => {
    [...new Set(valuesOf(member))].forEach((value, position) => {
      const order = position * members.length + memberIndex;
      const entry = counts.get(key(value)) ?? { value, count: 0, order };
      entry.count += 1;
      entry.order = Math.min(entry.order, order);
      counts.set(key(value), entry);
    });
  });
  return [...counts.values()].sort((a, b) => b.count - a.count || a.order - b.order);
}

const listing = (names: readonly string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * The offer's personas a group of customers fits: a persona joins when the customers name people
 * (as buyers, on a team page, in a testimonial: not a job ad) in the same or a related function
 * as it ("VP of Sales" joins customers naming sales or revenue people, not those naming only
 * finance people), when its function is unknown or executive, or when no title the customers name
 * has a function the taxonomy knows (nothing then says it does not fit).
 */
export function personasFitting(members: readonly Pick<CustomerProfile, 'titles'>[], personas: readonly string[]): string[] {
  const named = new Set(
    members.flatMap((member) =>
      member.titles.flatMap((mention) => {
        const found = mention.source === 'careers page' ? null : parseTitle(mention.title).jobFunction;
        return found ? [found] : [];
      }),
    ),
  );
  if (named.size === 0) return [...personas];
  const fits = (persona: JobFunction) =>
    [...named].some((customer) => functionFit(persona, customer) > 0 || functionFit(customer, persona) > 0);
  return personas.filter((persona) => {
    const found = parseTitle(persona).jobFunction;
    return found === null || found === 'executive' || fits(found);
  });
}

/** What the caller adds to what the customers' sites say. */
export interface SliceOptions {
  /** Titles to rank with the customers' (the target personas of the workspace's offer) where they fit (personasFitting); see rankTitles. */
  extraTitles?: readonly string[];
}

/**
 * The slice a cluster of customers defines. Criteria: their industries; the headcount band they
 * span; titles (ranked by rankTitles), business tools (those at least half of them use) and
 * pain points, most shared first. Confidence = mean research confidence × (0.5 + 0.5 × min(1, members / 3)) × share of
 * members in the main industry.
 */
export function sliceOf(cluster: CustomerCluster, options: SliceOptions = {}): IcpSlice {
  const { members } = cluster;
  const industries = byFrequency(members, (member) => (member.industry ? [member.industry] : []));
  const bands = bandsSpanning(members.flatMap((member) => member.headcounts));
  const companySize = sizeLabel(bands);
  const jobTitles = rankTitles(members, personasFitting(members, options.extraTitles ?? []))
    .slice(0, MAX_TITLES)
    .map((entry) => entry.title);
  const techStack = byFrequency(members, (member) => member.techStack)
    .filter((entry) => entry.count >= Math.ceil(members.length / 2))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, MAX_LIST)
    .map((entry) => entry.value);
  const painPoints = byFrequency(members, (member) => member.painPoints.map((mention) => mention.pain))
    .slice(0, MAX_LIST)
    .map((entry) => entry.value);
  const mainIndustry = industries[0];
  const meanConfidence = members.reduce((sum, member) => sum + member.confidence, 0) / members.length;
  const support = 0.5 + 0.5 * Math.min(1, members.length / FULL_SUPPORT);
  const agreement = mainIndustry ? mainIndustry.count / members.length : 0.5;
  const revenues = members.flatMap((member) => (member.revenue ? [`${member.name} ${member.revenue}`] : []));
  const label = mainIndustry?.value ?? 'Unclassified';
  return {
    name: `${label} · ${companySize}`,
    description: [
      `${label} companies${companySize === 'unknown' ? '' : ` with ${companySize}`}, like ${listing(members.map((member) => member.name))}.`,
      jobTitles.length ? `Buyers and users named: ${jobTitles.slice(0, 4).join(', ')}.` : '',
      techStack.length ? `Common stack: ${techStack.slice(0, 4).join(', ')}.` : '',
      revenues.length ? `Revenue hints: ${revenues.join('; ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    confidence: round2(meanConfidence * support * agreement),
    estimatedVolume: estimateVolume(
      industries.map((entry) => entry.value),
      bands,
      techStack.length,
    ),
    criteria: { industry: industries.map((entry) => entry.value), companySize, jobTitles, techStack, painPoints },
  };
}
