import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../devstack/ports.ts';
import { startStripeMock, STRIPE_MOCK_SECRET_KEY, type StripeMock } from '../devstack/stripe-mock.ts';

/** A stripe-mock for one test file, on a free loopback port, in a temporary folder. */
export interface TestStripeMock {
  /** The API base (http://127.0.0.1:<port>), where Stripe's is https://api.stripe.com. */
  url: string;
  /** A test-mode secret key it accepts. */
  secretKey: string;
  server: StripeMock;
  close(): Promise<void>;
}

/** Starts stripe-mock (provisioned like the other local servers). Throws, saying why, when it cannot start: a test using it fails. */
export async function startTestStripeMock(): Promise<TestStripeMock> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-stripe-mock-'));
  const server = await startStripeMock({ dataDir, port: await freePort() });
  return {
    url: server.url,
    secretKey: STRIPE_MOCK_SECRET_KEY,
    server,
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
