import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type mongoose from 'mongoose';
import { inject } from 'vitest';
import { createModels, type Models } from '../../src/features/models.ts';
import { createSequenceActivities, type SequenceActivitiesDeps } from '../../src/features/email/sequences/activities.ts';
import { openTestDatabase } from './database.ts';
import { quietTemporalRuntime } from './quiet-temporal.ts';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { TEST_MAIL_ALLOW_HOSTS } from './mail-server.ts';

/** Sequences on the time-skipping server: a worker with the sequence activities, a database, and an SMTP server on loopback. */
export interface SequenceTestbed {
  env: TestWorkflowEnvironment;
  database: mongoose.Connection;
  db: Models;
  sink: SmtpSink;
  stop(): Promise<void>;
}

/**
 * Starts the time-skipping server (it jumps over timers: a 15-day cadence runs in well under a
 * second), a database named `label`, an SMTP sink, and a worker on `taskQueue` running the sequence
 * activities with `options` (its secrets box, link base and any faults) and the installed email channel
 * (allowed to reach loopback, where the sink listens, unless `options` say otherwise).
 */
export async function startSequenceTestbed(
  label: string,
  taskQueue: string,
  options: Omit<SequenceActivitiesDeps, 'db'>,
): Promise<SequenceTestbed> {
  quietTemporalRuntime(); // the old time-skipping server makes core warn on every worker
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: inject('temporalTestServer') } },
  });
  const database = await openTestDatabase(label);
  const db = createModels(database);
  await Promise.all([db.outbox.init(), db.suppressions.init(), db.sendCounters.init(), db.mailboxes.init(), db.outcomeEvents.init()]);
  const sink = await startSmtpSink();
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities: createSequenceActivities({
      db,
      channel: PluginHost.load(installedPlugins).channel('email'),
      mailAllowHosts: TEST_MAIL_ALLOW_HOSTS,
      ...options,
    }),
  });
  const running = worker.run();
  return {
    env,
    database,
    db,
    sink,
    async stop() {
      worker.shutdown();
      await running;
      await env.teardown();
      await sink.close();
      await database.dropDatabase();
      await database.close();
    },
  };
}
