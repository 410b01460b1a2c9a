import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManagedProcess } from './managed-process.ts';
import { freePort } from './ports.ts';
import { provisionDevstack, type Toolchain } from './provision.ts';
import { pingDatabase } from './supervisor.ts';

// mongo-java-server updates the document object its query found in place, field by field, while a
// commit on another thread may be writing the page that holds it: the commit's encoder failed
// (ConcurrentModificationException), H2 closed its store for good, and every later call answered
// "This store is closed" (a fault test's batch then sent nothing, and the next test could not
// write). The launcher's collections now update copies (UnsizedH2Collection); before, this test
// failed within 800 and 1,600 updates in two runs.
const DOCUMENTS = 200;
const FIELDS = 40;
const WRITERS = 12;

const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-concurrent-update-'));
let tools: Toolchain;
const running: Array<{ server: ManagedProcess; client: mongoose.mongo.MongoClient }> = [];
beforeAll(async () => {
  tools = await provisionDevstack();
});
afterAll(async () => {
  for (const { server, client } of running) {
    await client.close(true);
    await server.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A launcher on a file of its own, and a client of it. */
async function startServer() {
  const name = 'launcher';
  const port = await freePort();
  const server = await ManagedProcess.start({
    name: `${name} database`,
    command: tools.java,
    args: ['-Xmx256m', '-cp', tools.mongoClasspath, 'MeetflowMongoServer', '127.0.0.1', String(port), join(dataDir, `${name}.mv`)],
    logFile: join(dataDir, `${name}.log`),
    pidFile: join(dataDir, `${name}.pid`),
  });
  const uri = `mongodb://127.0.0.1:${port}/concurrent_update`;
  await vi.waitFor(() => pingDatabase(uri), { timeout: 60_000, interval: 200 });
  const client = await new mongoose.mongo.MongoClient(uri, { retryWrites: false }).connect();
  running.push({ server, client });
  return { things: client.db().collection<{ _id: number }>('things') };
}

/**
 * A document's fields, each naming the update that wrote it (`version`): a document written whole says
 * one version. Half of them at its top level, half in a subdocument (`nested`), set by their paths: a
 * subdocument changed in place would show too.
 */
const HALF = FIELDS / 2;
const value = (version: number, index: number) => `${version}:${index}`;
const fields = (version: number) => Object.fromEntries(Array.from({ length: HALF }, (_, index) => [`f${index}`, value(version, index)]));
const nestedPaths = (version: number) =>
  Object.fromEntries(Array.from({ length: HALF }, (_, index) => [`nested.g${index}`, value(version, HALF + index)]));
const nested = (version: number) =>
  Object.fromEntries(Array.from({ length: HALF }, (_, index) => [`g${index}`, value(version, HALF + index)]));
const versionsOf = (document: Record<string, unknown>) => {
  const inner = document.nested as Record<string, unknown>;
  return new Set([
    ...Array.from({ length: HALF }, (_, index) => String(document[`f${index}`]).split(':')[0]),
    ...Array.from({ length: HALF }, (_, index) => String(inner[`g${index}`]).split(':')[0]),
  ]);
};

/**
 * WRITERS clients updating DOCUMENTS documents of FIELDS fields each, `updates` updates in all, both
 * ways a document is updated (an update command, and findAndModify); stops at the first failure.
 */
async function updateRace(things: mongoose.mongo.Collection<{ _id: number }>, updates: number): Promise<string[]> {
  await things.insertMany(Array.from({ length: DOCUMENTS }, (_, id) => ({ _id: id, ...fields(0), nested: nested(0) })));
  let next = 0;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < updates && failures.length === 0) {
        const version = ++next;
        const filter = { _id: version % DOCUMENTS };
        try {
          const set = { ...fields(version), ...nestedPaths(version) };
          if (version % 3) await things.updateOne(filter, { $set: set, $unset: { gone: '' } });
          else await things.findOneAndUpdate(filter, { $set: { ...set, gone: version } });
        } catch (error) {
          failures.push(`update ${version}: ${String(error)}`);
        }
      }
    }),
  );
  return failures;
}

describe('updates racing the commits of other writes', () => {
  it('every update is acknowledged, each document stays whole, and the store stays open', async () => {
    const { things } = await startServer();
    expect(await updateRace(things, 10_000)).toEqual([]);
    const documents = await things.find().toArray();
    expect(documents).toHaveLength(DOCUMENTS);
    for (const document of documents) expect([...versionsOf(document)], `document ${document._id}`).toHaveLength(1);
    expect(
      documents.some((document) => versionsOf(document).has('0')),
      'a document no update reached',
    ).toBe(false);
    expect(await things.insertOne({ _id: DOCUMENTS })).toMatchObject({ acknowledged: true });
  }, 240_000);
});
