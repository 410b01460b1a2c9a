import type { PluginDescription } from '../../plugins/index.ts';
import type { DiscoverySourceId } from '../api/types.ts';

/** One entry of the Data Sources checklist: an installed source plugin. */
export interface DataSource {
  /** The plugin id without `source-`, as discovery requests name it ("apollo"). */
  id: DiscoverySourceId;
  /** The manifest's display name ("Apollo.io"). */
  label: string;
  /** False until every credential is set: the built-in sample database then answers for it. */
  configured: boolean;
}

/**
 * The sources the checklist offers: every installed plugin of kind source, in the API's order (the spec's for the built-in four),
 * except the sample source, which answers for the unconfigured ones instead of being chosen.
 */
export function dataSourcesOf(plugins: readonly PluginDescription[]): DataSource[] {
  return plugins.flatMap((plugin) =>
    plugin.kind === 'source' && plugin.source && !plugin.source.standIn
      ? [{ id: plugin.id.replace(/^source-/, ''), label: plugin.source.displayName, configured: plugin.source.configured }]
      : [],
  );
}

/** The source ticked when the screen opens (spec section 2: LinkedIn), or the first listed when LinkedIn is not installed. */
export function defaultSources(list: readonly DataSource[]): DiscoverySourceId[] {
  const preferred = list.find((source) => source.id === 'linkedin') ?? list[0];
  return preferred ? [preferred.id] : [];
}

/** The name a source is shown by, e.g. "Apollo.io" for `apollo`; its id when it is not installed (any more). */
export function sourceLabel(list: readonly DataSource[], id: DiscoverySourceId): string {
  return list.find((source) => source.id === id)?.label ?? id;
}

/** The checklist after toggling one source, kept in the checklist's order. */
export function toggleSource(
  list: readonly DataSource[],
  selected: readonly DiscoverySourceId[],
  id: DiscoverySourceId,
): DiscoverySourceId[] {
  const next = selected.includes(id) ? selected.filter((source) => source !== id) : [...selected, id];
  return list.map((source) => source.id).filter((source) => next.includes(source));
}
