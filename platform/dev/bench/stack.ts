// What every benchmark runs on: this machine's real servers (the embedded database and the
// Temporal dev server, started fresh in a temporary folder), the sample company sites, and the
// production worker's activities with every installed plugin.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { BUILTIN_ACTIVITIES } from '../../src/features/sequences/enrollment.ts';
import { createModels, type Models } from '../../src/core/db/models.ts';
import { freePort } from '../devstack/ports.ts';
import { startDevstack, type Devstack } from '../devstack/supervisor.ts';
import type { PipelineRunner } from '../../src/features/pipelines/runs.ts';
import { PluginHost } from '../../src/features/plugins/host.ts';
import { pluginVersions } from '../../src/features/plugins/versions.ts';
import { installedPlugins } from '../../src/features/plugins/installed.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../samples/server.ts';
import { workerActivities } from '../../src/worker/activities.ts';
import { workflowBundle } from '../../src/worker/workflow-bundle.ts';

/** A running bench stack. */
export interface BenchStack {
  devstack: Devstack;
  samples: SampleSitesServer;
  /** The benchmark's own database on the embedded server. */
  databaseUri: string;
  database: mongoose.Connection;
  db: Models;
  temporal: Client;
  taskQueue: string;
  /** The plugins the worker runs (every installed one). */
  host: PluginHost;
  runner: PipelineRunner;
  close(): Promise<void>;
}

/** Starts the servers and a worker; `plugins` is the plugins' config (e.g. research's page limit). */
export async function startBenchStack(name: string, plugins: Record<string, unknown> = {}): Promise<BenchStack> {
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const dataDir = mkdtempSync(join(tmpdir(), `meetflow-${name}-`));
  const devstack = await startDevstack({ dataDir, mongoPort: await freePort(), temporalPort: await freePort() });
  const samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
  const databaseUri = `${devstack.mongoUri}-${name}`;
  const database = await mongoose.createConnection(databaseUri).asPromise();
  const db = createModels(database);
  const logger = pino({ level: 'warn' });
  const host = PluginHost.load(installedPlugins, plugins);
  const http = createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] });
  const taskQueue = name;
  const connection = await Connection.connect({ address: devstack.temporalAddress });
  const temporal = new Client({ connection });
  const worker = await Worker.create({
    connection: await NativeConnection.connect({ address: devstack.temporalAddress }),
    taskQueue,
    workflowBundle: await workflowBundle(),
    maxConcurrentActivityTaskExecutions: 8,
    activities: workerActivities({
      db,
      plugins: host.activities({ connection: database, http, logger, clock: { now: () => new Date() }, llm: null }),
      versions: pluginVersions(host.plugins),
      temporal,
      taskQueue,
      logger,
      channel: host.channel('email'),
    }),
  });
  const running = worker.run();
  return {
    devstack,
    samples,
    databaseUri,
    database,
    db,
    temporal,
    taskQueue,
    host,
    runner: { db, temporal, taskQueue, activities: host.activityIndex(BUILTIN_ACTIVITIES) },
    async close() {
      worker.shutdown();
      await running;
      await connection.close();
      await database.dropDatabase();
      await database.close();
      await samples.close();
      await devstack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Seconds since `started` (a performance.now() reading), to one decimal. */
export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/** The median of some timings, in ms. */
export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
