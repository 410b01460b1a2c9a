import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { industryRelation } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import type { Models } from '../../models.ts';

/** How many left-out people a discovery names one by one (its counts cover them all). */
export const LEFT_OUT_LISTED = 200;

/** How long after an email a person counts as contacted recently. */
export const RECENT_CONTACT_DAYS = 90;

/** Why a discovered person is left out: of any discovery (outsideIndustry), or of a campaign's list (the others). */
export type ExclusionReason = 'outsideIndustry' | 'inCrm' | 'noEmail' | 'suppressed' | 'contactedRecently' | 'alreadyProspect';

/**
 * Whether a person's industry is one the criteria name. A source that relaxes its filters to find
 * enough people returns neighbours (a related or an unrelated industry): those are left out, so a
 * slice never mixes industries. A person whose industry is unknown, or a label outside the shared
 * taxonomy, is kept (lead scoring then weighs what is known); without industries every one is kept.
 */
export function inIndustries(person: Pick<DiscoveredPerson, 'industry'>, industries: readonly string[]): boolean {
  const wanted = industries.filter((industry) => industry.trim() !== '');
  if (wanted.length === 0 || !person.industry?.trim()) return true;
  const relations = wanted.map((industry) => industryRelation(person.industry!, industry).relation);
  return relations.some((relation) => relation === 'same' || relation === 'unknown');
}

/** The people a workspace must not be offered again, and the test discovery applies. */
export interface Exclusions {
  reasonOf(person: Pick<DiscoveredPerson, 'email' | 'industry'> & Partial<Pick<DiscoveredPerson, 'companyDomain'>>): ExclusionReason | null;
  keep(person: Pick<DiscoveredPerson, 'email' | 'industry'> & Partial<Pick<DiscoveredPerson, 'companyDomain'>>): boolean;
  /** How many people the workspace has already (prospects, suppressed, emailed recently): how much deeper than the target a search may need to go. */
  known: number;
}

/** Only the industry test: what a discovery without a target (no campaign list) leaves out. */
export function industryExclusions(industries: readonly string[]): Exclusions {
  const reasonOf = (person: Pick<DiscoveredPerson, 'industry'>): ExclusionReason | null =>
    inIndustries(person, industries) ? null : 'outsideIndustry';
  return { reasonOf, keep: (person) => reasonOf(person) === null, known: 0 };
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
  industries: readonly string[] = [],
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
  const reasonOf = (person: Pick<DiscoveredPerson, 'email' | 'industry'>): ExclusionReason | null => {
    if (!inIndustries(person, industries)) return 'outsideIndustry';
    const email = person.email?.trim().toLowerCase();
    if (!email) return 'noEmail';
    for (const reason of ['suppressed', 'contactedRecently', 'alreadyProspect'] as const) if (sets[reason].has(email)) return reason;
    return null;
  };
  const known = new Set([...sets.suppressed, ...sets.contactedRecently, ...sets.alreadyProspect]).size;
  return { reasonOf, keep: (person) => reasonOf(person) === null, known };
}

/** A domain as the CRM exclusions hold it: lowercase, without www. */
const bareDomain = (domain: string | null | undefined) =>
  domain
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, '') || null;

/**
 * Adds the connected CRM's customers and open deals (revenue's crm sync reads them with the CRM
 * plugin's listExclusions into `crmExclusions`, refreshed at every sync) to `base`: a person whose
 * email, or whose company's domain, is one of them is left out as `inCrm`, whatever the target.
 * Without a connected CRM nothing changes.
 */
export async function withCrmExclusions(
  base: Exclusions,
  db: Partial<Pick<Models, 'crmExclusions'>>,
  workspaceId: string,
): Promise<Exclusions> {
  if (!db.crmExclusions) return base;
  const rows = await db.crmExclusions
    .find({ workspaceId }, { domain: 1, email: 1, _id: 0 })
    .lean<Array<{ domain: string | null; email: string | null }>>();
  if (rows.length === 0) return base;
  const domains = new Set(rows.flatMap((row) => (row.domain ? [row.domain] : [])));
  const emails = new Set(rows.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])));
  const reasonOf: Exclusions['reasonOf'] = (person) => {
    const reason = base.reasonOf(person);
    if (reason === 'outsideIndustry') return reason;
    const email = person.email?.trim().toLowerCase();
    const domain = bareDomain(person.companyDomain) ?? bareDomain(email?.split('@')[1]);
    if ((email && emails.has(email)) || (domain && domains.has(domain))) return 'inCrm';
    return reason;
  };
  return { reasonOf, keep: (person) => reasonOf(person) === null, known: base.known + rows.length };
}
