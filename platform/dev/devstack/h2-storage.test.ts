import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManagedProcess } from './managed-process.ts';
import { freePort } from './ports.ts';
import { provisionDevstack, type Toolchain } from './provision.ts';
import { pingDatabase } from './supervisor.ts';

// How the embedded database stores (java/de/bwaldvogel/mongo/backend/h2/): its unique indexes are
// maps keyed by KeyValueDataType, which compares keys without serializing them, and its documents
// are stored as BSON (BsonDocumentDataType); mongo-java-server's own H2Database (the launcher with
// -Dmeetflow.libraryIndexes=true) keys indexes by H2's ObjectDataType and Java-serializes
// documents. The two must accept and refuse the same writes and read back the same documents; a
// file the library wrote opens with every document and index intact (its maps copied once); and so
// does a file whose object ids and index keys were Java-serialized, as ours were before they were
// written compactly (CompactKeyDataType).
const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-h2-storage-'));
let tools: Toolchain;
const running: Array<{ server: ManagedProcess; connection: mongoose.Connection }> = [];

/**
 * A launcher on a file of its own (or a given one), with the library's index maps or ours, and a
 * connection to it; `serializedKeys`: ours, writing keys as they were written before (Java-serialized).
 */
async function startServer(file: string, libraryIndexes: boolean, serializedKeys = false) {
  const port = await freePort();
  const server = await ManagedProcess.start({
    name: 'h2-storage database',
    command: tools.java,
    args: [
      '-Xmx256m',
      ...(libraryIndexes ? ['-Dmeetflow.libraryIndexes=true'] : []),
      ...(serializedKeys ? ['-Dmeetflow.serializedKeys=true'] : []),
      '-cp',
      tools.mongoClasspath,
      'MeetflowMongoServer',
      '127.0.0.1',
      String(port),
      join(dataDir, file),
    ],
    logFile: join(dataDir, `${file}.log`),
    pidFile: join(dataDir, `${file}.${port}.pid`),
  });
  const uri = `mongodb://127.0.0.1:${port}/h2_storage`;
  await vi.waitFor(() => pingDatabase(uri), { timeout: 60_000, interval: 200 });
  const connection = await mongoose.createConnection(uri).asPromise();
  const started = { server, connection };
  running.push(started);
  return started;
}

async function stopServer(started: { server: ManagedProcess; connection: mongoose.Connection }) {
  await started.connection.close();
  await started.server.stop();
  running.splice(running.indexOf(started), 1);
}

beforeAll(async () => {
  tools = await provisionDevstack();
});
afterAll(async () => {
  for (const started of [...running]) await stopServer(started);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Key values of many BSON types, several equal once normalized (1 and 1.0, null and a missing field). */
const aKey = fc.oneof(
  fc.constantFrom('a', 'b', 'ab', ''),
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(1.0, 2.5, -0, 0),
  fc.constant(null),
  fc.constant(undefined), // the field left out
  fc.boolean(),
  fc.constantFrom(new Date(0), new Date(86_400_000)),
  fc.record({ a: fc.integer({ min: 0, max: 1 }) }),
  fc.constantFrom(...['5f0000000000000000000001', '5f0000000000000000000002'].map((hex) => new mongoose.Types.ObjectId(hex))),
);
const aDocument = fc.record({ k: aKey, w: fc.constantFrom('w1', 'w2'), v: aKey });

/** The document without its missing fields, as written. */
const written = (document: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined));

/** A value of each BSON type the product's documents hold, nested and in arrays too. */
const { Binary, Decimal128, Long, Timestamp } = mongoose.mongo;
const manyTypes = (index: number) => ({
  int32: index,
  int64: Long.fromString(`${9_000_000_000 + index}`),
  double: index + 0.25,
  decimal: Decimal128.fromString(`${index}.10`),
  text: `text ${index} é ✓`,
  flag: index % 2 === 0,
  none: null,
  at: new Date(index * 1_000),
  id: new mongoose.Types.ObjectId(index.toString(16).padStart(24, '0')),
  bytes: new Binary(Buffer.from([index % 256, 1, 2])),
  stamp: new Timestamp({ t: index, i: 1 }),
  nested: { list: [1, 'two', { three: [3] }], empty: {}, deeper: { at: new Date(0) } },
  emptyList: [],
});

/** A document as the driver reads it back: an int64 as a number (its promoteLongs). */
const asRead = (document: Record<string, unknown>) => ({ ...document, int64: Number(document.int64) });

/** Inserts each document, updates them all, then reads each back by its keys: what was accepted, refused (by code) and found. */
async function replay(connection: mongoose.Connection, name: string, documents: Array<Record<string, unknown>>) {
  const collection = connection.db!.collection(name);
  await collection.createIndex({ k: 1 }, { unique: true });
  await collection.createIndex({ w: 1, v: 1 }, { unique: true });
  const outcomes: Array<string | number> = [];
  for (const [index, document] of documents.entries()) {
    try {
      await collection.insertOne({ ...written(document), n: index, ...manyTypes(index), _id: `d${index}` as never });
      outcomes.push('ok');
    } catch (error) {
      outcomes.push((error as { code: number }).code);
    }
  }
  // Values the server makes itself: incremented, set, pushed, dated now (compared for their type only), unset.
  await collection.updateMany(
    {},
    { $inc: { int32: 1, int64: 2 }, $set: { 'nested.deeper.flag': true }, $push: { emptyList: 'x' } as never },
  );
  await collection.updateMany({}, { $currentDate: { touched: true }, $unset: { none: '' } });
  const found: unknown[] = [];
  for (const document of documents) {
    const byKey = await collection.find({ k: document.k ?? null }, { projection: { touched: 0 } }).toArray();
    const byPair = await collection.find({ w: document.w, v: document.v ?? null }, { projection: { touched: 0 } }).toArray();
    found.push([...byKey, ...byPair]);
  }
  const touched = await collection.find({}, { projection: { touched: 1 } }).toArray();
  expect(touched.every((row) => row.touched instanceof Date)).toBe(true);
  return { outcomes, found, count: await collection.countDocuments() };
}

describe("the database's index maps and document storage", () => {
  it('accept, refuse, update and read back exactly as the library’s own do, over keys and values of many types', async () => {
    const library = await startServer('library.mv', true);
    const keyed = await startServer('keyed.mv', false);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(aDocument, { minLength: 1, maxLength: 25 }), async (documents) => {
        run += 1;
        const expected = await replay(library.connection, `c${run}`, documents);
        expect(await replay(keyed.connection, `c${run}`, documents)).toEqual(expected);
      }),
      { numRuns: 40, seed: 20261130 },
    );
    // Read back from the file, not from pages still in memory: every collection as the library's server holds it.
    const everything = (connection: mongoose.Connection, name: string) =>
      connection
        .db!.collection(name)
        .find({}, { projection: { touched: 0 } })
        .sort({ _id: 1 })
        .toArray();
    await stopServer(keyed);
    const reopened = await startServer('keyed.mv', false);
    for (let each = 1; each <= run; each++)
      expect(await everything(reopened.connection, `c${each}`)).toEqual(await everything(library.connection, `c${each}`));
    await stopServer(library);
    await stopServer(reopened);
  });

  it('open a file the library wrote with every document and index intact, and keep them so across a restart', async () => {
    const documents = Array.from({ length: 300 }, (_, index) => ({
      _id: new mongoose.Types.ObjectId(),
      eventId: `e${index}`,
      workspaceId: `w${index % 3}`,
      seq: index,
      ...manyTypes(index),
    }));
    const library = await startServer('written-before.mv', true);
    const events = () => library.connection.db!.collection('events');
    await events().createIndex({ eventId: 1 }, { unique: true });
    await events().createIndex({ workspaceId: 1, seq: 1 }, { unique: true });
    await events().insertMany(documents);
    await stopServer(library);

    for (let start = 0; start < 2; start++) {
      const keyed = await startServer('written-before.mv', false);
      const collection = keyed.connection.db!.collection('events');
      expect(await collection.countDocuments()).toBe(300 + start);
      for (const document of documents.filter((_, index) => index % 7 === 0)) {
        expect(await collection.findOne({ _id: document._id })).toEqual(asRead(document));
        expect(await collection.findOne({ eventId: document.eventId })).toEqual(asRead(document));
        expect(await collection.findOne({ workspaceId: document.workspaceId, seq: document.seq })).toEqual(asRead(document));
      }
      const ids = documents.slice(0, 5).map((document) => document.eventId);
      expect((await collection.find({ eventId: { $in: ids } }).toArray()).map((document) => document.eventId).sort()).toEqual(ids.sort());
      // Each index still refuses what it held before the file was opened so.
      await expect(collection.insertOne({ ...documents[3]!, eventId: 'fresh' })).rejects.toMatchObject({ code: 11000 });
      await expect(collection.insertOne({ eventId: documents[4]!.eventId, workspaceId: 'x', seq: -1 })).rejects.toMatchObject({
        code: 11000,
      });
      await expect(collection.insertOne({ eventId: `new-${start}`, workspaceId: 'w1', seq: 1 })).rejects.toMatchObject({ code: 11000 });
      await collection.insertOne({ eventId: `new-${start}`, workspaceId: 'w1', seq: 1_000 + start });
      await stopServer(keyed);
    }
  });

  it('open a file whose keys were Java-serialized (as written before) with every document and index intact, also once rewritten', async () => {
    const documents = Array.from({ length: 300 }, (_, index) => ({
      _id: new mongoose.Types.ObjectId(),
      runId: `r${index}`,
      workspaceId: `w${index % 3}`,
      ownerId: new mongoose.Types.ObjectId(),
      seq: index,
      ...manyTypes(index),
    }));
    const before = await startServer('serialized-keys.mv', false, true);
    const runs = () => before.connection.db!.collection('runs');
    await runs().createIndex({ runId: 1 }, { unique: true });
    await runs().createIndex({ ownerId: 1, seq: 1 }, { unique: true });
    await runs().insertMany(documents);
    await stopServer(before);

    // Opened, then each document rewritten (its keys written compactly), then opened again.
    for (let start = 0; start < 2; start++) {
      const compact = await startServer('serialized-keys.mv', false);
      const collection = compact.connection.db!.collection('runs');
      expect(await collection.countDocuments()).toBe(300);
      const read = (document: (typeof documents)[number]) => ({ ...asRead(document), ...(start > 0 ? { seen: true } : {}) });
      for (const document of documents.filter((_, index) => index % 7 === 0)) {
        expect(await collection.findOne({ _id: document._id })).toEqual(read(document));
        expect(await collection.findOne({ runId: document.runId })).toEqual(read(document));
        expect(await collection.findOne({ ownerId: document.ownerId, seq: document.seq })).toEqual(read(document));
      }
      // In the order of their ids, as before.
      const ids = (
        await collection
          .find({}, { projection: { _id: 1 } })
          .sort({ _id: 1 })
          .toArray()
      ).map((row) => String(row._id));
      expect(ids).toEqual(documents.map((document) => String(document._id)).sort());
      await expect(collection.insertOne({ ...documents[3]!, runId: 'fresh' })).rejects.toMatchObject({ code: 11000 });
      await expect(collection.insertOne({ runId: documents[4]!.runId })).rejects.toMatchObject({ code: 11000 });
      await expect(collection.insertOne({ runId: 'x', ownerId: documents[5]!.ownerId, seq: 5 })).rejects.toMatchObject({ code: 11000 });
      if (start === 0) expect((await collection.updateMany({}, { $set: { seen: true } })).modifiedCount).toBe(300);
      await stopServer(compact);
    }
  });
});
