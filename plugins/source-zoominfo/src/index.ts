import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { createSearchPeople } from './search-people.ts';

/** The ZoomInfo prospect source plugin (id "source-zoominfo"). */
export const sourceZoominfoPlugin = definePlugin(manifest, (deps) => ({
  searchPeople: createSearchPeople(deps),
}));

export { manifest as sourceZoominfoManifest } from './manifest.ts';
