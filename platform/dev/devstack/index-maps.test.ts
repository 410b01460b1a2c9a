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

// The embedded database's unique indexes are maps keyed by KeyValueDataType
// (java/de/bwaldvogel/mongo/backend/h2/KeyValueDataType.java), which compares keys without
// serializing them; mongo-java-server's own H2Database (the launcher with
// -Dmeetflow.libraryIndexes=true) keys them by H2's ObjectDataType. The two must accept and refuse
// the same writes and find the same documents; and a file the library's indexes wrote opens with
// every index intact (its maps copied to the keyed ones once).
const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-index-maps-'));
let tools: Toolchain;
const running: Array<{ server: ManagedProcess; connection: mongoose.Connection }> = [];

/** A launcher on a file of its own (or a given one), with the library's index maps or ours, and a connection to it. */
async function startServer(file: string, libraryIndexes: boolean) {
  const port = await freePort();
  const server = await ManagedProcess.start({
    name: 'index-maps database',
    command: tools.java,
    args: [
      '-Xmx256m',
      ...(libraryIndexes ? ['-Dmeetflow.libraryIndexes=true'] : []),
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
  const uri = `mongodb://127.0.0.1:${port}/index_maps`;
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

/** Inserts each document and then asks for each key: what was accepted, refused (by code) and found. */
async function replay(connection: mongoose.Connection, name: string, documents: Array<Record<string, unknown>>) {
  const collection = connection.db!.collection(name);
  await collection.createIndex({ k: 1 }, { unique: true });
  await collection.createIndex({ w: 1, v: 1 }, { unique: true });
  const outcomes: Array<string | number> = [];
  for (const [index, document] of documents.entries()) {
    try {
      await collection.insertOne({ ...written(document), n: index });
      outcomes.push('ok');
    } catch (error) {
      outcomes.push((error as { code: number }).code);
    }
  }
  const found: number[][] = [];
  for (const document of documents) {
    const byKey = await collection.find({ k: document.k ?? null }, { projection: { n: 1 } }).toArray();
    const byPair = await collection.find({ w: document.w, v: document.v ?? null }, { projection: { n: 1 } }).toArray();
    found.push([...byKey, ...byPair].map((row) => row.n as number));
  }
  return { outcomes, found, count: await collection.countDocuments() };
}

describe("the database's unique index maps", () => {
  it('accept, refuse and find exactly as the library’s own index maps do, over keys of many types', async () => {
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
    await stopServer(library);
    await stopServer(keyed);
  });

  it('open a file the library’s indexes wrote with every index intact, and keep it so across a restart', async () => {
    const documents = Array.from({ length: 300 }, (_, index) => ({
      _id: new mongoose.Types.ObjectId(),
      eventId: `e${index}`,
      workspaceId: `w${index % 3}`,
      seq: index,
      at: new Date(index * 60_000),
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
        expect(await collection.findOne({ _id: document._id })).toEqual(document);
        expect(await collection.findOne({ eventId: document.eventId })).toEqual(document);
        expect(await collection.findOne({ workspaceId: document.workspaceId, seq: document.seq })).toEqual(document);
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
});
