import type { DiscoverySourceId } from '../api/types.ts';

/** One entry of the Data Sources checklist. */
export interface DataSource {
  id: DiscoverySourceId;
  label: string;
}

/** The Data Sources checklist, in the spec's order (section 2). */
export const DATA_SOURCES: readonly DataSource[] = [
  { id: 'linkedin', label: 'LinkedIn Sales Navigator' },
  { id: 'crunchbase', label: 'Crunchbase' },
  { id: 'apollo', label: 'Apollo.io' },
  { id: 'zoominfo', label: 'ZoomInfo' },
];

/** Sources ticked when the screen opens: LinkedIn only (spec section 2). */
export const DEFAULT_SOURCES: readonly DiscoverySourceId[] = ['linkedin'];

/** The name a source is shown by, e.g. "Apollo.io" for `apollo`. */
export function sourceLabel(id: DiscoverySourceId): string {
  return DATA_SOURCES.find((source) => source.id === id)?.label ?? id;
}

/** The checklist after toggling one source, kept in the checklist's order. */
export function toggleSource(selected: readonly DiscoverySourceId[], id: DiscoverySourceId): DiscoverySourceId[] {
  const next = selected.includes(id) ? selected.filter((source) => source !== id) : [...selected, id];
  return DATA_SOURCES.map((source) => source.id).filter((source) => next.includes(source));
}
