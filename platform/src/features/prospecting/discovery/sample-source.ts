import { SOURCE_PREPARE_ACTIVITY, SOURCE_SEARCH_ACTIVITY, type AnyPlugin, type RunContext } from '@meetflow/plugin-sdk';
import { systemRunContext } from '../../../core/run-context.ts';
import { SamplePrepareOutput, SampleSearchOutput } from '@meetflow/plugin-sdk/contracts/sample-source';
import { callDeclaredActivity, callPluginService, type PluginApiDeps } from '../../runs/services.ts';
import type { SampleSearch } from './sources.ts';

// The sample source: the installed source plugin whose manifest says `standIn` (the built-in one is
// plugins/source-sample). It answers, marked sample, for every source whose credentials are not
// set; the platform knows it only by that flag and the SDK's sample-source contract.

/** The installed sample source, if any (the SDK refuses more than one). */
export function sampleSourceOf(host: PluginApiDeps['host']): AnyPlugin | undefined {
  return host.plugins.find((plugin) => plugin.manifest.kind === 'source' && plugin.manifest.source?.standIn === true);
}

/** The sample source's people search, as discovery calls it: its searchPeople service, in this process. */
export function sampleSearchOf(deps: Pick<PluginApiDeps, 'host' | 'connection'>, run: RunContext): SampleSearch {
  const plugin = sampleSourceOf(deps.host);
  return async (criteria, limit) => {
    if (!plugin) throw new Error('it has no credentials set, and no sample source is installed to answer for it');
    const output = await callPluginService(deps, `${plugin.manifest.id}.${SOURCE_SEARCH_ACTIVITY}`, { criteria, limit }, run);
    return SampleSearchOutput.parse(output);
  };
}

/**
 * Gets the sample source's data ready (`companies` of them; 0 or no sample source: nothing to do)
 * through its prepare activity on the worker: idempotent, heartbeating, resumed after a crash.
 * Concurrent callers with the same database, task queue and size join one run (the API at start,
 * the first-start seed waiting for it). Returns what the plugin found or did, or null.
 */
export async function prepareSampleSource(deps: PluginApiDeps, companies: number): Promise<SamplePrepareOutput | null> {
  const plugin = sampleSourceOf(deps.host);
  if (!plugin || companies <= 0) return null;
  const activity = `${plugin.manifest.id}.${SOURCE_PREPARE_ACTIVITY}`;
  const output = await callDeclaredActivity(
    deps,
    activity,
    { companies },
    // Sample data belongs to no workspace: the platform prepares it for all of them.
    systemRunContext(null, 'sample-source'),
    { idempotencyKey: `${activity}:${deps.connection.name}:${deps.taskQueue}:${companies}` },
  );
  return SamplePrepareOutput.parse(output);
}
