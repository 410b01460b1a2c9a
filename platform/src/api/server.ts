import { createServer, type Server } from 'node:http';
import type { Config } from '../core/config.ts';
import { BUILTIN_ACTIVITIES } from '../features/steps.ts';
import { BUILT_IN_PIPELINES } from '../features/built-in-pipelines.ts';
import { openDatabase } from '../core/db/connection.ts';
import { createModels } from '../features/models.ts';
import { openSecrets } from '../core/secrets-key.ts';
import { createSystemMail } from '../core/system-mail.ts';
import { createApp, type AppDeps } from './app.ts';
import { runStartWork } from './start-up.ts';
import { FEATURES } from '../features/index.ts';
import { productContextOf } from '../features/context.ts';
import { sessionsAndTokens } from '../features/accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY } from '../features/accounts/auth/sessions.ts';
import type { Logger } from '../core/logger.ts';
import { installedPlugins } from '../features/runs/plugins/installed.ts';
import { PluginHost } from '../features/runs/plugins/host.ts';
import { withOAuthClients } from '../features/revenue/oauth/clients.ts';
import { loadSocialProof } from '../features/insights/landing-page/social-proof.ts';
import { createTemporalClient } from '../core/temporal/client.ts';

/** The most bytes of request line and headers the API reads (a longer request gets 431). */
export const MAX_HEADER_BYTES = 512 * 1024;

/** A running API server and how to stop it. */
export interface RunningApi {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the API: listens at once (so /api/health can report a dependency that is still
 * down) and runs the features' start-up work (api/start-up.ts) as soon as the database answers. (The first-start seed of sample prospects is a process of its own:
 * platform/dev/seed/main.ts, which `npm start` and docker compose run.)
 */
export async function startApi(config: Config, logger: Logger): Promise<RunningApi> {
  const plugins = PluginHost.load(installedPlugins, withOAuthClients(installedPlugins, config.plugins, config.oauthClients)); // a bad plugin stops start-up here
  const socialProof = loadSocialProof(config.socialProofFile); // so does a bad social-proof file
  if (config.socialProofFile) {
    const { testimonials, logos, figures } = socialProof;
    logger.info(
      { file: config.socialProofFile, testimonials: testimonials.length, logos: logos.length, figures: figures.length },
      'landing page social proof read',
    );
  }
  const database = openDatabase(config.mongoUri, logger);
  const { connection, ready } = database;
  const temporal = createTemporalClient(config);
  const models = createModels(connection);
  const runner = {
    db: models,
    temporal: temporal.client,
    taskQueue: config.taskQueue,
    activities: plugins.activityIndex(BUILTIN_ACTIVITIES),
    builtIns: BUILT_IN_PIPELINES,
  };
  // Mailbox passwords are sealed with this key; without one in production only the mailbox routes are off, and say why.
  const secrets = openSecrets(config);
  if ('unavailable' in secrets) logger.warn(secrets.unavailable);
  // The product's own emails (password resets, address verification): without a server, none goes out, and the log says so.
  const systemMail = createSystemMail(config.systemMail, logger);
  if (!systemMail.configured)
    logger.warn('system mail is not configured (MEETFLOW_SYSTEM_MAIL_URL): password-reset and verification emails are not sent');
  const deps = {
    logger,
    database: connection,
    temporal,
    plugins,
    authenticator: sessionsAndTokens(models, DEFAULT_SESSION_POLICY),
    uiDir: config.uiDir,
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
      httpAllowHosts: config.httpAllowHosts,
      stripeSecretKey: config.stripeSecretKey,
      paypal: config.paypal,
      socialProof,
    },
  } satisfies AppDeps;
  const app = createApp(deps);
  // Each feature's start-up work (its onStart: the default workspace, rollups a stop cut short, the learning schedule,
  // the pricing slices, the sample prospects, the demo mailbox, IMAP polling), once the database answers; all idempotent.
  const settings = { sampleCompanies: config.sampleCompanies, demoMailServer: config.demoMailServer };
  void ready.then(
    () => runStartWork(FEATURES, (feature) => ({ ...productContextOf(deps, feature.uses), settings }), logger),
    (error: unknown) => logger.error({ err: error }, 'the database did not answer: no start-up work ran (the next start does it)'),
  );
  // A request line and headers up to MAX_HEADER_BYTES (Node's default is 16 KiB): the Prospect
  // Pipeline's CSV export is a link naming up to 1,000 chosen and 1,000 excluded prospects in its
  // query, and a query the schema refuses must reach the schema (a 400 naming it), not a bare 431.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app.callback()).listen(config.port, config.host);
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
