// The sample data's generator and search, for development tools outside the plugin host: the
// sample company sites (which serve a site per generated company), the benches and the
// measurement script. The platform's product code never imports this; it calls the plugin.
import { SAMPLE_DB_DEFAULTS } from './ensure.ts';
import { generateCompany, type GeneratedCompany } from './generate.ts';

export { ensureSampleDatabase, SAMPLE_DB_DEFAULTS, SAMPLE_DB_VERSION } from './ensure.ts';
export type { SampleDatabaseOptions, SampleDatabaseState } from './ensure.ts';
export { generateBatch, generateCompany, type GeneratedCompany } from './generate.ts';
export { sampleModelsOn, type SampleCompany, type SampleModels, type SamplePerson } from './model.ts';
export { searchSamplePeople, type SampleSearchOptions, type SampleSearchResult } from './search.ts';
export { TECH_CATEGORIES } from './tech.ts';
export { INDUSTRIES } from './vocab.ts';

/** The company (and its people) at `index` of a database generated with the default seed and people per company. */
export const defaultSampleCompany = (index: number): GeneratedCompany =>
  generateCompany(SAMPLE_DB_DEFAULTS.seed, index, SAMPLE_DB_DEFAULTS.peoplePerCompany);
