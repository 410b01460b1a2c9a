import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { createSearchPeople } from './search-people.ts';

/** The Apollo.io prospect source plugin (id "source-apollo"). */
export const sourceApolloPlugin = definePlugin(manifest, (deps) => ({
  searchPeople: createSearchPeople(deps),
}));

export { manifest as sourceApolloManifest } from './manifest.ts';
