// Vitest global setup: one real database and one real Temporal dev server per test run, on free
// ports and in a temporary folder, so tests never touch .data/ and run while `npm start` is up.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { provisionDevstack } from '../devstack/provision.ts';
import { startOnFreePorts } from '../devstack/supervisor.ts';
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

export default async function setup(project: TestProject) {
  // A server that cannot start fails the whole run with its reason: never a silently skipped suite.
  const { devstack, dataDir } = await startOnFreePorts('meetflow-test-');
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
