// The built-in prospect database: what the rest of the platform uses of it.
export { sampleProspectModels, type SampleProspectModels } from './model.ts';
export {
  defaultSampleCompany,
  ensureSampleDatabase,
  SAMPLE_DB_DEFAULTS,
  SAMPLE_DB_VERSION,
  type SampleDatabaseOptions,
  type SampleDatabaseState,
} from './ensure.ts';
export { RELAXATION_ORDER, type FilterName } from './filters.ts';
export { searchSamplePeople, type SampleSearchOptions, type SampleSearchResult } from './search.ts';
export { COMPANY_SITES_PREFIX, sampleCompanySiteUrl } from './site-url.ts';
