import { formatDate } from '../../../utils/format.ts';
import type { DiscoveredProspect, DiscoverProspectsResponse } from '../../discovery/index.ts';
import type { LaunchPerson, ProspectOutcome } from '../api/campaigns-api.ts';

/** How each outcome is named and badged in the campaign's prospect list. */
export const OUTCOMES: Record<ProspectOutcome, { label: string; badge: string }> = {
  'not-processed': { label: 'Not run yet', badge: 'badge-ghost' },
  pending: { label: 'Queued', badge: 'badge-ghost' },
  running: { label: 'Running', badge: 'badge-info' },
  enrolled: { label: 'In sequence', badge: 'badge-success' },
  'not-qualified': { label: 'Not qualified', badge: 'badge-outline' },
  completed: { label: 'Done', badge: 'badge-outline' },
  failed: { label: 'Failed', badge: 'badge-error' },
};

/** Target counts the slices share: as even as whole numbers allow, the first slices taking the remainder. */
export function splitTarget(target: number, slices: number): number[] {
  const base = Math.floor(target / slices);
  return Array.from({ length: slices }, (_, index) => base + (index < target % slices ? 1 : 0));
}

/** One slice's discovery answer, with the slice it was for. */
export interface SliceDiscovery {
  slice: string;
  answer: DiscoverProspectsResponse;
}

/** A discovered person with the slice that found them, ready to review. */
export type ReviewedPerson = DiscoveredProspect & { email: string; slice: string; key: string };

/**
 * The people of every slice's answer in one list: each email once (the first slice that found it
 * keeps it), people without an email left out (they cannot be written to), best match first,
 * at most `target`.
 */
export function mergeDiscoveries(discoveries: readonly SliceDiscovery[], target: number): ReviewedPerson[] {
  const seen = new Set<string>();
  const merged: ReviewedPerson[] = [];
  for (const { slice, answer } of discoveries) {
    for (const person of answer.prospects) {
      const email = person.email?.trim().toLowerCase();
      if (!email || seen.has(email)) continue;
      seen.add(email);
      merged.push({ ...person, email: person.email!, slice, key: email });
    }
  }
  return merged.toSorted((left, right) => right.matchScore - left.matchScore).slice(0, target);
}

/** A reviewed person as the launch route takes them. */
export function launchPersonOf(person: ReviewedPerson): LaunchPerson {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    jobTitle: person.jobTitle || null,
    company: person.company,
    email: person.email,
    industry: person.industry,
    website: person.website,
    linkedinUrl: person.linkedinUrl,
    employeeCount: person.enrichmentData.employeeCount,
    source: person.source,
    sample: person.sample,
  };
}

/** The name a new campaign is offered: its slices and the day, e.g. "Sales software — Nov 24, 2026". */
export function defaultCampaignName(slices: readonly string[], today: Date): string {
  const day = formatDate(today);
  const what = slices.length === 0 ? 'ICP' : slices.length === 1 ? slices[0]! : `${slices[0]} + ${slices.length - 1} more`;
  return `${what} — ${day}`;
}
