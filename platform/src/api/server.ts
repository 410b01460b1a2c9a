import type { Server } from 'node:http';
import type { Config } from '../core/config.ts';
import { BUILTIN_ACTIVITIES } from '../features/steps.ts';
import { BUILT_IN_PIPELINES } from '../features/built-in-pipelines.ts';
import { openDatabase } from '../core/db/connection.ts';
import { createModels } from '../features/models.ts';
import { DEFAULT_WORKSPACE, ensureDefaultWorkspace } from '../features/accounts/workspaces/model.ts';
import { prepareSampleSource } from '../features/prospecting/discovery/sample-source.ts';
import { getWorkspaceConfig } from '../features/insights/workspace-config/workspace-config.ts';
import { applyLearningSettings } from '../features/insights/learning/settings.ts';
import { reconcileAllRollups } from '../features/insights/outcomes/record.ts';
import { ensureDefaultSlices } from '../features/revenue/pricing/default-slices.ts';
import { uiDistDir } from '../core/paths.ts';
import { openSecrets } from '../core/secrets-key.ts';
import { createSystemMail } from '../core/system-mail.ts';
import { createApp } from './app.ts';
import { sessionsAndTokens } from '../features/accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY } from '../features/accounts/auth/sessions.ts';
import type { Logger } from '../core/logger.ts';
import { installedPlugins } from '../features/runs/plugins/installed.ts';
import { PluginHost } from '../features/runs/plugins/host.ts';
import { createTemporalClient } from '../core/temporal/client.ts';
import { ensureDemoMailbox } from '../features/email/mailboxes/demo-mailbox.ts';
import { resumeInboxPolling } from '../features/email/inbound/polling.ts';

/** A running API server and how to stop it. */
export interface RunningApi {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the API: listens at once (so /api/health can report a dependency that is still
 * down) and prepares the default workspace and the sample prospect database as soon as the
 * database answers. (The first-start seed of sample prospects is a process of its own:
 * platform/dev/seed/main.ts, which `npm start` and docker compose run.)
 */
export async function startApi(config: Config, logger: Logger): Promise<RunningApi> {
  const plugins = PluginHost.load(installedPlugins, config.plugins); // a bad plugin stops start-up here
  const database = openDatabase(config.mongoUri, logger);
  const { connection, ready } = database;
  const temporal = createTemporalClient(config);
  const models = createModels(connection);
  const failed = (error: unknown, message: string) => {
    logger.error({ err: error }, message);
    return false;
  };
  const runner = {
    db: models,
    temporal: temporal.client,
    taskQueue: config.taskQueue,
    activities: plugins.activityIndex(BUILTIN_ACTIVITIES),
    builtIns: BUILT_IN_PIPELINES,
  };
  // At start: the default workspace the UI hard-codes, its weekly learning schedule, and its pricing
  // slices (written by the ppm-pricing plugin on the worker, so this waits for it); all idempotent.
  void ready
    .then(() => ensureDefaultWorkspace(models.workspaces))
    .then(() => reconcileAllRollups(models)) // finishes rollup updates a crash may have cut short
    .then(async () =>
      applyLearningSettings(
        { client: temporal.client, taskQueue: config.taskQueue },
        DEFAULT_WORKSPACE.slug,
        (await getWorkspaceConfig(models, DEFAULT_WORKSPACE.slug)).learningSettings,
      ),
    )
    .then(() =>
      ensureDefaultSlices({ host: plugins, connection, temporal: temporal.client, taskQueue: config.taskQueue }, DEFAULT_WORKSPACE.slug),
    )
    .then(
      () => true,
      (error: unknown) => failed(error, 'could not prepare the default workspace'),
    );
  // The sample prospects discovery answers from without provider credentials: the sample source plugin
  // generates them once on the worker (about 21 s for the default 20,000 companies on the embedded
  // database), resuming a preparation a stop cut short.
  void ready
    .then(() =>
      prepareSampleSource({ host: plugins, connection, temporal: temporal.client, taskQueue: config.taskQueue }, config.sampleCompanies),
    )
    .then(
      (result) => {
        if (result?.generated) logger.info(result, 'sample prospect database generated');
        return true;
      },
      (error: unknown) => failed(error, 'could not prepare the sample prospect database'),
    );
  // Mailbox passwords are sealed with this key; without one in production only the mailbox routes are off, and say why.
  const secrets = openSecrets(config);
  if ('unavailable' in secrets) logger.warn(secrets.unavailable);
  // Replies are read over IMAP by one polling run per workspace; npm start's demo workspace gets its sample mailbox first.
  const polling = { temporal: temporal.client, taskQueue: config.taskQueue, intervalSeconds: config.imapPollSeconds };
  void ready
    .then(() => ensureDefaultWorkspace(models.workspaces))
    .then(async () => {
      const demoMail = config.demoMailServer;
      if (demoMail && !('unavailable' in secrets)) await ensureDemoMailbox(models, secrets, DEFAULT_WORKSPACE.slug, demoMail);
      return resumeInboxPolling(models, polling);
    })
    .then(
      () => true,
      (error: unknown) => failed(error, 'could not start reading the mailboxes over IMAP'),
    );
  // The product's own emails (password resets, address verification): without a server, none goes out, and the log says so.
  const systemMail = createSystemMail(config.systemMail, logger);
  if (!systemMail.configured)
    logger.warn('system mail is not configured (MEETFLOW_SYSTEM_MAIL_URL): password-reset and verification emails are not sent');
  const app = createApp({
    logger,
    database: connection,
    temporal,
    plugins,
    authenticator: sessionsAndTokens(models, DEFAULT_SESSION_POLICY),
    uiDir: uiDistDir,
    trustProxy: config.trustProxy,
    product: {
      db: models,
      runner,
      samplesUrl: config.samplesUrl,
      llm: { configured: config.llm !== null, settings: config.llmSettings },
      secrets,
      publicUrl: config.publicUrl,
      imapPollSeconds: config.imapPollSeconds,
      systemMail,
      signUpsPerHour: config.signUpsPerHour,
      mailAllowHosts: config.mailAllowHosts,
    },
  });
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolveListen, reject) => {
    server.once('listening', resolveListen);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port; // PORT=0: the one the OS gave
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info({ url }, 'api listening');

  return {
    server,
    url,
    async close() {
      // Stop taking connections, let requests in flight finish, then drop idle keep-alives.
      const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      server.closeIdleConnections();
      await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000).unref())]);
      server.closeAllConnections();
      await database.close();
      await temporal.connection.close();
      systemMail.close();
    },
  };
}
