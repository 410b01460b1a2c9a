import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'platform/src/**/*.test.ts',
      'platform/dev/**/*.test.ts',
      'workflows/src/**/*.test.ts',
      'plugins/*/**/*.test.ts',
      'ui/src/**/*.test.ts',
    ],
    globalSetup: ['platform/dev/testing/global-setup.ts'],
    // Integration tests talk to real servers; two workers fit the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
