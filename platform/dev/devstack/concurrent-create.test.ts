import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Two processes creating one collection at once (each model's first use) once made the embedded
// database answer "Unknown error" for the second (mongo-java-server checks, then creates; the
// launcher's KeyLookupH2Database makes the two one step): a test then failed on its setup. Every
// loser of such a race must be told "Collection already exists" (code 48), which drivers expect.
// Before the fix, 9 of 540 such creates here were "Unknown error".
const database = `test-concurrent-create-${randomUUID().slice(0, 8)}`;
let clients: mongoose.Connection[];

beforeAll(async () => {
  clients = await Promise.all(
    Array.from({ length: 6 }, () => mongoose.createConnection(`${inject('mongoServer')}/${database}`).asPromise()),
  );
});
afterAll(async () => {
  await clients[0]?.dropDatabase();
  await Promise.all(clients.map((client) => client.close()));
});

describe('creating one collection from several connections at once', () => {
  it('creates it once, and tells every other caller it exists', async () => {
    for (let round = 0; round < 30; round++) {
      const name = `race_${round}`;
      const results = await Promise.allSettled(clients.flatMap((client) => [0, 1, 2].map(() => client.db!.createCollection(name))));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results)
        if (result.status === 'rejected') expect((result.reason as { code?: number }).code, String(result.reason)).toBe(48);
    }
  });
});
