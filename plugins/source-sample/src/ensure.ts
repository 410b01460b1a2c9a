// First-start generation of the sample prospect database: idempotent (a ready marker with the
// same parameters means nothing to do), resumable (batches are regenerated from their index and
// inserted unordered on natural ids, so a batch a crash half-wrote is completed, not duplicated),
// and versioned (a generator version bump, or other parameters, regenerates from scratch).
// Two processes starting at once both insert; duplicate keys make that harmless. Each batch also
// writes its posting lists (one document per search key and batch, `_id` `<key>#<batch>`), after
// its people, so every id a posting lists is a stored person.
import { duplicateKeyIndexes } from '@meetflow/plugin-sdk';
import { SAMPLE_MARKER_ID as MARKER_ID, type SampleMeta, type SampleModels } from './model.ts';
import { MAX_PEOPLE_PER_BATCH, postingsOfBatch } from './postings.ts';

/** What ensureSampleDatabase generates when not told otherwise (the prepare activity sets `companies`, its config the rest). */
export const SAMPLE_DB_DEFAULTS = { seed: 1, companies: 20_000, peoplePerCompany: 3, batchSize: 1_000 } as const;

/** Bump when generated data changes: every database regenerates at its next start (2: posting lists). */
export const SAMPLE_DB_VERSION = 2;

/** How big a data set to generate. */
export interface SampleDatabaseOptions {
  /** Companies to generate (default 20,000). */
  companies?: number;
  /** Average people per company (default 3; small companies have fewer). */
  peoplePerCompany?: number;
  /** Generator seed (default 1): the same seed always gives the same data. */
  seed?: number;
  /** Companies per insert batch (default 1,000); a batch's people must fit one posting document (at most 50,000). */
  batchSize?: number;
  /** Called after each batch is written (the prepare activity heartbeats with it). */
  onBatch?: (batchesDone: number, batches: number) => void;
}

/** What `ensureSampleDatabase` found or did. */
export interface SampleDatabaseState {
  companies: number;
  people: number;
  /** False when a ready database with these parameters already existed. */
  generated: boolean;
  /** Batches skipped because an earlier, interrupted run had written them. */
  resumedAfterBatches: number;
}

const isDuplicateOnly = (error: unknown) => duplicateKeyIndexes(error) !== null;

// Unordered insert: every new document lands; ones already there are skipped by their unique key.
async function insertIgnoringDuplicates(collection: { insertMany(docs: object[], options: object): Promise<unknown> }, docs: object[]) {
  if (docs.length === 0) return;
  try {
    await collection.insertMany(docs, { ordered: false });
  } catch (error) {
    if (!isDuplicateOnly(error)) throw error;
  }
}

const sameParameters = (marker: SampleMeta, wanted: Omit<SampleMeta, '_id' | 'batchesDone' | 'status' | 'people' | 'updatedAt'>) =>
  marker.version === wanted.version &&
  marker.seed === wanted.seed &&
  marker.companies === wanted.companies &&
  marker.peoplePerCompany === wanted.peoplePerCompany &&
  marker.batchSize === wanted.batchSize;

/** Makes sure the sample prospect database exists with these parameters, generating or finishing it when needed. */
export async function ensureSampleDatabase(db: SampleModels, options: SampleDatabaseOptions = {}): Promise<SampleDatabaseState> {
  const defaults = SAMPLE_DB_DEFAULTS;
  const wanted = {
    version: SAMPLE_DB_VERSION,
    seed: options.seed ?? defaults.seed,
    companies: options.companies ?? defaults.companies,
    peoplePerCompany: options.peoplePerCompany ?? defaults.peoplePerCompany,
    batchSize: options.batchSize ?? defaults.batchSize,
  };
  // A company has at most peoplePerCompany + 1 people (generate.ts).
  if (wanted.batchSize * (wanted.peoplePerCompany + 1) > MAX_PEOPLE_PER_BATCH) {
    throw new Error(
      `batchSize × (peoplePerCompany + 1) must be at most ${MAX_PEOPLE_PER_BATCH} (one batch's people fit one posting document)`,
    );
  }
  await Promise.all([db.companies.init(), db.people.init(), db.postings.init(), db.meta.init()]);
  let marker = await db.meta.findById(MARKER_ID).lean<SampleMeta>();
  if (marker?.status === 'ready' && sameParameters(marker, wanted)) {
    return { companies: marker.companies, people: marker.people, generated: false, resumedAfterBatches: 0 };
  }
  if (!marker || !sameParameters(marker, wanted)) {
    await Promise.all([db.companies.deleteMany({}), db.people.deleteMany({}), db.postings.deleteMany({})]);
    // Indexes an older generator declared (version 1 had four search indexes on people) only slow the inserts now.
    await Promise.all([db.companies.syncIndexes(), db.people.syncIndexes(), db.postings.syncIndexes()]);
    marker = await db.meta
      .findOneAndReplace(
        { _id: MARKER_ID },
        { _id: MARKER_ID, ...wanted, batchesDone: 0, status: 'building', people: 0, updatedAt: new Date() },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<SampleMeta>();
  }
  const resumedAfterBatches = marker?.batchesDone ?? 0;
  // The generator is loaded here, on the first generation (then held by the module cache), not when the
  // worker starts: it brings @faker-js/faker's names and places (3.6 MB of source text), which a worker
  // whose database is ready never needs.
  const { generateBatch } = await import('./generate.ts');
  const batches = Math.ceil(wanted.companies / wanted.batchSize);
  for (let batch = resumedAfterBatches; batch < batches; batch += 1) {
    const from = batch * wanted.batchSize;
    const generated = generateBatch(wanted.seed, from, Math.min(wanted.companies, from + wanted.batchSize), wanted.peoplePerCompany);
    const people = generated.flatMap((company) => company.people);
    // Copies: the driver writes an `_id` into what it inserts.
    await Promise.all([
      insertIgnoringDuplicates(
        db.companies.collection,
        generated.map(({ company }) => ({ ...company })),
      ),
      insertIgnoringDuplicates(
        db.people.collection,
        people.map((person) => ({ ...person })),
      ),
    ]);
    await insertIgnoringDuplicates(db.postings.collection, postingsOfBatch(batch, people));
    await db.meta.updateOne({ _id: MARKER_ID }, { $max: { batchesDone: batch + 1 }, $set: { updatedAt: new Date() } });
    options.onBatch?.(batch + 1, batches);
  }
  const [companies, people] = await Promise.all([db.companies.countDocuments({}), db.people.countDocuments({})]);
  await db.meta.updateOne({ _id: MARKER_ID }, { $set: { status: 'ready', people, updatedAt: new Date() } });
  return { companies, people, generated: true, resumedAfterBatches };
}
