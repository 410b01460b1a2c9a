import type { DiscoveredPerson, IcpCriteria } from '@meetflow/plugin-sdk';
import { getWorkspaceConfig, type ConfigStoreDb } from '../config-store/workspace-config.ts';
import type { DiscoveredProspectView, DiscoverProspectsView } from '../http/discovery-schemas.ts';
import type { PluginApiDeps } from '../plugins/call-activity.ts';
import { sampleCompanySiteUrl } from '../samples/company-site.ts';
import { discoveryConfidence } from './confidence.ts';
import { alignCompanies, dedupePeople, type MergedPerson, type SourcedPerson } from './dedupe.ts';
import { defaultMatchConfig, matchPerson, type Match, type MatchConfig } from './match.ts';
import { discoveryNotes } from './notes.ts';
import { isConfigured, searchSampleFor, searchSource, type DiscoverySource, type SampleSearch, type SourceOutcome } from './sources.ts';

/** What discovery runs over: plugins and Temporal (source plugins run on the worker), the config store and the sample database. */
export interface DiscoveryDeps extends PluginApiDeps {
  db: ConfigStoreDb;
  searchSample: SampleSearch;
  /** Where the sample companies' own sites are served: a sample person's website points there, so research can read it. */
  samplesUrl?: string | null;
  now?: () => Date;
}

const BANDS: Array<[number, string]> = [[10, '1-10'], [50, '11-50'], [200, '51-200'], [500, '201-500'], [1000, '501-1,000'],
  [5000, '1,001-5,000'], [10_000, '5,001-10,000']];

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
    firstName: person.firstName, lastName: person.lastName, jobTitle: person.jobTitle, company: person.company, email: person.email,
    source: sources[0] as DiscoverySource, sources, matchScore: match.matchScore, matchReason: match.matchReason,
    industry: person.industry, companySize: companySizeBand(person.employeeCount), linkedinUrl: person.linkedinUrl,
    website: websiteOf(merged, samplesUrl),
    enrichmentData: { companyRevenue: person.companyRevenue, employeeCount: person.employeeCount, techStack: person.techStack, recentFunding: person.recentFunding },
    sample: merged.sample,
  };
}

function sourcedPeople(outcomes: readonly SourceOutcome[]): SourcedPerson[] {
  return outcomes.flatMap((outcome) => (outcome.ok
    ? outcome.sources.flatMap((source) => outcome.people.map((person: DiscoveredPerson) => ({ person, source, sample: outcome.sample })))
    : []));
}

/**
 * Finds prospects for the ICP: each configured source plugin is searched on the worker, the
 * others answer together from the sample database (labelled sample); the people are merged
 * across sources, company facts aligned, and each is scored by lead scoring against the
 * criteria with the workspace's weights. Best match first; equal scores keep the sources' order.
 */
export async function discoverProspects(deps: DiscoveryDeps, workspaceId: string, criteria: IcpCriteria,
  sources: readonly DiscoverySource[]): Promise<DiscoverProspectsView> {
  const configured = sources.filter((source) => isConfigured(deps, source));
  const unconfigured = sources.filter((source) => !configured.includes(source));
  const [outcomes, { scoringWeights }] = await Promise.all([
    Promise.all([
      ...configured.map((source) => searchSource(deps, source, criteria)),
      ...(unconfigured.length > 0 ? [searchSampleFor(deps.searchSample, unconfigured, criteria)] : []),
    ]),
    getWorkspaceConfig(deps.db, workspaceId),
  ]);
  const records = sourcedPeople(outcomes);
  const people = alignCompanies(dedupePeople(records));
  const config = (deps.host.config('lead-scoring') as MatchConfig | undefined) ?? defaultMatchConfig();
  const now = deps.now?.() ?? new Date();
  const prospects = people.map((merged) => prospectOf(merged,
    matchPerson(merged.person, merged.sources[0] ?? '', criteria, config, scoringWeights, now), deps.samplesUrl))
    .toSorted((left, right) => right.matchScore - left.matchScore);
  const answered = outcomes.filter((outcome) => outcome.ok).flatMap((outcome) => outcome.sources).length;
  const relaxed = [...new Set(outcomes.flatMap((outcome) => (outcome.ok ? outcome.relaxed : [])))];
  const confidence = discoveryConfidence({ icp: criteria, relaxed, people: people.map((merged) => merged.person), sourcesAnswered: answered, sourcesRequested: sources.length });
  const notes = discoveryNotes({ outcomes, records: records.length, distinct: people.length, relaxed, criteria, confidence });
  const failed = answered === 0;
  return {
    success: !failed, prospects, totalFound: prospects.length, confidence,
    error: failed ? `No source could be searched. ${notes}` : null,
    sample: prospects.some((prospect) => prospect.sample), notes,
  };
}
