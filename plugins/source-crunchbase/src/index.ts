import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { createSearchPeople } from './search-people.ts';

/** The Crunchbase prospect source plugin (id "source-crunchbase"). */
export const sourceCrunchbasePlugin = definePlugin(manifest, (deps) => ({
  searchPeople: createSearchPeople(deps),
}));

export { manifest as sourceCrunchbaseManifest } from './manifest.ts';
