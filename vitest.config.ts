import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration tests talk to real servers; two workers fit the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // A poll waits on real servers (a workflow's signal, a mail server's inbox): vitest's 1 s default
    // failed CI on a busy machine (imap.test.ts's bounce), so a poll left at the default gets 15 s.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: [
            'platform/src/**/*.test.ts',
            'platform/dev/**/*.test.ts',
            'workflows/src/**/*.test.ts',
            'plugins/*/**/*.test.ts',
            'ui/src/**/*.test.ts',
          ],
          exclude: ['platform/dev/faults/**', '**/node_modules/**'],
          // One real database and Temporal dev server for the whole suite (the fault tests start their own).
          globalSetup: ['platform/dev/testing/global-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['platform/dev/faults/**/*.test.ts'],
          // After the rest, on a machine they then have to themselves: each starts its own servers,
          // a worker and an API and kills some of them, and their timings (a send's 2-minute timeout,
          // an outage of 20 s) must not stretch past their limits because the suite loads the cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
