import type { Connection } from 'mongoose';
import { sampleProspectModels, searchSamplePeople } from './sample-db/index.ts';
import type { SampleSearch } from './sources.ts';

/** The built-in sample database's people search on a connection, as discovery calls it. */
export function sampleSearchOn(connection: Connection): SampleSearch {
  const models = sampleProspectModels(connection);
  return (criteria, limit) => searchSamplePeople(models, criteria, { limit });
}
