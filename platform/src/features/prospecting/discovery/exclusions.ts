import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import type { Models } from '../../models.ts';

/** How long after an email a person counts as contacted recently. */
export const RECENT_CONTACT_DAYS = 90;

/** Why a discovered person is left out of a campaign's list. */
export type ExclusionReason = 'noEmail' | 'suppressed' | 'contactedRecently' | 'alreadyProspect';

/** The people a workspace must not be offered again, and the test discovery applies. */
export interface Exclusions {
  reasonOf(person: Pick<DiscoveredPerson, 'email'>): ExclusionReason | null;
  keep(person: Pick<DiscoveredPerson, 'email'>): boolean;
}

/**
 * What the workspace already has: its prospects' emails, its suppressed addresses (unsubscribed,
 * bounced) and the addresses it emailed in the last RECENT_CONTACT_DAYS. Read once per discovery
 * (three projections), so paging tests each person in memory. A person without an email cannot
 * be written to, so is left out too.
 */
export async function workspaceExclusions(
  db: Pick<Models, 'prospects' | 'suppressions' | 'outbox'>,
  workspaceId: string,
  now: Date,
): Promise<Exclusions> {
  const since = new Date(now.getTime() - RECENT_CONTACT_DAYS * 86_400_000);
  const [prospects, suppressed, contacted] = await Promise.all([
    db.prospects.find({ workspaceId }, { emailLower: 1, _id: 0 }).lean<Array<{ emailLower: string }>>(),
    db.suppressions.find({ workspaceId }, { email: 1, _id: 0 }).lean<Array<{ email: string }>>(),
    db.outbox.find({ workspaceId, createdAt: { $gte: since } }, { email: 1, _id: 0 }).lean<Array<{ email: string }>>(),
  ]);
  const sets = {
    suppressed: new Set(suppressed.map((row) => row.email)),
    contactedRecently: new Set(contacted.map((row) => row.email)),
    alreadyProspect: new Set(prospects.map((row) => row.emailLower)),
  };
  const reasonOf = (person: Pick<DiscoveredPerson, 'email'>): ExclusionReason | null => {
    const email = person.email?.trim().toLowerCase();
    if (!email) return 'noEmail';
    for (const reason of ['suppressed', 'contactedRecently', 'alreadyProspect'] as const) if (sets[reason].has(email)) return reason;
    return null;
  };
  return { reasonOf, keep: (person) => reasonOf(person) === null };
}
