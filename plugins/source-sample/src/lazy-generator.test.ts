// The plugin loads its generator, and @faker-js/faker with it, on the first generation: the worker
// starts without them (they are the largest source the idle worker held), and only a database being
// generated loads them.
import type mongoose from 'mongoose';
import { openTestConnection } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureSampleDatabase } from './ensure.ts';
import { sourceSamplePlugin } from './index.ts';
import { sampleModelsOn, type SampleModels } from './model.ts';

// Counts the times faker is loaded, and loads it as it is.
const loads = vi.hoisted(() => ({ faker: 0 }));
vi.mock('@faker-js/faker', async (importOriginal) => {
  loads.faker += 1;
  return importOriginal();
});

let connection: mongoose.Connection;
let db: SampleModels;
beforeAll(async () => {
  connection = await openTestConnection('sample-db-lazy-generator');
  db = sampleModelsOn(connection);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('the sample source plugin', () => {
  it('loads faker when it first generates the database, not when the plugin is loaded', async () => {
    expect(sourceSamplePlugin.manifest.id).toBe('source-sample');
    expect(loads.faker).toBe(0);
    const state = await ensureSampleDatabase(db, { companies: 20, batchSize: 10, seed: 5, peoplePerCompany: 2 });
    expect(state).toMatchObject({ companies: 20, generated: true });
    expect(await db.people.countDocuments({})).toBe(state.people);
    expect(loads.faker).toBe(1);
  });
});
