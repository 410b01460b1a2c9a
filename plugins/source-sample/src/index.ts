import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { ensureSampleDatabase } from './ensure.ts';
import type { SampleModels } from './model.ts';
import { searchSamplePeople } from './search.ts';

/** The sample prospect database as a source plugin (id "source-sample"): discovery's stand-in for sources without credentials. */
export const sourceSamplePlugin = definePlugin(manifest, (deps) => {
  const db = deps.db as unknown as SampleModels;
  return {
    searchPeople: async ({ criteria, limit, minResults }) => {
      const found = await searchSamplePeople(db, criteria, { limit, ...(minResults === undefined ? {} : { minResults }) });
      return {
        people: found.people,
        strictMatches: found.strictMatches,
        relaxed: found.relaxed,
        sourceTotal: found.people.length,
        hasMore: false,
      };
    },
    prepare: async ({ companies }, context) => {
      const { seed, peoplePerCompany, batchSize } = deps.config;
      const state = await ensureSampleDatabase(db, {
        companies,
        seed,
        peoplePerCompany,
        batchSize,
        onBatch: (batchesDone, batches) => context.heartbeat({ batchesDone, batches }),
      });
      return state;
    },
  };
});

export { manifest as sourceSampleManifest } from './manifest.ts';
