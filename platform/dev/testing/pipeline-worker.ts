import { randomUUID } from 'node:crypto';
import type { AnyPlugin } from '@meetflow/plugin-sdk';
import { noNetwork } from '@meetflow/plugin-sdk/testing';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { quietTemporalRuntime } from './quiet-temporal.ts';
import type mongoose from 'mongoose';
import type { Secrets } from '../../src/core/secrets-key.ts';
import { pino } from 'pino';
import { inject } from 'vitest';
import { BUILTIN_ACTIVITIES } from '../../src/features/steps.ts';
import { BUILT_IN_PIPELINES } from '../../src/features/built-in-pipelines.ts';
import { readBackCalendar } from '../../src/features/revenue/calendars/sync.ts';
import { createActivities } from '../../src/worker/all-activities.ts';
import { enrollmentActivity } from '../../src/worker/activities.ts';
import { createModels, type Models } from '../../src/features/models.ts';
import { PluginHost, type HostServices } from '../../src/features/runs/plugins/host.ts';
import { pluginVersions } from '../../src/features/runs/plugins/versions.ts';
import type { PipelineRunner } from '../../src/features/runs/pipelines/runs.ts';
import { openTestDatabase } from './database.ts';
import { TEST_MAIL_ALLOW_HOSTS } from './mail-server.ts';
import { HEARTBEAT_THROTTLE } from '../../src/core/temporal/heartbeating.ts';

/** A worker running the given plugins on its own task queue, with a fresh database, for one test file. */
export interface TestPipelineWorker {
  database: mongoose.Connection;
  db: Models;
  host: PluginHost;
  runner: PipelineRunner;
  /** Activities executing on this worker now: a test waits for none before asserting that work has stopped. */
  activitiesInFlight(): number;
  stop(): Promise<void>;
}

/** Extras for one test's worker. */
export interface TestWorkerOptions {
  /** Also register the built-in `platform.enrollSequence` (it starts sequence workflows on this worker). */
  enrollment?: boolean;
  /** Replaces some of what plugins are given (no network, silent logger, no LLM), e.g. a guarded HTTP client allowed to reach a local site. */
  services?: Partial<Omit<HostServices, 'connection'>>;
  /** Plugin settings by plugin id, as MEETFLOW_PLUGINS_CONFIG gives them (e.g. a source's API key). */
  settings?: Record<string, unknown>;
  /** The secrets box sending opens mailbox passwords with (left out: nothing is sent). */
  secrets?: Secrets;
  /** The base of links in sent emails. */
  publicUrl?: string;
  /** Mail servers the address policy lets mailboxes use (default: loopback, where test servers listen). */
  mailAllowHosts?: readonly string[];
}

/** Starts a real worker (prebuilt workflow bundle, real dev server) and a runner that starts runs on it. */
export async function startTestPipelineWorker(
  label: string,
  plugins: AnyPlugin[],
  options: TestWorkerOptions = {},
): Promise<TestPipelineWorker> {
  const database = await openTestDatabase(label);
  const db = createModels(database);
  // Every index built before the first write: the embedded database can fail an insert into a
  // collection whose indexes are being created at that moment ("Unknown error: null").
  await Promise.all(Object.values(db).map((model) => model.init()));
  const host = PluginHost.load(plugins, options.settings);
  const services: HostServices = {
    connection: database,
    http: noNetwork,
    logger: pino({ level: 'silent' }),
    clock: { now: () => new Date() },
    llm: null,
    ...options.services,
  };
  const taskQueue = `${label}-${randomUUID()}`;
  const clientConnection = await Connection.connect({ address: inject('temporalAddress') });
  const client = new Client({ connection: clientConnection });
  const builtins = options.enrollment ? enrollmentActivity(client, taskQueue, db, options.secrets) : {};
  quietTemporalRuntime();
  const workerConnection = await NativeConnection.connect({ address: inject('temporalAddress') });
  const worker = await Worker.create({
    connection: workerConnection,
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    maxHeartbeatThrottleInterval: HEARTBEAT_THROTTLE, // as the product's worker
    activities: createActivities({
      db,
      plugins: { ...host.activities(services), ...builtins },
      stepActivities: host.stepActivities(services),
      versions: pluginVersions(plugins),
      declared: host.activityIndex(BUILTIN_ACTIVITIES),
      secrets: options.secrets,
      publicUrl: options.publicUrl,
      channel: host.channel('email'),
      crm: host,
      // A calendar's read-back (workflow calendarSync), as the worker composes it; test calendars listen on loopback.
      calendarReadBack: (workspaceId, at) =>
        readBackCalendar(
          { host, connection: database, temporal: client, taskQueue, secrets: options.secrets, httpAllowHosts: ['127.0.0.1'] },
          workspaceId,
          at,
        ),
      mailAllowHosts: options.mailAllowHosts ?? TEST_MAIL_ALLOW_HOSTS,
      inbox: { temporal: client, taskQueue },
    }),
  });
  const running = worker.run();
  return {
    database,
    db,
    host,
    runner: {
      db,
      temporal: client,
      taskQueue,
      activities: host.activityIndex(options.enrollment ? BUILTIN_ACTIVITIES : undefined),
      builtIns: BUILT_IN_PIPELINES,
    },
    activitiesInFlight: () => worker.getStatus().numInFlightActivities,
    async stop() {
      worker.shutdown();
      await running;
      await Promise.all([clientConnection.close(), workerConnection.close()]);
      await database.dropDatabase();
      await database.close();
    },
  };
}
