import { join, resolve } from 'node:path';
import { privateDir } from '../../src/core/private-files.ts';
import { ManagedProcess } from './managed-process.ts';
import { provisionDevstack } from './provision.ts';
import { claimPort, waitUntilReady } from './supervisor.ts';

/** Where and how to run the local Stripe API. */
export interface StripeMockOptions {
  /** Folder for its log and pid file. */
  dataDir: string;
  host?: string;
  port: number;
  /** Env variable name to suggest when the port is taken. */
  portVariable?: string;
  readyTimeoutMs?: number;
}

/** A running stripe-mock: Stripe's API over plain HTTP on loopback. */
export interface StripeMock {
  /** http://host:port (no trailing slash): the API base, as Stripe's is https://api.stripe.com. */
  url: string;
  host: string;
  port: number;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * A test-mode secret key: stripe-mock accepts any key that looks like one (sk_test_ then letters
 * and digits) and refuses a request without one (401), as Stripe does.
 */
export const STRIPE_MOCK_SECRET_KEY = 'sk_test_meetflowlocal';

/**
 * Starts stripe-mock (built from the Go module proxy into .devstack/stripe-mock) on loopback,
 * HTTP only. It answers every documented endpoint with responses of the documented shape,
 * validating requests against Stripe's OpenAPI spec; it keeps no state (a created object is not
 * found again), so what a test checks against it is requests and response shapes, not storage.
 */
export async function startStripeMock(input: StripeMockOptions): Promise<StripeMock> {
  const options = { host: '127.0.0.1', ...input, dataDir: resolve(input.dataDir) };
  for (const dir of ['run', 'logs']) privateDir(join(options.dataDir, dir));
  const tools = await provisionDevstack();
  const pidFile = join(options.dataDir, 'run', 'stripe-mock.pid');
  await claimPort('the local Stripe API (stripe-mock)', options.host, options.port, pidFile, options.portVariable ?? 'the Stripe port');
  const server = await ManagedProcess.start({
    name: 'local Stripe API (stripe-mock)',
    command: tools.stripeMock,
    // HTTP only is used; its HTTPS listener would otherwise take :12112 on every interface, so a
    // second stripe-mock (npm start beside the tests, two test files) failed "address already in use".
    args: ['-http-addr', `${options.host}:${options.port}`, '-https-addr', `${options.host}:`],
    logFile: join(options.dataDir, 'logs', 'stripe-mock.log'),
    pidFile,
  });
  const url = `http://${options.host}:${options.port}`;
  // Ready once it answers an authenticated read.
  await waitUntilReady(
    server,
    async () => {
      const response = await fetch(`${url}/v1/balance`, {
        headers: { authorization: `Bearer ${STRIPE_MOCK_SECRET_KEY}` },
        signal: AbortSignal.timeout(1_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`${url}/v1/balance answered ${response.status}`);
    },
    options.readyTimeoutMs ?? 30_000,
  );
  return { url, host: options.host, port: options.port, process: server, stop: () => server.stop() };
}
