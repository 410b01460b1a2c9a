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
    // A poll waits on real servers (a workflow's signal, a mail server's inbox): vitest's 1 s default
    // failed CI on a busy machine (imap.test.ts's bounce), so a poll left at the default gets 15 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
