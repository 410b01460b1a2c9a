import { defineConfig } from '@playwright/test';

/** Debian's Chromium, with the flags this closed network needs (no background traffic, no sandbox as root). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './e2e',
  // Starts the real app (database, Temporal, worker, API, built UI) on free ports for the run.
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  use: {
    baseURL: process.env.MEETFLOW_E2E_BASE_URL,
    // Signed in as the demo owner (global setup saves the session); e2e/fixtures.ts gives `request` the same.
    storageState: process.env.MEETFLOW_E2E_STATE,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
