// Playwright global setup: the whole app as `npm start` runs it, but on free ports and in a
// temporary data folder, so end-to-end tests run beside a developer's own `npm start`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { FAKE_HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from '@meetflow/plugin-crm-hubspot/testing';
import { loadConfig } from '@meetflow/platform/core/config';
import { freePort } from '@meetflow/platform/dev/devstack/ports';
import { startStack } from '@meetflow/platform/dev/stack/start-stack';
import { startStackStripe, type StackStripe } from '@meetflow/platform/dev/stack/stripe';
import { portTakenAtStart } from '@meetflow/platform/dev/devstack/supervisor';

/**
 * Signs the demo owner in as a person first would, in the browser, with the printed one-time
 * password: the app must take them to set their own password (and to nothing else) and then on
 * to the dashboard. That session is saved as a Playwright storage state every spec starts from.
 * Answers the password set.
 */
async function saveSignedInState(appUrl: string, email: string, oneTimePassword: string, file: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(oneTimePassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/account/password');
    const password = `e2e demo owner ${randomBytes(9).toString('base64url')}`;
    await page.getByLabel('One-time password').fill(oneTimePassword);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.context().storageState({ path: file });
    return password;
  } catch (error) {
    throw new Error(`the demo owner's first sign-in did not lead through setting a password to the dashboard: ${(error as Error).message}`);
  } finally {
    await browser.close();
  }
}

/** Fails when a file under `dir` holds `secret`: the demo owner's one-time password goes to the terminal only, never a log file. */
function assertNowhereIn(dir: string, secret: string) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile()) continue;
    const contents = readIfStill(path);
    if (contents?.includes(secret)) throw new Error(`the demo owner's one-time password was written to ${path}`);
  }
}

/** A file's bytes, or undefined when it vanished since it was listed (a database's journal comes and goes) or is too big to be a log. */
function readIfStill(path: string): Buffer | undefined {
  try {
    if (statSync(path).size > 64 * 1024 * 1024) return undefined;
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The fake HubSpot's activity log (every email and meeting logged, with its contacts' addresses) as
 * JSON at GET /activity-log on a loopback port: the specs run in other processes than this setup,
 * and HubSpot's own API has no read of an activity's contacts for them to use instead.
 */
async function serveActivityLog(hubspot: FakeHubSpot): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const found = request.method === 'GET' && request.url === '/activity-log';
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? hubspot.activityLog() : { error: 'GET /activity-log only' }));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/activity-log`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** MEETFLOW_PLUGINS_CONFIG with the crm-hubspot plugin pointed at the fake and payments-stripe at stripe-mock (a developer's other plugin settings kept). */
function pluginsConfigWith(hubspot: FakeHubSpot, stripe: StackStripe): string {
  const own = JSON.parse(process.env.MEETFLOW_PLUGINS_CONFIG ?? '{}') as Record<string, Record<string, unknown>>;
  return JSON.stringify({
    ...own,
    'crm-hubspot': { ...own['crm-hubspot'], baseUrl: hubspot.baseUrl },
    'payments-stripe': { ...own['payments-stripe'], ...stripe.pluginSettings },
  });
}

/**
 * The whole app on ports the OS called free, in a folder of its own. The database and Temporal start
 * at once, so the Temporal dev server's own random ports can take the database's before it binds:
 * then, and only then, everything starts again on new ports in a new folder (three tries).
 */
async function startOnFreePorts(hubspot: FakeHubSpot, stripe: StackStripe) {
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-e2e-'));
    const environment = {
      ...process.env,
      // 0: the API's and the sample sites' ports are chosen as each starts, after the Temporal dev
      // server has taken its own (random) ports, so it cannot take theirs first.
      PORT: '0',
      MEETFLOW_MONGO_PORT: String(await freePort()),
      MEETFLOW_TEMPORAL_PORT: String(await freePort()),
      MEETFLOW_TEMPORAL_UI_PORT: 'off',
      MEETFLOW_SAMPLES_PORT: '0',
      // The demo workspace's local mail server too, on free ports, so the run goes on beside `npm start`.
      MEETFLOW_MAIL_SMTP_PORT: '0',
      MEETFLOW_MAIL_IMAP_PORT: '0',
      MEETFLOW_MAIL_API_PORT: '0',
      // And the local CalDAV server (the demo owner's calendar).
      MEETFLOW_CALDAV_PORT: '0',
      // Specs connect mailboxes to SMTP servers of their own on loopback, on ports chosen as they run.
      MEETFLOW_MAIL_ALLOW_HOSTS: '127.0.0.1',
      // A CRM connected by a spec is the fake HubSpot this setup runs (the plugin calls its configured base URL).
      MEETFLOW_PLUGINS_CONFIG: pluginsConfigWith(hubspot, stripe),
      // Billing goes through Stripe's API as stripe-mock serves it: a test-mode key and a webhook secret a spec signs with.
      ...stripe.environment,
      MEETFLOW_SAMPLE_COMPANIES: '300',
      MEETFLOW_DATA_DIR: dataDir,
      // Errors only: the specs fail pipeline steps on purpose, and a green run should stay quiet.
      LOG_LEVEL: 'error',
    };
    try {
      const stack = await startStack(loadConfig(environment), (message) => console.log(`[e2e] ${message}`), environment);
      return { stack, dataDir };
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      if (attempt === 3 || !portTakenAtStart(error)) throw error;
    }
  }
}

export default async function globalSetup() {
  // Started first, as the app is configured with its address; once for the run, like the app.
  const hubspot = await startFakeHubSpot();
  const activityLog = await serveActivityLog(hubspot).catch(async (error: unknown) => {
    await hubspot.close();
    throw error;
  });
  const stripeDir = mkdtempSync(join(tmpdir(), 'meetflow-e2e-stripe-'));
  const closeStripeDir = () => rmSync(stripeDir, { recursive: true, force: true });
  const stripe = await startStackStripe(stripeDir).catch(async (error: unknown) => {
    closeStripeDir();
    await activityLog.close();
    await hubspot.close();
    throw error;
  });
  const started = await startOnFreePorts(hubspot, stripe).catch(async (error: unknown) => {
    await stripe.stop();
    closeStripeDir();
    await activityLog.close();
    await hubspot.close();
    throw error;
  });
  const { stack, dataDir } = started;
  const stopAll = async () => {
    await stack.stop();
    await stripe.stop();
    closeStripeDir();
    await activityLog.close();
    await hubspot.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    process.env.MEETFLOW_E2E_BASE_URL = stack.appUrl;
    // Every spec runs signed in as the demo owner (fixtures.ts), from the session saved here.
    if (!stack.demo?.password) throw new Error('a first start made no demo owner to sign in as');
    process.env.MEETFLOW_E2E_DEMO_EMAIL = stack.demo.email;
    process.env.MEETFLOW_E2E_STATE = join(dataDir, 'demo-owner-state.json');
    const oneTimePassword = stack.demo.password;
    process.env.MEETFLOW_E2E_DEMO_PASSWORD = await saveSignedInState(
      stack.appUrl,
      stack.demo.email,
      oneTimePassword,
      process.env.MEETFLOW_E2E_STATE,
    );
    assertNowhereIn(dataDir, oneTimePassword);
    // The local mail server's IMAP, where the product's own emails (password resets) arrive.
    if (stack.mail) process.env.MEETFLOW_E2E_MAIL_IMAP = `${stack.mail.host}:${stack.mail.imapPort}`;
    // Its SMTP, where a spec's mailbox sends from and a prospect's reply is sent to.
    if (stack.mail) process.env.MEETFLOW_E2E_MAIL_SMTP = `${stack.mail.host}:${stack.mail.smtpPort}`;
    // The local CalDAV server's demo calendar (its URL and login), which a spec connects from Settings → Integrations.
    if (stack.caldav) process.env.MEETFLOW_E2E_CALDAV = JSON.stringify(stack.caldav);
    // The app's database, for the few specs that set up what only time makes (a meeting whose start has passed).
    process.env.MEETFLOW_E2E_MONGO_URI = stack.mongoUri;
    // Where the bundled sample sites are served, for specs that paste their addresses.
    if (stack.samplesUrl) process.env.MEETFLOW_E2E_SAMPLES_URL = stack.samplesUrl;
    // The fake HubSpot the app's CRM plugin calls: the token a spec connects with, and its activity log to read back.
    process.env.MEETFLOW_E2E_HUBSPOT = JSON.stringify({
      baseUrl: hubspot.baseUrl,
      token: FAKE_HUBSPOT_TOKEN,
      activityLogUrl: activityLog.url,
    });
    // stripe-mock's API base (a spec reads what it holds) and the webhook secret a spec signs Stripe's events with.
    process.env.MEETFLOW_E2E_STRIPE = JSON.stringify({ apiBase: stripe.apiBase, webhookSecret: stripe.webhookSecret });
  } catch (error) {
    // A setup that fails (no browser, a refused sign-in) leaves no server running behind it.
    await stopAll();
    throw error;
  }
  return stopAll;
}
