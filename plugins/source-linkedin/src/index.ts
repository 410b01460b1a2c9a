import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { createSearchPeople } from './search-people.ts';

/** The LinkedIn Sales Navigator prospect source plugin (id "source-linkedin"). */
export const sourceLinkedinPlugin = definePlugin(manifest, (deps) => ({
  searchPeople: createSearchPeople(deps),
}));

export { manifest as sourceLinkedinManifest } from './manifest.ts';
