import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The embedded database answers a query naming a unique index's keys *and more* from that index
// (java/de/bwaldvogel/mongo/backend/h2/KeyLookupUniqueIndex.java), where mongo-java-server alone
// scans the whole collection. Same answers either way: each generated query is asked as it is
// (the index path, when it names an index's keys) and wrapped in an $and (which no index takes,
// so the server scans), and both must find the same documents; updates and upserts the same.
const WORKSPACES = ['w1', 'w2', 'w3'];
const TYPES = ['sent', 'replied', 'booked'];
const COUNT = 300;

let connection: mongoose.Connection;
const collection = () => connection.db!.collection('key_lookup');

beforeAll(async () => {
  connection = await mongoose.createConnection(`${inject('mongoServer')}/test-key-lookup-${randomUUID().slice(0, 8)}`).asPromise();
  await collection().createIndex({ eventId: 1 }, { unique: true });
  await collection().createIndex({ workspaceId: 1, seq: 1 }, { unique: true });
  await collection().insertMany(
    Array.from({ length: COUNT }, (_, index) => ({
      eventId: `e${index}`,
      workspaceId: WORKSPACES[index % 3],
      seq: index,
      type: TYPES[(index % 5) % 3],
      tags: index % 4 === 0 ? ['a', 'b'] : ['c'],
    })),
  );
});
afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

/** An event id or seq that exists (most of the time) or not. */
const anEventId = fc.oneof(
  fc.nat({ max: COUNT - 1 }).map((index) => `e${index}`),
  fc.constant('e-none'),
);
const aSeq = fc.oneof(fc.nat({ max: COUNT - 1 }), fc.constant(COUNT + 7));
/** Conditions beside the index keys: each must hold too. */
const extra = fc.oneof(
  fc.record({ workspaceId: fc.constantFrom(...WORKSPACES) }),
  fc.record({ type: fc.constantFrom(...TYPES) }),
  fc.record({ type: fc.record({ $ne: fc.constantFrom(...TYPES) }) }),
  fc.record({ type: fc.record({ $in: fc.subarray(TYPES, { minLength: 1 }) }) }),
  fc.record({ tags: fc.constantFrom('a', 'c') }),
  fc.record({ tags: fc.record({ $ne: fc.constantFrom('a', 'c') }) }),
  fc.record({ $or: fc.tuple(fc.record({ type: fc.constantFrom(...TYPES) }), fc.record({ workspaceId: fc.constantFrom(...WORKSPACES) })) }),
  fc.record({ $and: fc.tuple(fc.record({ type: fc.constantFrom(...TYPES) })) }),
);
const aQuery = fc.oneof(
  fc.tuple(anEventId, fc.array(extra, { minLength: 1, maxLength: 3 })).map(([eventId, more]) => Object.assign({ eventId }, ...more)),
  fc
    .tuple(fc.constantFrom(...WORKSPACES), aSeq, fc.array(extra, { minLength: 1, maxLength: 3 }))
    .map(([workspaceId, seq, more]) => Object.assign({}, ...more, { workspaceId, seq })),
  fc.tuple(fc.subarray(['e1', 'e2', 'e3', 'e-none'], { minLength: 1 }), extra).map(([ids, more]) => ({ eventId: { $in: ids }, ...more })),
) as fc.Arbitrary<Record<string, unknown>>;

const ids = async (filter: Record<string, unknown>) =>
  (await collection().find(filter).toArray()).map((document) => document.eventId as string).sort();

describe('a unique index answering a query that names its keys and more', () => {
  it('finds what a scan of the collection finds', async () => {
    await fc.assert(
      fc.asyncProperty(aQuery, async (query) => {
        expect(await ids(query)).toEqual(await ids({ $and: [query] }));
      }),
      { numRuns: 300, seed: 20261130 },
    );
  });

  it('updates and deletes what it matches, and only that', async () => {
    const wrongWorkspace = await collection().updateOne({ workspaceId: 'w2', eventId: 'e0' }, { $set: { touched: true } });
    expect([wrongWorkspace.matchedCount, wrongWorkspace.modifiedCount]).toEqual([0, 0]);
    const right = await collection().updateOne({ workspaceId: 'w1', eventId: 'e0', type: { $ne: 'booked' } }, { $set: { touched: true } });
    expect([right.matchedCount, right.modifiedCount]).toEqual([1, 1]);
    expect(await ids({ touched: true })).toEqual(['e0']);
    expect((await collection().deleteOne({ workspaceId: 'w3', eventId: 'e0' })).deletedCount).toBe(0);
    expect((await collection().deleteOne({ workspaceId: 'w1', eventId: 'e0', touched: true })).deletedCount).toBe(1);
    expect(await ids({ eventId: 'e0' })).toEqual([]);
  });

  it("upserts as before: a filter that misses on its extra field inserts, and hits the unique key when the key's document is there", async () => {
    const rollups = connection.db!.collection<{ workspaceId: string; period: string; n?: number; appliedEventIds?: string[] }>(
      'key_lookup_rollups',
    );
    await rollups.createIndex({ workspaceId: 1, period: 1 }, { unique: true });
    // The dashboard rollups' shape: count an event once, its id kept on the document.
    const count = (eventId: string) =>
      rollups.updateOne(
        { workspaceId: 'w1', period: 'total', appliedEventIds: { $ne: eventId } },
        { $inc: { n: 1 }, $push: { appliedEventIds: eventId } },
        { upsert: true },
      );
    await count('x1');
    await count('x2');
    await expect(count('x1')).rejects.toMatchObject({ code: 11000 });
    expect(await rollups.findOne({ workspaceId: 'w1', period: 'total' }, { projection: { _id: 0 } })).toEqual({
      workspaceId: 'w1',
      period: 'total',
      n: 2,
      appliedEventIds: ['x1', 'x2'],
    });
  });
});
