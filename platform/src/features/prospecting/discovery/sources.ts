import { DiscoveredPersonSchema, withDeadline, type DiscoveredPerson, type IcpCriteria, type RunContext } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { callDeclaredActivity, rootReason, type PluginApiDeps } from '../../runs/services.ts';

/** A source's id in requests and answers: its plugin id without `source-` ("apollo" for source-apollo). */
export type DiscoverySource = string;

/** An installed prospect source: a plugin of kind `source`, as discovery and its lists know it. */
export interface InstalledSource {
  id: DiscoverySource;
  pluginId: string;
  displayName: string;
}

/**
 * Every installed source a user may choose, in the host's order (the plugins' `ui.order`: the
 * spec's checklist order for the four built-in ones): the platform knows sources only from the
 * installed plugins. The sample source (`standIn`) is not one: it answers for the others.
 */
export function installedSources(host: PluginApiDeps['host']): InstalledSource[] {
  return host.plugins
    .filter((plugin) => plugin.manifest.kind === 'source' && plugin.manifest.source && plugin.manifest.source.standIn !== true)
    .map((plugin) => ({
      id: plugin.manifest.id.replace(/^source-/, ''),
      pluginId: plugin.manifest.id,
      displayName: plugin.manifest.source!.displayName,
    }));
}

/** How notes name each installed source, by id. */
export function sourceNames(host: PluginApiDeps['host']): ReadonlyMap<DiscoverySource, string> {
  return new Map(installedSources(host).map((source) => [source.id, source.displayName]));
}

/** People asked of each source (and of the sample database) without a target count. */
export const PEOPLE_PER_SOURCE = 50;
/** The most people a discovery with a target count may ask for. */
export const MAX_TARGET = 2_000;
/** People per page when paging a source toward a target (the providers' largest page). */
export const PAGE_SIZE = 100;
/** Pages asked of one source at most, whatever the target: 25 pages of 100 (the target's limit is 2,000). */
export const MAX_PAGES = 25;
/** How long one source may take, retries included, before it counts as failed. */
export const SOURCE_DEADLINE_MS = 60_000;

/** The sample source's search: people matching the criteria, and the criteria it had to relax. */
export type SampleSearch = (criteria: IcpCriteria, limit: number) => Promise<{ people: DiscoveredPerson[]; relaxed: string[] }>;

/** What one source answered: its people (sample or not), or why it could not. */
export type SourceOutcome =
  | {
      sources: DiscoverySource[];
      ok: true;
      sample: boolean;
      people: DiscoveredPerson[];
      sourceTotal: number | null;
      relaxed: string[];
      /** Pages read (1 without a target), and why paging stopped short of the target, when it did. */
      pages?: number;
      stopped?: string;
    }
  | { sources: DiscoverySource[]; ok: false; reason: string };

const SearchPeopleOutput = z.object({
  people: z.array(DiscoveredPersonSchema),
  sourceTotal: z.number().int().min(0).nullable(),
  hasMore: z.boolean().optional().describe('A plugin that does not say is read as having more while it fills its pages'),
});

const pluginOf = (source: DiscoverySource) => `source-${source}`;

/** True when the source's plugin is installed and every credential its manifest declares is set (not blank). */
export function isConfigured(deps: Pick<PluginApiDeps, 'host'>, source: DiscoverySource): boolean {
  return deps.host.sourceConfigured(pluginOf(source));
}

/** One searchPeople call of a source plugin on the worker, within SOURCE_DEADLINE_MS; its output checked. */
async function searchPage(
  deps: PluginApiDeps,
  source: DiscoverySource,
  input: { criteria: IcpCriteria; limit: number; page?: number },
  run: RunContext,
): Promise<z.output<typeof SearchPeopleOutput>> {
  const activity = `${pluginOf(source)}.searchPeople`;
  const output = await withDeadline(
    callDeclaredActivity(deps, activity, input, run),
    SOURCE_DEADLINE_MS,
    (seconds) => `${sourceNames(deps.host).get(source) ?? source} gave no answer within ${seconds} s`,
  );
  return SearchPeopleOutput.parse(output);
}

/** Searches one configured source plugin on the worker; never throws. */
export async function searchSource(
  deps: PluginApiDeps,
  source: DiscoverySource,
  criteria: IcpCriteria,
  run: RunContext,
): Promise<SourceOutcome> {
  try {
    const { people, sourceTotal } = await searchPage(deps, source, { criteria, limit: PEOPLE_PER_SOURCE }, run);
    return { sources: [source], ok: true, sample: false, people, sourceTotal, relaxed: [] };
  } catch (error) {
    return { sources: [source], ok: false, reason: rootReason(error) };
  }
}

/**
 * Pages through one configured source until it has given `want` people that `keep` accepts (new
 * to the workspace, not suppressed), it has no more, or MAX_PAGES were read; never throws. A page
 * that fails after others succeeded ends the paging with what was found, saying why.
 */
export async function searchSourcePaged(
  deps: PluginApiDeps,
  source: DiscoverySource,
  criteria: IcpCriteria,
  want: number,
  keep: (person: DiscoveredPerson) => boolean,
  run: RunContext,
): Promise<SourceOutcome> {
  const people: DiscoveredPerson[] = [];
  let sourceTotal: number | null = null;
  let kept = 0;
  // What was found after `pages` pages, and why paging stopped short of the target, if it did.
  const found = (pages: number, stopped?: string): SourceOutcome => ({
    sources: [source],
    ok: true,
    sample: false,
    people,
    sourceTotal,
    relaxed: [],
    pages,
    ...(stopped === undefined ? {} : { stopped }),
  });
  for (let page = 1; page <= MAX_PAGES; page++) {
    try {
      const parsed = await searchPage(deps, source, { criteria, limit: PAGE_SIZE, page }, run);
      sourceTotal = parsed.sourceTotal ?? sourceTotal;
      people.push(...parsed.people);
      kept += parsed.people.filter(keep).length;
      if (kept >= want) return found(page);
      if (!(parsed.hasMore ?? parsed.people.length === PAGE_SIZE)) return found(page, 'it had no more matching people');
    } catch (error) {
      if (page === 1) return { sources: [source], ok: false, reason: rootReason(error) };
      return found(page - 1, `page ${page} failed: ${rootReason(error)}`);
    }
  }
  return found(MAX_PAGES, `the limit of ${MAX_PAGES} pages of ${PAGE_SIZE} a source was reached`);
}

/**
 * Answers the unconfigured sources from the sample database until `want` people pass `keep`:
 * asks for more as people are left out, up to three times the target plus the `known` people the
 * workspace already has (a small list after a large one on the same slice must reach past those
 * the first took); never throws.
 */
export async function searchSamplePaged(
  search: SampleSearch,
  sources: DiscoverySource[],
  criteria: IcpCriteria,
  want: number,
  keep: (person: DiscoveredPerson) => boolean,
  known = 0,
): Promise<SourceOutcome> {
  try {
    const most = want * 3 + known;
    let limit = want;
    for (;;) {
      const { people, relaxed } = await search(criteria, limit);
      const kept = people.filter(keep).length;
      const exhausted = people.length < limit;
      if (kept >= want || exhausted || limit >= most) {
        const stopped =
          kept >= want
            ? undefined
            : exhausted
              ? 'the sample database has no more people, even with every criterion relaxed'
              : `it was asked for ${limit.toLocaleString('en-US')} people (three times the target, past those the workspace has) and too many were left out`;
        return { sources, ok: true, sample: true, people, sourceTotal: people.length, relaxed, pages: 1, stopped };
      }
      limit = Math.min(most, limit + Math.max(want - kept, 1) * 2 + Math.min(known, limit));
    }
  } catch (error) {
    return { sources, ok: false, reason: rootReason(error) };
  }
}

/** Answers the unconfigured sources together from the sample database (one search, labelled with each); never throws. */
export async function searchSampleFor(search: SampleSearch, sources: DiscoverySource[], criteria: IcpCriteria): Promise<SourceOutcome> {
  try {
    const { people, relaxed } = await search(criteria, PEOPLE_PER_SOURCE);
    return { sources, ok: true, sample: true, people, sourceTotal: people.length, relaxed };
  } catch (error) {
    return { sources, ok: false, reason: rootReason(error) };
  }
}
