import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { DevstackError, startDevstack, type Devstack, type DevstackOptions } from './supervisor.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-supervisor-'));
const running: Devstack[] = [];
afterAll(async () => {
  await Promise.all(running.map((devstack) => devstack.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(options: DevstackOptions): Promise<Devstack> {
  const devstack = await startDevstack(options);
  running.push(devstack);
  return devstack;
}

async function withDatabase<T>(uri: string, work: (things: mongoose.mongo.Collection) => Promise<T>): Promise<T> {
  const client = await new mongoose.mongo.MongoClient(uri).connect();
  try {
    return await work(client.db().collection('things'));
  } finally {
    await client.close();
  }
}

async function withTemporal<T>(address: string, work: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({ address });
  try {
    return await work(new Client({ connection }));
  } finally {
    await connection.close();
  }
}

describe('the devstack supervisor', () => {
  const ports = { mongoPort: 0, temporalPort: 0 };

  it('keeps the database and Temporal data across a stop and a restart', async () => {
    Object.assign(ports, { mongoPort: await freePort(), temporalPort: await freePort() });
    const first = await start({ dataDir, ...ports });
    await withDatabase(first.mongoUri, (things) => things.insertOne({ name: 'kept', at: 1 }));
    const workflowId = `kept-${randomUUID()}`;
    // No worker polls this queue, so the workflow stays open: Temporal must remember it.
    const runId = await withTemporal(
      first.temporalAddress,
      async (client) => (await client.workflow.start('neverRuns', { taskQueue: 'nobody-polls', workflowId })).firstExecutionRunId,
    );
    await first.stop();
    expect(first.processes.mongo?.isRunning).toBe(false);
    expect(first.processes.temporal?.isRunning).toBe(false);

    const second = await start({ dataDir, ...ports });
    expect(await withDatabase(second.mongoUri, (things) => things.findOne({ name: 'kept' }))).toMatchObject({ at: 1 });
    const description = await withTemporal(second.temporalAddress, (client) => client.workflow.getHandle(workflowId).describe());
    expect(description).toMatchObject({ runId, status: { name: 'RUNNING' } });
    await second.stop();
  });

  it('loses no acknowledged write when the database is killed (kill -9)', async () => {
    const devstack = await start({ dataDir, ...ports, temporalAddress: 'external:7233' });
    const ids = Array.from({ length: 100 }, (_, i) => `crash-${i}`);
    await withDatabase(devstack.mongoUri, async (things) => {
      for (const id of ids) await things.insertOne({ _id: id as never, acked: true });
    });
    await devstack.processes.mongo?.kill();

    const restarted = await start({ dataDir, ...ports, temporalAddress: 'external:7233' });
    const survivors = await withDatabase(restarted.mongoUri, (things) => things.countDocuments({ _id: { $in: ids as never[] } }));
    expect(survivors).toBe(100);
    await restarted.stop();
  });

  it('keeps every workflow Temporal acknowledged when it is killed (kill -9): its store commits to a write-ahead log', async () => {
    const temporalOnly = { dataDir: join(dataDir, 'temporal-kill'), ...ports, mongoUri: 'mongodb://db.example:27017/x' };
    const devstack = await start(temporalOnly);
    const workflowIds = Array.from({ length: 20 }, (_, index) => `acknowledged-${index}-${randomUUID()}`);
    await withTemporal(devstack.temporalAddress, async (client) => {
      for (const workflowId of workflowIds) await client.workflow.start('neverRuns', { taskQueue: 'nobody-polls', workflowId });
    });
    // WAL mode (supervisor.ts): SQLite keeps the log beside the database while the server runs.
    expect(existsSync(join(temporalOnly.dataDir, 'temporal.db-wal'))).toBe(true);
    await devstack.processes.temporal?.kill();

    const restarted = await start(temporalOnly);
    const statuses = await withTemporal(restarted.temporalAddress, (client) =>
      Promise.all(workflowIds.map(async (workflowId) => (await client.workflow.getHandle(workflowId).describe()).status.name)),
    );
    expect(statuses).toEqual(workflowIds.map(() => 'RUNNING'));
    await restarted.stop();
  });

  it('loses no acknowledged write of writers sharing commits when the database is killed (kill -9) among them', async () => {
    const devstack = await start({ dataDir, ...ports, temporalAddress: 'external:7233' });
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    await withDatabase(devstack.mongoUri, async (things) => {
      // Eight writers at once, so writes finish while another's commit runs and share the next one.
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let index = 0; !killed; index++) {
            const id = `shared-${writer}-${index}`;
            try {
              await things.updateOne({ _id: id as never }, { $set: { writer, index } }, { upsert: true });
            } catch {
              return; // the database is gone: this write was never acknowledged
            }
            acknowledged.push(id);
            if (acknowledged.length === 400) killed = devstack.processes.mongo!.kill();
          }
        }),
      );
    });
    await killed;
    const restarted = await start({ dataDir, ...ports, temporalAddress: 'external:7233' });
    const survivors = await withDatabase(restarted.mongoUri, (things) => things.countDocuments({ _id: { $in: acknowledged as never[] } }));
    expect(acknowledged.length).toBeGreaterThanOrEqual(400);
    expect(survivors).toBe(acknowledged.length);
    await restarted.stop();
  });

  it('starts nothing for an external database and Temporal', async () => {
    const external = await start({ dataDir, ...ports, mongoUri: 'mongodb://db.example:27017/x', temporalAddress: 'tmp.example:7233' });
    expect(external).toMatchObject({ mongoUri: 'mongodb://db.example:27017/x', temporalAddress: 'tmp.example:7233', processes: {} });
  });

  it('refuses a port that something else holds, naming the variable to change', async () => {
    const blocker = await start({ dataDir: join(dataDir, 'blocker'), ...ports, temporalAddress: 'external:7233' });
    const clash = startDevstack({
      dataDir: join(dataDir, 'other'),
      ...ports,
      temporalAddress: 'external:7233',
      portVariables: { mongo: 'MEETFLOW_MONGO_PORT', temporal: 'MEETFLOW_TEMPORAL_PORT' },
    });
    await expect(clash).rejects.toThrow(DevstackError);
    await expect(clash).rejects.toThrow(`port ${ports.mongoPort} is already in use`);
    await expect(clash).rejects.toThrow('MEETFLOW_MONGO_PORT=<port>');
    await blocker.stop();
  });
});
