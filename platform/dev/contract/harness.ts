import { randomBytes, randomUUID } from 'node:crypto';
import { createGuardedHttpClient, PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import type { OpenAPIV3_1 } from 'openapi-types';
import { pino } from 'pino';
import { inject } from 'vitest';
import { startApi, type RunningApi } from '../../src/api/server.ts';
import { loadConfig } from '../../src/core/config.ts';
import { secretsBox, type SecretsBox } from '../../src/core/secrets-box.ts';
import { freePort } from '../devstack/ports.ts';
import { prepareSampleSource } from '../../src/features/prospecting/discovery/sample-source.ts';
import type { PluginApiDeps } from '../../src/features/runs/plugins/call-activity.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../samples/server.ts';
import { startSmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { ownerTokens } from '../testing/principal.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../testing/pipeline-worker.ts';
import { ContractClient } from './client.ts';
import { openApiCheck } from './openapi-check.ts';
import { until } from './poll.ts';
import { startTestCalDavServer, type TestCalDavServer } from '../testing/radicale.ts';
import { startFakeHubSpot, type FakeHubSpot } from '@meetflow/plugin-crm-hubspot/testing';
import { FAKE_PAYPAL_CLIENT, FAKE_PAYPAL_WEBHOOK_ID, startFakePayPal, type FakePayPal } from '@meetflow/plugin-payments-paypal/testing';
import { PAYPAL_WEBHOOK_ID_VARIABLE, STRIPE_WEBHOOK_SECRET_VARIABLE } from '../../src/features/revenue/billing/webhooks.ts';

/** The whole platform for one contract test file: the real API, a real worker with every installed plugin, the sample sites. */
export interface ContractPlatform {
  /** Where the API listens, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The worker, its database and the runner the API starts runs with. */
  stack: TestPipelineWorker;
  /** What product helpers that call plugins through Temporal need (e.g. `ensureDefaultSlices`). */
  pluginDeps: PluginApiDeps;
  /** The bundled customer sites the ICP builder and research read. */
  samples: SampleSitesServer;
  /** The OpenAPI document the API serves. */
  document: OpenAPIV3_1.Document;
  /** The API's secrets box (its MEETFLOW_SECRETS_KEY): signs unsubscribe links and derives inbound secrets as the API does. */
  box: SecretsBox;
  /** A real CalDAV server (Radicale) with one user and a calendar, for the calendar routes: its server URL and login. */
  caldav: { url: string; username: string; password: string };
  /** A fake HubSpot (plugins/crm-hubspot's) the CRM routes connect to: the API's crm-hubspot plugin is configured to call it. */
  hubspot: FakeHubSpot;
  /** The signing secret of the API's Stripe webhook endpoint (MEETFLOW_STRIPE_WEBHOOK_SECRET): events signed with it are Stripe's. */
  stripeWebhookSecret: string;
  /** The fake PayPal the API's PayPal app and webhook verification reach: `paypal.webhook(…)` signs an event as PayPal does. */
  paypal: FakePayPal;
  /** A client acting in `workspace`, checking every answer against the route docs and the OpenAPI document. */
  client(workspace: string): ContractClient;
  close(): Promise<void>;
}

/** Options of one test file's platform. */
export interface ContractPlatformOptions {
  /** Companies in the built-in sample prospect database (discovery answers from it); none by default. */
  sampleCompanies?: number;
}

/**
 * A workspace slug no other test file (or watch-mode rerun) uses: Temporal workflow ids such as
 * `sequence-<workspace>-<prospectId>` are global to the run's one Temporal server.
 */
export function uniqueWorkspace(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/**
 * Starts the platform the way `npm start` does, on the run's test database and Temporal server:
 * a worker for every installed plugin (outbound HTTP allowed only to the sample sites), then
 * `startApi` itself with a configuration parsed from environment-style variables.
 */
export async function startContractPlatform(label: string, options: ContractPlatformOptions = {}): Promise<ContractPlatform> {
  const samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
  // The product's own mail channel (password-reset and verification emails) sends to a sink of this platform's.
  const systemMail = await startSmtpSink();
  // The calendar routes connect a real calendar: Radicale with one user (the API may reach loopback for calendars only).
  const caldavUser = { username: 'rep@contract.example', password: randomBytes(9).toString('base64url') };
  const radicale: TestCalDavServer = await startTestCalDavServer([caldavUser]);
  await radicale.calendar(caldavUser, 'meetings');
  const hubspot = await startFakeHubSpot();
  // Mailbox passwords are sealed with a key of this run's own, so no test writes the development key into .data/.
  // The worker opens them with the same key, as npm start's does: the calendar read-back reads the calendar for real.
  const secretsKey = randomBytes(32);
  // The billing feature reads the endpoint's secret from the environment when the API builds its routes.
  const stripeWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  process.env[STRIPE_WEBHOOK_SECRET_VARIABLE] = stripeWebhookSecret;
  // PayPal's webhook is verified by PayPal's verify-webhook-signature: the fake's, with its webhook id and REST app.
  const paypal = await startFakePayPal({ now: () => new Date() });
  process.env[PAYPAL_WEBHOOK_ID_VARIABLE] = FAKE_PAYPAL_WEBHOOK_ID;
  const stack = await startTestPipelineWorker(label, installedPlugins, {
    enrollment: true,
    services: { http: createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] }) },
    secrets: secretsBox(secretsKey),
  });
  const sampleCompanies = options.sampleCompanies ?? 0;
  let api: RunningApi | undefined;
  try {
    // Prepared (by the sample source plugin, on the worker) before the API starts, so the API's own run at start finds it ready.
    await prepareSampleSource(
      { host: stack.host, connection: stack.database, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue },
      sampleCompanies,
    );
    const config = loadConfig({
      MONGODB_URI: `${inject('mongoServer')}/${stack.database.name}`,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: stack.runner.taskQueue,
      PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
      MEETFLOW_SAMPLE_COMPANIES: String(sampleCompanies),
      // The app knows its sample sites (GET /api/icp/sample-sites); the default workspace is not seeded here.
      MEETFLOW_SAMPLES_URL: samples.url,
      MEETFLOW_SEED: 'off',
      MEETFLOW_SECRETS_KEY: secretsKey.toString('base64'),
      // The contract's mailboxes point at loopback ports (nothing listens on most): the address policy lets them.
      MEETFLOW_MAIL_ALLOW_HOSTS: '127.0.0.1',
      // So do its calendars: the Radicale above, and loopback ports where nothing listens (a calendar that does not answer).
      MEETFLOW_HTTP_ALLOW_HOSTS: '127.0.0.1',
      // The CRM routes connect the fake HubSpot above.
      MEETFLOW_PLUGINS_CONFIG: JSON.stringify({
        'crm-hubspot': { baseUrl: hubspot.baseUrl },
        [PAYMENTS_PLUGINS.paypal]: { apiBase: paypal.baseUrl, attempts: 1 },
      }),
      MEETFLOW_PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT.clientId,
      MEETFLOW_PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT.clientSecret,
      MEETFLOW_SYSTEM_MAIL_URL: `smtp://${encodeURIComponent(systemMail.user)}:${systemMail.password}@127.0.0.1:${systemMail.port}`,
      // A Google OAuth client (never called: the connect flow's start only builds the sign-in URL); Microsoft's is left unset (a 422).
      MEETFLOW_GOOGLE_CLIENT_ID: 'contract.apps.googleusercontent.com',
      MEETFLOW_GOOGLE_CLIENT_SECRET: 'contract-client-secret',
      // Every test file signs many people up from 127.0.0.1.
      MEETFLOW_SIGNUPS_PER_HOUR: '100000',
    });
    const started = await startApi(config, pino({ level: 'silent' }));
    api = started;
    // It listens before its database connects (so health can say so): wait until both dependencies answer.
    await until(
      async () => (await fetch(`${started.url}/api/health`)).status,
      (status) => status === 200,
      `the API at ${started.url}`,
      20_000,
    );
  } catch (error) {
    await api?.close();
    await stack.stop();
    await samples.close();
    await systemMail.close();
    await radicale.close();
    await hubspot.close();
    await paypal.close();
    throw error;
  }
  const document = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as OpenAPIV3_1.Document;
  const platform = running(api, stack, samples, document, secretsBox(secretsKey));
  return {
    ...platform,
    caldav: { url: radicale.url, ...caldavUser },
    hubspot,
    stripeWebhookSecret,
    paypal,
    async close() {
      await platform.close();
      await systemMail.close();
      await radicale.close();
      await hubspot.close();
      await paypal.close();
    },
  };
}

/** The started platform as test files use it. */
function running(
  api: RunningApi,
  stack: TestPipelineWorker,
  samples: SampleSitesServer,
  document: OpenAPIV3_1.Document,
  box: SecretsBox,
): Omit<ContractPlatform, 'caldav' | 'hubspot' | 'stripeWebhookSecret' | 'paypal'> {
  const check = openApiCheck(document);
  const tokenOf = ownerTokens(stack.db);
  return {
    url: api.url,
    stack,
    samples,
    document,
    box,
    pluginDeps: { host: stack.host, connection: stack.database, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue },
    client: (workspace) => new ContractClient(api.url, workspace, check, tokenOf(workspace)),
    async close() {
      await api.close();
      await stack.stop();
      await samples.close();
    },
  };
}
