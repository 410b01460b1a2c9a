import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleProspectModels, type SampleProspectModels } from '../../db/models/sample-prospects.ts';
import { openTestDatabase } from '../../testing/database.ts';
import { ensureSampleDatabase } from './ensure.ts';
import { generateBatch } from './generate.ts';

let connection: mongoose.Connection;
let db: SampleProspectModels;
const options = { companies: 250, batchSize: 100, seed: 3, peoplePerCompany: 3 };
const expected = generateBatch(3, 0, 250, 3);
const expectedPeople = expected.flatMap(({ people }) => people);

const storedIds = async () => ({
  companies: (await db.sampleCompanies.find({}, { companyId: 1 }).lean()).map((doc) => doc.companyId).sort(),
  people: (await db.samplePeople.find({}, { personId: 1 }).lean()).map((doc) => doc.personId).sort(),
});

beforeAll(async () => {
  connection = await openTestDatabase('sample-db-ensure');
  db = sampleProspectModels(connection);
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
    const stored = await db.samplePeople.findOne({ personId: expectedPeople[7]!.personId }, { _id: 0 }).lean();
    expect(stored).toEqual(expectedPeople[7]);
    expect(await db.sampleMeta.findById('sample-db').lean()).toMatchObject({ status: 'ready', batchesDone: 3, companies: 250, people: expectedPeople.length });
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
    await db.sampleMeta.updateOne({ _id: 'sample-db' }, { $set: { status: 'building', batchesDone: 1 } });
    await db.samplePeople.deleteMany({ personId: { $gte: 'sc-000150' } });
    await db.sampleCompanies.deleteMany({ companyId: { $gte: 'sc-000200' } });
    expect(await db.samplePeople.countDocuments({})).toBeLessThan(expectedPeople.length);

    const state = await ensureSampleDatabase(db, options);
    expect(state).toEqual({ companies: 250, people: expectedPeople.length, generated: true, resumedAfterBatches: 1 });
    const ids = await storedIds();
    expect(ids.people).toEqual(expectedPeople.map((person) => person.personId).sort());
    expect(ids.companies.length).toBe(250);
  });

  it('regenerates from scratch when the parameters (seed, size, generator version) change', async () => {
    const state = await ensureSampleDatabase(db, { ...options, seed: 4, companies: 120 });
    expect(state.generated).toBe(true);
    expect(state.companies).toBe(120);
    const first = await db.sampleCompanies.findOne({ companyId: 'sc-000000' }, { _id: 0 }).lean();
    expect(first).toEqual(generateBatch(4, 0, 1, 3)[0]!.company);
    expect(await db.sampleCompanies.countDocuments({ companyId: { $gte: 'sc-000120' } })).toBe(0);
  });

  it('stores only .example addresses', async () => {
    expect(await db.samplePeople.countDocuments({})).toBeGreaterThan(0);
    expect(await db.samplePeople.countDocuments({ email: { $not: /@[a-z0-9-]+\.example$/ } })).toBe(0);
    expect(await db.sampleCompanies.countDocuments({ domain: { $not: /\.example$/ } })).toBe(0);
  });
});
