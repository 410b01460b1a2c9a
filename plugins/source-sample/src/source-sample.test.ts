import { describePlugin, manifestProblems } from '@meetflow/plugin-sdk';
import { mockActivityEnvironment, openTestConnection, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBatch } from './generate.ts';
import { sourceSamplePlugin } from './index.ts';
import { sampleModelsOn } from './model.ts';

let connection: Connection;
const deps = () => testDeps(sourceSamplePlugin, { db: sampleModelsOn(connection) as never, config: { seed: 5, batchSize: 40 } }) as never;
const criteria = { industry: [], companySize: '', jobTitles: [], techStack: [], painPoints: [], revenue: '' };

beforeAll(async () => {
  connection = await openTestConnection('source-sample');
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('source-sample, the plugin', () => {
  it('is a valid sample source: a stand-in needing no credentials, its search a service, never offered as a choice', () => {
    expect(manifestProblems(sourceSamplePlugin)).toEqual([]);
    const described = describePlugin(sourceSamplePlugin);
    expect(described.source).toMatchObject({ displayName: 'Sample database', credentials: [], standIn: true });
    expect(sourceSamplePlugin.manifest.activities.searchPeople.service).toBe(true);
    expect(sourceSamplePlugin.manifest.activities.prepare.heartbeats).toBe(true);
  });

  it('prepares the configured data set once, heartbeating per batch, and answers a second time from what is there', async () => {
    const environment = mockActivityEnvironment();
    const heartbeats: unknown[] = [];
    environment.on('heartbeat', (details: unknown) => heartbeats.push(details));
    const first = await runActivity(sourceSamplePlugin, 'prepare', { companies: 100 }, deps(), environment);
    const people = generateBatch(5, 0, 100, 3).flatMap((company) => company.people).length;
    expect(first).toEqual({ companies: 100, people, generated: true, resumedAfterBatches: 0 });
    expect(heartbeats).toEqual([
      { batchesDone: 1, batches: 3 },
      { batchesDone: 2, batches: 3 },
      { batchesDone: 3, batches: 3 },
    ]);
    expect(await runActivity(sourceSamplePlugin, 'prepare', { companies: 100 }, deps())).toEqual({ ...first, generated: false });
  });

  it('searches what it prepared, through the manifest contract: sample people, the criteria it relaxed, nothing more to page', async () => {
    const found = await runActivity(
      sourceSamplePlugin,
      'searchPeople',
      { criteria: { ...criteria, industry: ['No such trade'] }, limit: 7 },
      deps(),
    );
    expect(found.people).toHaveLength(7);
    expect(found).toMatchObject({ strictMatches: 0, relaxed: ['industry'], sourceTotal: 7, hasMore: false });
    expect(found.people.every((person) => person.email?.endsWith('.example'))).toBe(true);
  });

  it('refuses a limit outside its contract, naming the field', async () => {
    await expect(runActivity(sourceSamplePlugin, 'searchPeople', { criteria, limit: 0 }, deps())).rejects.toThrow(/limit/);
  });
});
