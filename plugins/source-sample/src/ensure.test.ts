import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleModelsOn, type SampleModels } from './model.ts';
import { openTestConnection } from '@meetflow/plugin-sdk/testing';
import { ensureSampleDatabase, SAMPLE_DB_VERSION } from './ensure.ts';
import { generateBatch } from './generate.ts';
import { postingsOfBatch } from './postings.ts';

let connection: mongoose.Connection;
let db: SampleModels;
const options = { companies: 250, batchSize: 100, seed: 3, peoplePerCompany: 3 };
const expected = generateBatch(3, 0, 250, 3);
const expectedPeople = expected.flatMap(({ people }) => people);

// What the posting lists should hold: each batch's postings, as generated.
const expectedPostings = (seed: number, companies: number, batchSize: number) =>
  Array.from({ length: Math.ceil(companies / batchSize) }, (_, batch) =>
    postingsOfBatch(
      batch,
      generateBatch(seed, batch * batchSize, Math.min(companies, (batch + 1) * batchSize), 3).flatMap(({ people }) => people),
    ),
  )
    .flat()
    .toSorted((left, right) => (left._id < right._id ? -1 : 1));
const storedPostings = async () => (await db.postings.find({}).lean()).toSorted((left, right) => (left._id < right._id ? -1 : 1));

const storedIds = async () => ({
  companies: (await db.companies.find({}, { companyId: 1 }).lean()).map((doc) => doc.companyId).sort(),
  people: (await db.people.find({}, { personId: 1 }).lean()).map((doc) => doc.personId).sort(),
});

beforeAll(async () => {
  connection = await openTestConnection('sample-db-ensure');
  db = sampleModelsOn(connection);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('ensureSampleDatabase on the real database', () => {
  it('generates every company and person of the seed on first start, and marks the database ready', async () => {
    const state = await ensureSampleDatabase(db, options);
    expect(state).toEqual({ companies: 250, people: expectedPeople.length, generated: true, resumedAfterBatches: 0 });
    const ids = await storedIds();
    expect(ids.companies).toEqual(expected.map(({ company }) => company.companyId).sort());
    expect(ids.people).toEqual(expectedPeople.map((person) => person.personId).sort());
    const stored = await db.people.findOne({ personId: expectedPeople[7]!.personId }, { _id: 0 }).lean();
    expect(stored).toEqual(expectedPeople[7]);
    expect(await db.meta.findById('sample-db').lean()).toMatchObject({
      status: 'ready',
      batchesDone: 3,
      companies: 250,
      people: expectedPeople.length,
    });
  });

  it('writes the posting lists of every batch, listing each person once under "all"', async () => {
    const stored = await storedPostings();
    expect(stored).toEqual(expectedPostings(3, 250, 100));
    const everyone = stored.filter((posting) => posting.key === 'all').flatMap((posting) => posting.ids);
    expect(everyone.toSorted()).toEqual(expectedPeople.map((person) => person.personId).sort());
    expect(stored.filter((posting) => posting.key === 'all').map((posting) => posting.batch)).toEqual([0, 1, 2]);
  });

  it('does nothing on a second start: same counts, no duplicates', async () => {
    const state = await ensureSampleDatabase(db, options);
    expect(state).toEqual({ companies: 250, people: expectedPeople.length, generated: false, resumedAfterBatches: 0 });
    const ids = await storedIds();
    expect(new Set(ids.people).size).toBe(ids.people.length);
    expect(ids.people.length).toBe(expectedPeople.length);
  });

  it('resumes a generation a crash interrupted half-way through a batch, without duplicates', async () => {
    // The state a crash leaves: batch 1 recorded, batch 2 half-written, batch 3 never started.
    await db.meta.updateOne({ _id: 'sample-db' }, { $set: { status: 'building', batchesDone: 1 } });
    await db.people.deleteMany({ personId: { $gte: 'sc-000150' } });
    await db.companies.deleteMany({ companyId: { $gte: 'sc-000200' } });
    await db.postings.deleteMany({ batch: 2 });
    await db.postings.deleteMany({ batch: 1, key: { $gte: 't' } });
    expect(await db.people.countDocuments({})).toBeLessThan(expectedPeople.length);

    const state = await ensureSampleDatabase(db, options);
    expect(state).toEqual({ companies: 250, people: expectedPeople.length, generated: true, resumedAfterBatches: 1 });
    const ids = await storedIds();
    expect(ids.people).toEqual(expectedPeople.map((person) => person.personId).sort());
    expect(ids.companies.length).toBe(250);
    // Batch 1's surviving postings were re-inserted over themselves, not appended to: each id still once.
    expect(await storedPostings()).toEqual(expectedPostings(3, 250, 100));
  });

  it('regenerates from scratch when the parameters (seed, size, generator version) change', async () => {
    const state = await ensureSampleDatabase(db, { ...options, seed: 4, companies: 120 });
    expect(state.generated).toBe(true);
    expect(state.companies).toBe(120);
    const first = await db.companies.findOne({ companyId: 'sc-000000' }, { _id: 0 }).lean();
    expect(first).toEqual(generateBatch(4, 0, 1, 3)[0]!.company);
    expect(await db.companies.countDocuments({ companyId: { $gte: 'sc-000120' } })).toBe(0);
    expect(await storedPostings()).toEqual(expectedPostings(4, 120, 100));
  });

  it('regenerates a database of the previous generator version and drops the search indexes it no longer uses', async () => {
    await db.people.collection.createIndex({ industryLower: 1, employeeCount: 1, personId: 1 });
    expect((await db.people.collection.indexes()).map((index) => index.key)).toContainEqual({
      industryLower: 1,
      employeeCount: 1,
      personId: 1,
    });
    await db.meta.updateOne({ _id: 'sample-db' }, { $set: { version: SAMPLE_DB_VERSION - 1 } });
    const state = await ensureSampleDatabase(db, { ...options, seed: 4, companies: 120 });
    expect(state).toMatchObject({ generated: true, companies: 120, resumedAfterBatches: 0 });
    expect(await db.meta.findById('sample-db').lean()).toMatchObject({ version: SAMPLE_DB_VERSION, status: 'ready' });
    const indexes = (await db.people.collection.indexes()).map((index) => index.key);
    // The server lists indexes in no set order.
    expect(indexes).toHaveLength(2);
    expect(indexes).toEqual(expect.arrayContaining([{ _id: 1 }, { personId: 1 }]));
    expect(await storedPostings()).toEqual(expectedPostings(4, 120, 100));
  });

  it('refuses a batch whose people could not fit one posting document', async () => {
    await expect(ensureSampleDatabase(db, { ...options, batchSize: 20_000 })).rejects.toThrow(
      /batchSize × \(peoplePerCompany \+ 1\) must be at most 50000/,
    );
  });

  it('stores only .example addresses', async () => {
    expect(await db.people.countDocuments({})).toBeGreaterThan(0);
    expect(await db.people.countDocuments({ email: { $not: /@[a-z0-9-]+\.example$/ } })).toBe(0);
    expect(await db.companies.countDocuments({ domain: { $not: /\.example$/ } })).toBe(0);
  });
});
