import { titleKey } from './job-titles.ts';
import { profileBand, type CustomerProfile } from './profile.ts';

/** A group of customers that becomes one ICP slice, and why its members are together. */
export interface CustomerCluster {
  members: CustomerProfile[];
  /** How the group was formed, for the analysis notes. */
  reasons: string[];
}

/** A lone customer joins the most similar group when they share at least this much (Jaccard over features). */
export const MERGE_THRESHOLD = 0.3;

const industryKey = (profile: CustomerProfile) => profile.industry?.trim().toLowerCase() || 'unclassified';

/** What two customers can have in common: technologies, size band, buyer titles. */
function features(profile: CustomerProfile): Set<string> {
  const band = profileBand(profile);
  return new Set([
    ...profile.techStack.map((tech) => `tech:${tech.toLowerCase()}`),
    ...(band ? [`size:${band.min}`] : []),
    ...profile.titles.map((mention) => `title:${titleKey(mention.title)}`),
  ]);
}

/** Shared features over all features of a customer and a group (0–1). */
export function similarity(profile: CustomerProfile, group: readonly CustomerProfile[]): number {
  const mine = features(profile);
  const theirs = new Set(group.flatMap((member) => [...features(member)]));
  const union = new Set([...mine, ...theirs]);
  if (union.size === 0) return 0;
  return [...mine].filter((feature) => theirs.has(feature)).length / union.size;
}

const names = (members: readonly CustomerProfile[]) => members.map((member) => member.name).join(', ');

/**
 * Clusters customers, explainably: one group per (normalised) industry, largest first; then each
 * group of a single customer joins the group it is most similar to when their similarity reaches
 * MERGE_THRESHOLD, and otherwise stays a slice of its own.
 */
export function clusterCustomers(profiles: readonly CustomerProfile[]): CustomerCluster[] {
  const byIndustry = new Map<string, CustomerProfile[]>();
  for (const profile of profiles) byIndustry.set(industryKey(profile), [...(byIndustry.get(industryKey(profile)) ?? []), profile]);
  const clusters: CustomerCluster[] = [...byIndustry.values()]
    .sort((a, b) => b.length - a.length)
    .map((members) => ({ members, reasons: [`${names(members)}: same industry (${members[0]!.industry ?? 'not stated'})`] }));
  for (const lone of clusters.filter((cluster) => cluster.members.length === 1)) {
    // An earlier lone customer may have joined this one: it is a group now, not a candidate to move.
    if (lone.members.length !== 1) continue;
    const [profile] = lone.members as [CustomerProfile];
    const candidates = clusters
      .filter((cluster) => cluster !== lone && cluster.members.length > 0)
      .map((cluster) => ({ cluster, score: similarity(profile, cluster.members) }))
      .sort((a, b) => b.score - a.score);
    const best = candidates[0];
    if (best && best.score >= MERGE_THRESHOLD) {
      best.cluster.members.push(profile);
      best.cluster.reasons.push(
        `${profile.name} joined it: similarity ${best.score.toFixed(2)} ≥ ${MERGE_THRESHOLD} (technologies, size, titles)`,
      );
      lone.members = [];
    } else if (best) {
      lone.reasons = [
        `${profile.name} stands alone: industry ${profile.industry ?? 'not stated'}, similarity to the closest group ${best.score.toFixed(2)} < ${MERGE_THRESHOLD}`,
      ];
    }
  }
  return clusters.filter((cluster) => cluster.members.length > 0);
}
