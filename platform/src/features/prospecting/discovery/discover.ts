import { LEAD_SCORING } from '@meetflow/plugin-sdk/contracts/agents';
import type { DiscoveredPerson, IcpCriteria, RunContext } from '@meetflow/plugin-sdk';
import { getWorkspaceConfig, type ConfigStoreDb } from '../../insights/services.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import type { DiscoveredProspectView, DiscoverProspectsView } from './api-schemas.ts';
import { callPluginService, type PluginApiDeps } from '../../runs/services.ts';
import { sampleCompanySiteUrl } from './sample-site-url.ts';
import { sampleSearchOf } from './sample-source.ts';
import { discoveryConfidence } from './confidence.ts';
import { alignCompanies, dedupePeople, type MergedPerson, type SourcedPerson } from './dedupe.ts';
import { discoveryNotes } from './notes.ts';
import type { Models } from '../../models.ts';
import {
  industryExclusions,
  LEFT_OUT_LISTED,
  withCrmExclusions,
  workspaceExclusions,
  type ExclusionReason,
  type Exclusions,
} from './exclusions.ts';
import {
  isConfigured,
  searchSampleFor,
  searchSamplePaged,
  searchSource,
  searchSourcePaged,
  sourceNames,
  type DiscoverySource,
  type SourceOutcome,
} from './sources.ts';

/** How a person fits the ICP, as lead scoring's matchPeople service answers. */
interface Match {
  matchScore: number;
  matchReason: string;
}

/** Lead scoring's answer: each person's match, and the total at which it qualifies a lead (the default quality floor). */
interface Matched {
  matches: Match[];
  qualificationThreshold: number;
}

/** Scores every person against the criteria with lead scoring (its own settings, the workspace's weights), in one call. */
async function matchPeople(
  deps: DiscoveryDeps,
  criteria: IcpCriteria,
  people: readonly MergedPerson[],
  weights: unknown,
  run: RunContext,
): Promise<Matched> {
  return (await callPluginService(
    deps,
    LEAD_SCORING.matchPeople,
    {
      icp: criteria,
      ...(weights ? { weights } : {}),
      people: people.map((candidate) => ({ person: candidate.person, source: candidate.sources[0] ?? '' })),
    },
    run,
  )) as Matched;
}

/** What discovery runs over: plugins and Temporal (source plugins run on the worker, the sample source in this process), the config store. */
export interface DiscoveryDeps extends PluginApiDeps {
  /** `crmExclusions`: the connected CRM's customers and open deals (revenue's crm sync writes them); left out, none. */
  db: ConfigStoreDb & Pick<Models, 'prospects' | 'suppressions' | 'outbox'> & Partial<Pick<Models, 'crmExclusions'>>;
  /** Where the sample companies' own sites are served: a sample person's website points there, so research can read it. */
  samplesUrl?: string | null;
  now?: () => Date;
}

const BANDS: Array<[number, string]> = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1000, '501-1,000'],
  [5000, '1,001-5,000'],
  [10_000, '5,001-10,000'],
];

/** The employee band a count falls in, as the discovery card shows it. */
export function companySizeBand(employees: number | null): string | null {
  if (employees === null) return null;
  return `${BANDS.find(([max]) => employees <= max)?.[1] ?? '10,001+'} employees`;
}

/** A person's company site: a sample company's is served by the sample sites server, when there is one. */
function websiteOf(merged: MergedPerson, samplesUrl: string | null | undefined): string | null {
  const domain = merged.person.companyDomain;
  if (!domain) return null;
  return merged.sample && samplesUrl ? sampleCompanySiteUrl(samplesUrl, domain) : `https://${domain}`;
}

function prospectOf(merged: MergedPerson, match: Match, samplesUrl: string | null | undefined): DiscoveredProspectView {
  const { person } = merged;
  const sources = merged.sources as DiscoverySource[];
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    jobTitle: person.jobTitle,
    company: person.company,
    email: person.email,
    source: sources[0]!,
    sources,
    matchScore: match.matchScore,
    matchReason: match.matchReason,
    industry: person.industry,
    companySize: companySizeBand(person.employeeCount),
    linkedinUrl: person.linkedinUrl,
    website: websiteOf(merged, samplesUrl),
    enrichmentData: {
      companyRevenue: person.companyRevenue,
      employeeCount: person.employeeCount,
      techStack: person.techStack,
      recentFunding: person.recentFunding,
    },
    sample: merged.sample,
  };
}

function sourcedPeople(outcomes: readonly SourceOutcome[]): SourcedPerson[] {
  return outcomes.flatMap((outcome) =>
    outcome.ok
      ? outcome.sources.flatMap((source) => outcome.people.map((person: DiscoveredPerson) => ({ person, source, sample: outcome.sample })))
      : [],
  );
}

const EXCLUSION_WORDS: Record<ExclusionReason, (n: number) => string> = {
  outsideIndustry: (n) => `${n.toLocaleString('en-US')} outside the ICP's industries`,
  inCrm: (n) => `${n.toLocaleString('en-US')} customers or open deals in the connected CRM`,
  alreadyProspect: (n) => `${n.toLocaleString('en-US')} already in this workspace`,
  suppressed: (n) => `${n.toLocaleString('en-US')} suppressed (unsubscribed or bounced)`,
  contactedRecently: (n) => `${n.toLocaleString('en-US')} emailed in the last 90 days`,
  noEmail: (n) => `${n.toLocaleString('en-US')} without an email address`,
};

/** A person left out, and why: discovery shows each, so nobody disappears without a word. */
export interface LeftOut {
  name: string;
  company: string;
  email: string | null;
  industry: string | null;
  reason: ExclusionReason;
}

/** Why fewer people than the target were found: each source's reason, who was left out, and how many fell below the floor. */
function shortfallOf(
  target: number,
  found: number,
  outcomes: readonly SourceOutcome[],
  excluded: Record<ExclusionReason, number>,
  names: ReadonlyMap<DiscoverySource, string>,
  floor: { minScore: number; below: number; included: boolean },
): string | null {
  if (found >= target) return null;
  const why = outcomes
    .map((outcome) => {
      const listed = outcome.sources.map((source) => names.get(source) ?? source).join(', ');
      return outcome.ok
        ? outcome.stopped
          ? `${listed} stopped: ${outcome.stopped}`
          : null
        : `${listed} could not be searched: ${outcome.reason}`;
    })
    .filter(Boolean);
  const left = (Object.keys(EXCLUSION_WORDS) as ExclusionReason[])
    .filter((reason) => excluded[reason] > 0)
    .map((reason) => EXCLUSION_WORDS[reason](excluded[reason]));
  const below =
    floor.below > 0 && !floor.included
      ? [
          `${floor.below.toLocaleString('en-US')} more matched below the quality floor of ${floor.minScore}; include them knowingly to list them.`,
        ]
      : [];
  return [
    `Found ${found.toLocaleString('en-US')} of the ${target.toLocaleString('en-US')} people asked for.`,
    ...(why.length > 0 ? [`${why.join('; ')}.`] : []),
    ...(left.length > 0 ? [`Left out: ${left.join(', ')}.`] : []),
    ...below,
  ].join(' ');
}

/** How a discovery is asked: a campaign's target, and the quality floor. */
export interface DiscoveryOptions {
  targetCount?: number;
  /** The lowest match score listed; lead scoring's qualification threshold when left out. */
  minScore?: number;
  /** List the people below the floor too (after those above it), knowingly. */
  includeBelowFloor?: boolean;
}

/**
 * Finds prospects for the ICP: each configured source plugin is searched on the worker, the
 * others answer together from the sample source (labelled sample); the people are merged
 * across sources, company facts aligned, and each is scored by lead scoring against the
 * criteria with the workspace's weights. Best match first; equal scores keep the sources' order.
 *
 * Only good fits are listed: people whose industry is outside the criteria's are left out (a source
 * that relaxed its filters returns neighbours), and people scoring below the quality floor (lead
 * scoring's qualification threshold unless `minScore` says otherwise) are counted, not listed,
 * unless `includeBelowFloor`. Everyone left out is counted by reason and named (the first
 * LEFT_OUT_LISTED).
 *
 * With a target count (a campaign's list), every source is paged until it has given that many
 * people the workspace may write to: people already prospects, suppressed, emailed recently or
 * without an email are left out too; the best `targetCount` are kept, and when fewer were found the
 * answer says why.
 */
export async function discoverProspects(
  deps: DiscoveryDeps,
  workspaceId: string,
  criteria: IcpCriteria,
  sources: readonly DiscoverySource[],
  options: DiscoveryOptions = {},
): Promise<DiscoverProspectsView> {
  const target = options.targetCount;
  const configured = sources.filter((source) => isConfigured(deps, source));
  const unconfigured = sources.filter((source) => !configured.includes(source));
  const now = deps.now?.() ?? new Date();
  // The route checked the caller may discover in this workspace; the sources search on the platform's behalf.
  const run = systemRunContext(workspaceId, 'discovery');
  const searchSample = sampleSearchOf(deps, run);
  const exclusions: Exclusions = await withCrmExclusions(
    target ? await workspaceExclusions(deps.db, workspaceId, now, criteria.industry) : industryExclusions(criteria.industry),
    deps.db,
    workspaceId,
  );
  const [outcomes, { scoringWeights }] = await Promise.all([
    Promise.all([
      ...configured.map((source) =>
        target ? searchSourcePaged(deps, source, criteria, target, exclusions.keep, run) : searchSource(deps, source, criteria, run),
      ),
      ...(unconfigured.length > 0
        ? [
            target
              ? searchSamplePaged(searchSample, unconfigured, criteria, target, exclusions.keep, exclusions.known)
              : searchSampleFor(searchSample, unconfigured, criteria),
          ]
        : []),
    ]),
    getWorkspaceConfig(deps.db, workspaceId),
  ]);
  const records = sourcedPeople(outcomes);
  const merged = alignCompanies(dedupePeople(records));
  const excluded: Record<ExclusionReason, number> = {
    outsideIndustry: 0,
    inCrm: 0,
    alreadyProspect: 0,
    suppressed: 0,
    contactedRecently: 0,
    noEmail: 0,
  };
  const leftOut: LeftOut[] = [];
  const people = merged.filter((candidate) => {
    const reason = exclusions.reasonOf(candidate.person);
    if (reason === null) return true;
    excluded[reason] += 1;
    if (leftOut.length < LEFT_OUT_LISTED) {
      const { person } = candidate;
      leftOut.push({
        name: `${person.firstName} ${person.lastName}`.trim(),
        company: person.company,
        email: person.email,
        industry: person.industry,
        reason,
      });
    }
    return false;
  });
  const { matches, qualificationThreshold } =
    people.length > 0
      ? await matchPeople(deps, criteria, people, scoringWeights, run)
      : { matches: [], qualificationThreshold: options.minScore ?? 0 };
  const minScore = options.minScore ?? qualificationThreshold;
  const includeBelow = options.includeBelowFloor ?? false;
  const ranked = people
    .map((candidate, index) => prospectOf(candidate, matches[index]!, deps.samplesUrl))
    .toSorted((left, right) => right.matchScore - left.matchScore);
  const belowFloor = ranked.filter((prospect) => prospect.matchScore < minScore).length;
  const listed = includeBelow ? ranked : ranked.filter((prospect) => prospect.matchScore >= minScore);
  const prospects = target ? listed.slice(0, target) : listed;
  const answered = outcomes.filter((outcome) => outcome.ok).flatMap((outcome) => outcome.sources).length;
  const relaxed = [...new Set(outcomes.flatMap((outcome) => (outcome.ok ? outcome.relaxed : [])))];
  const confidence = discoveryConfidence({
    icp: criteria,
    relaxed,
    people: people.map((candidate) => candidate.person),
    sourcesAnswered: answered,
    sourcesRequested: sources.length,
  });
  const names = sourceNames(deps.host);
  const notes = discoveryNotes({
    outcomes,
    sourceNames: names,
    records: records.length,
    distinct: merged.length,
    relaxed,
    criteria,
    confidence,
  });
  const failed = answered === 0;
  return {
    success: !failed,
    prospects,
    totalFound: prospects.length,
    confidence,
    error: failed ? `No source could be searched. ${notes}` : null,
    sample: prospects.some((prospect) => prospect.sample),
    notes,
    targetCount: target ?? null,
    minScore,
    belowFloor,
    includeBelowFloor: includeBelow,
    excluded,
    leftOut,
    shortfall:
      target && !failed
        ? shortfallOf(target, prospects.length, outcomes, excluded, names, { minScore, below: belowFloor, included: includeBelow })
        : null,
  };
}
