// The recorder's vitest run (`npm run record:histories`): only record-histories.ts, on the servers the
// test suite's global setup starts (a real Temporal dev server and database on free ports, the prebuilt workflow bundle).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    include: ['platform/dev/replay/record-histories.ts'],
    globalSetup: ['platform/dev/testing/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
