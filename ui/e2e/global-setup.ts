// Playwright global setup: the whole app as `npm start` runs it, but on free ports and in a
// temporary data folder, so end-to-end tests run beside a developer's own `npm start`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../platform/src/core/config.ts';
import { freePort } from '../../platform/dev/devstack/ports.ts';
import { startStack } from '../../platform/dev/stack/start-stack.ts';

/** The session cookie an answer set, as `name=value`. */
const sessionCookieOf = (response: Response) =>
  (response.headers.getSetCookie().find((line) => line.startsWith('meetflow_session=')) ?? '').split(';')[0]!;

/**
 * Signs the demo owner in through the API with the printed one-time password, sets their own
 * password (the app asks for it before anything else), and saves that session as a Playwright
 * storage state. Answers the password set.
 */
async function saveSignedInState(appUrl: string, email: string, oneTimePassword: string, file: string): Promise<string> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const login = await post('/api/auth/login', { email, password: oneTimePassword });
  if (!login.ok) throw new Error(`the demo owner could not sign in: ${login.status} ${await login.text()}`);
  const password = `e2e demo owner ${randomBytes(9).toString('base64url')}`;
  const changed = await post('/api/auth/password', { currentPassword: oneTimePassword, newPassword: password }, sessionCookieOf(login));
  if (!changed.ok) throw new Error(`the demo owner could not set a password: ${changed.status} ${await changed.text()}`);
  const [name, value] = sessionCookieOf(changed).split('=') as [string, string];
  const { hostname } = new URL(appUrl);
  const cookie = { name, value, domain: hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const };
  writeFileSync(file, JSON.stringify({ cookies: [cookie], origins: [] }));
  return password;
}

/** Fails when a file under `dir` holds `secret`: the demo owner's one-time password goes to the terminal only, never a log file. */
function assertNowhereIn(dir: string, secret: string) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || statSync(path).size > 64 * 1024 * 1024) continue;
    if (readFileSync(path).includes(secret)) throw new Error(`the demo owner's one-time password was written to ${path}`);
  }
}

export default async function globalSetup() {
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
    // Specs connect mailboxes to SMTP servers of their own on loopback, on ports chosen as they run.
    MEETFLOW_MAIL_ALLOW_HOSTS: '127.0.0.1',
    MEETFLOW_SAMPLE_COMPANIES: '300',
    MEETFLOW_DATA_DIR: dataDir,
    // Errors only: the specs fail pipeline steps on purpose, and a green run should stay quiet.
    LOG_LEVEL: 'error',
  };
  const stack = await startStack(loadConfig(environment), (message) => console.log(`[e2e] ${message}`), environment);
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
  // Where the bundled sample sites are served, for specs that paste their addresses.
  if (stack.samplesUrl) process.env.MEETFLOW_E2E_SAMPLES_URL = stack.samplesUrl;
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
