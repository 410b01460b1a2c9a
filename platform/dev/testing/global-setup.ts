// Vitest global setup: one real database and one real Temporal dev server per test run, on free
// ports and in a temporary folder, so tests never touch .data/ and run while `npm start` is up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../devstack/ports.ts';
import { provisionDevstack } from '../devstack/provision.ts';
import { portTakenAtStart, startDevstack, type Devstack } from '../devstack/supervisor.ts';
import { workflowBundle } from '../../src/worker/workflow-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** mongodb://host:port of the test database server (add a database name per test file). */
    mongoServer: string;
    temporalAddress: string;
    /** The prebuilt workflow bundle every test worker loads. */
    workflowBundlePath: string;
    /** The time-skipping test server binary, for multi-day timers. */
    temporalTestServer: string;
  }
}

/**
 * The database and Temporal on ports the OS called free. Both start at once, so the Temporal dev
 * server's own random ports can take the database's before the JVM binds it: then, and only then,
 * both start again on new ports in a new folder (three tries).
 */
async function startOnFreePorts(): Promise<{ devstack: Devstack; dataDir: string }> {
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-test-'));
    const [mongoPort, temporalPort] = [await freePort(), await freePort()];
    try {
      return { devstack: await startDevstack({ dataDir, mongoPort, temporalPort }), dataDir };
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      if (attempt === 3 || !portTakenAtStart(error)) throw error;
    }
  }
}

export default async function setup(project: TestProject) {
  // A server that cannot start fails the whole run with its reason: never a silently skipped suite.
  const { devstack, dataDir } = await startOnFreePorts();
  const bundle = await workflowBundle();
  if (!('codePath' in bundle)) throw new Error('the workflow bundle could not be cached in .devstack/cache');
  project.provide('mongoServer', devstack.mongoUri.replace(/\/[^/]*$/, ''));
  project.provide('temporalAddress', devstack.temporalAddress);
  project.provide('workflowBundlePath', bundle.codePath);
  project.provide('temporalTestServer', (await provisionDevstack()).temporalTestServer);
  return async () => {
    await devstack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
