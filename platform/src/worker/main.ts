// The Temporal worker process: `node <node-flags.ts's flags> --import tsx platform/src/worker/main.ts`.
import { writeFileSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { loadConfigOrExit } from '../core/config.ts';
import { openDatabase } from '../core/db/connection.ts';
import { createModels } from '../features/models.ts';
import { openSecrets } from '../core/secrets-key.ts';
import { createLogger, exitWithError } from '../core/logger.ts';
import { PluginHost } from '../features/runs/plugins/host.ts';
import { withOAuthClients } from '../features/revenue/oauth/clients.ts';
import { calendarBusyOverHorizon } from '../features/revenue/calendars/availability.ts';
import { readBackCalendar } from '../features/revenue/calendars/sync.ts';
import { closeMonth } from '../features/revenue/billing/cycle.ts';
import { answerInvitation } from '../features/revenue/meetings/rsvp.ts';
import { registerCalendarReplyHandler } from '../features/email/services.ts';
import { pluginVersions } from '../features/runs/plugins/versions.ts';
import { installedPlugins } from '../features/runs/plugins/installed.ts';
import { createHostServices } from '../features/runs/plugins/services.ts';
import { workerActivities } from './activities.ts';
import { BUILTIN_ACTIVITIES } from '../features/steps.ts';
import { workflowBundle } from './workflow-bundle.ts';
import { HEARTBEAT_THROTTLE } from '../core/temporal/heartbeating.ts';

/**
 * Workflows kept in memory between their tasks. The SDK's default grows with the heap limit
 * (about 2,300 on a 24 GB machine), so every sequence a batch enrols — each waits days on its
 * timers — stayed cached and the worker's memory grew with the batch (919 MB after 1,000
 * prospects). A workflow evicted from the cache replays its history at its next task, which for a
 * sequence waiting on a timer is days later and a few milliseconds of work.
 */
const MAX_CACHED_WORKFLOWS = 100;

const config = loadConfigOrExit();
const logger = createLogger(config, 'worker');
// The SDK's own lifecycle lines are noise at info level; our logger reports what matters. At
// LOG_LEVEL error (the end-to-end tests, which fail steps on purpose) only its errors print.
const sdkLevel =
  config.logLevel === 'debug' || config.logLevel === 'trace'
    ? 'DEBUG'
    : ['error', 'fatal', 'silent'].includes(config.logLevel)
      ? 'ERROR'
      : 'WARN';
// Core's native lines (e.g. a chunk finishing after its batch was cancelled) are filtered at the same level.
Runtime.install({ logger: new DefaultLogger(sdkLevel), telemetryOptions: { logging: { filter: { core: sdkLevel, other: sdkLevel } } } });

// Until the worker runs, nothing is in flight: a stop signal simply ends the process.
const exitEarly = () => process.exit(0);
process.once('SIGINT', exitEarly).once('SIGTERM', exitEarly);

try {
  const plugins = PluginHost.load(installedPlugins, withOAuthClients(installedPlugins, config.plugins, config.oauthClients)); // a bad plugin stops start-up here
  const database = openDatabase(config.mongoUri, logger);
  await database.ready;
  const db = createModels(database.connection);
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const client = await Connection.connect({ address: config.temporalAddress }); // for starting sequences from activities
  const services = createHostServices(config, database.connection, logger);
  const temporal = new Client({ connection: client, namespace: config.temporalNamespace });
  // What the calendar read-back and the slots reach the connected calendar with (revenue/calendars).
  const calendarReach = {
    host: plugins,
    connection: database.connection,
    secrets: openSecrets(config),
    httpAllowHosts: config.httpAllowHosts,
  };
  // A prospect's answer to an invitation (an iCalendar REPLY) read by this worker's IMAP polling acts on
  // its meeting, as the API's inbound route does (the meetings feature registers the same there).
  registerCalendarReplyHandler(database.connection, (workspaceId, from, reply) =>
    answerInvitation({ ...calendarReach, temporal, taskQueue: config.taskQueue }, workspaceId, from, reply),
  );
  const worker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    workflowBundle: await workflowBundle(),
    maxCachedWorkflows: MAX_CACHED_WORKFLOWS,
    maxHeartbeatThrottleInterval: HEARTBEAT_THROTTLE, // a batch chunk's progress reaches the batch page within a second
    activities: workerActivities({
      db,
      plugins: plugins.activities(services),
      stepActivities: plugins.stepActivities(services),
      versions: pluginVersions(plugins.plugins),
      declared: plugins.activityIndex(BUILTIN_ACTIVITIES),
      logger,
      temporal,
      taskQueue: config.taskQueue,
      secrets: openSecrets(config),
      publicUrl: config.publicUrl,
      channel: plugins.channel('email', logger.child({ plugin: 'channel' })),
      mailAllowHosts: config.mailAllowHosts,
      // The CRM sync calls the connected CRM's plugin in this process (its token never enters a workflow history).
      crm: plugins,
      // The slots an email offers avoid the workspace's connected calendar's busy times (revenue/calendars).
      calendarBusy: calendarBusyOverHorizon(calendarReach),
      // The calendarSync workflow's read-back calls the calendar plugin in this process, the meetings' plugin through Temporal.
      calendarReadBack: (workspaceId, at) => readBackCalendar({ ...calendarReach, temporal, taskQueue: config.taskQueue }, workspaceId, at),
      // The billingCycle workflow's month close reads the ledger and calls the account's payments plugin in this process (the credentials never enter a history).
      billingClose: (workspaceId, month) =>
        closeMonth(
          {
            host: plugins,
            connection: database.connection,
            temporal,
            taskQueue: config.taskQueue,
            stripeSecretKey: config.stripeSecretKey,
            paypal: config.paypal,
          },
          workspaceId,
          month,
        ),
    }),
  });
  process.off('SIGINT', exitEarly).off('SIGTERM', exitEarly);
  // For a container's health check: touched only while the worker runs (polling), so a stale file means a stuck worker.
  const aliveFile = config.workerAliveFile;
  const alive = aliveFile
    ? setInterval(() => worker.getState() === 'RUNNING' && writeFileSync(aliveFile, new Date().toISOString()), 10_000).unref()
    : undefined;
  logger.info({ taskQueue: config.taskQueue, address: config.temporalAddress }, 'worker running');
  // The SDK's runtime shuts the worker down on SIGINT/SIGTERM; run() resolves once it has drained.
  await worker.run();
  clearInterval(alive);
  await connection.close();
  await client.close();
  await database.close();
  logger.info('worker stopped');
} catch (error) {
  exitWithError(logger, 'worker failed', error);
}
