// Playwright global setup: the whole app as `npm start` runs it, but on free ports and in a
// temporary data folder, so end-to-end tests run beside a developer's own `npm start`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../platform/src/core/config.ts';
import { freePort } from '../../platform/dev/devstack/ports.ts';
import { startStack } from '../../platform/dev/stack/start-stack.ts';

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
    MEETFLOW_SAMPLE_COMPANIES: '300',
    MEETFLOW_DATA_DIR: dataDir,
    // Errors only: the specs fail pipeline steps on purpose, and a green run should stay quiet.
    LOG_LEVEL: 'error',
  };
  const stack = await startStack(loadConfig(environment), (message) => console.log(`[e2e] ${message}`), environment);
  process.env.MEETFLOW_E2E_BASE_URL = stack.appUrl;
  // Where the bundled sample sites are served, for specs that paste their addresses.
  if (stack.samplesUrl) process.env.MEETFLOW_E2E_SAMPLES_URL = stack.samplesUrl;
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
