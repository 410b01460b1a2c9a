// Playwright global setup: the whole app as `npm start` runs it, but on free ports and in a
// temporary data folder, so end-to-end tests run beside a developer's own `npm start`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../platform/src/core/config.ts';
import { freePort } from '../../platform/dev/devstack/ports.ts';
import { startStack } from '../../platform/dev/stack/start-stack.ts';

/** Signs in through the API and saves the session cookie as a Playwright storage state. */
async function saveSignedInState(appUrl: string, email: string, password: string, file: string) {
  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`the demo owner could not sign in: ${login.status} ${await login.text()}`);
  const [name, value] = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!.split('=') as [string, string];
  const { hostname } = new URL(appUrl);
  const cookie = { name, value, domain: hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const };
  writeFileSync(file, JSON.stringify({ cookies: [cookie], origins: [] }));
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
  process.env.MEETFLOW_E2E_DEMO_PASSWORD = stack.demo.password;
  process.env.MEETFLOW_E2E_STATE = join(dataDir, 'demo-owner-state.json');
  await saveSignedInState(stack.appUrl, stack.demo.email, stack.demo.password, process.env.MEETFLOW_E2E_STATE);
  // Where the bundled sample sites are served, for specs that paste their addresses.
  if (stack.samplesUrl) process.env.MEETFLOW_E2E_SAMPLES_URL = stack.samplesUrl;
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
