import { DiscoveredPersonSchema, type DiscoveredPerson, type IcpCriteria } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { callPluginActivity, type PluginApiDeps } from '../plugins/call-activity.ts';

/** The prospect sources a request may name (spec §7), in the UI's order. */
export const DISCOVERY_SOURCES = ['linkedin', 'crunchbase', 'apollo', 'zoominfo'] as const;
export type DiscoverySource = (typeof DISCOVERY_SOURCES)[number];

/** How each source is named in notes. */
export const SOURCE_NAMES: Record<DiscoverySource, string> = {
  linkedin: 'LinkedIn Sales Navigator', crunchbase: 'Crunchbase', apollo: 'Apollo.io', zoominfo: 'ZoomInfo',
};

/** People asked of each source (and of the sample database). */
export const PEOPLE_PER_SOURCE = 50;
/** How long one source may take, retries included, before it counts as failed. */
export const SOURCE_DEADLINE_MS = 60_000;

/** The built-in sample database's search: people matching the criteria, and the criteria it had to relax. */
export type SampleSearch = (criteria: IcpCriteria, limit: number) => Promise<{ people: DiscoveredPerson[]; relaxed: string[] }>;

/** What one source answered: its people (sample or not), or why it could not. */
export type SourceOutcome =
  | { sources: DiscoverySource[]; ok: true; sample: boolean; people: DiscoveredPerson[]; sourceTotal: number | null; relaxed: string[] }
  | { sources: DiscoverySource[]; ok: false; reason: string };

const SearchPeopleOutput = z.object({ people: z.array(DiscoveredPersonSchema), sourceTotal: z.number().int().min(0).nullable() });

const pluginOf = (source: DiscoverySource) => `source-${source}`;

/** The settings each source needs before it is called (ZoomInfo signs in with a username and a password). */
const CREDENTIALS: Record<DiscoverySource, string[]> = {
  apollo: ['apiKey'], crunchbase: ['apiKey'], zoominfo: ['username', 'apiKey'], linkedin: ['exportPath'],
};

/** True when the source's plugin is installed and every credential it needs is set (not blank). */
export function isConfigured(deps: Pick<PluginApiDeps, 'host'>, source: DiscoverySource): boolean {
  if (!deps.host.plugins.some((plugin) => plugin.manifest.id === pluginOf(source))) return false;
  const config = (deps.host.config(pluginOf(source)) ?? {}) as Record<string, unknown>;
  return CREDENTIALS[source].every((key) => typeof config[key] === 'string' && (config[key] as string).trim() !== '');
}

/** The most specific message of a failure: a failed workflow's root cause says what the plugin met. */
function reasonOf(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let cause: unknown = (error as { cause?: unknown } | null)?.cause; cause instanceof Error; cause = cause.cause) message = cause.message;
  return message.replace(/\s+/g, ' ').trim().replace(/;\s*will retry\.?$/, '.');
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} gave no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Searches one configured source plugin on the worker; never throws. */
export async function searchSource(deps: PluginApiDeps, source: DiscoverySource, criteria: IcpCriteria): Promise<SourceOutcome> {
  const activity = `${pluginOf(source)}.searchPeople`;
  try {
    const output = await withDeadline(callPluginActivity(deps.temporal, deps.taskQueue, activity, { criteria, limit: PEOPLE_PER_SOURCE },
      { timeout: deps.host.activityIndex().get(activity)?.timeout }), SOURCE_DEADLINE_MS, SOURCE_NAMES[source]);
    const { people, sourceTotal } = SearchPeopleOutput.parse(output);
    return { sources: [source], ok: true, sample: false, people, sourceTotal, relaxed: [] };
  } catch (error) {
    return { sources: [source], ok: false, reason: reasonOf(error) };
  }
}

/** Answers the unconfigured sources together from the sample database (one search, labelled with each); never throws. */
export async function searchSampleFor(search: SampleSearch, sources: DiscoverySource[], criteria: IcpCriteria): Promise<SourceOutcome> {
  try {
    const { people, relaxed } = await search(criteria, PEOPLE_PER_SOURCE);
    return { sources, ok: true, sample: true, people, sourceTotal: people.length, relaxed };
  } catch (error) {
    return { sources, ok: false, reason: reasonOf(error) };
  }
}
