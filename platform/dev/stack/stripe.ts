import { randomBytes } from 'node:crypto';
import { freePort } from '../devstack/ports.ts';
import { startStripeMock, STRIPE_MOCK_SECRET_KEY, type StripeMock } from '../devstack/stripe-mock.ts';

/** Stripe for a stack run (the e2e run's): the local Stripe API, and what the API and worker are given to bill through it. */
export interface StackStripe {
  /** stripe-mock's API base (http://127.0.0.1:<port>), where Stripe's is https://api.stripe.com. */
  apiBase: string;
  /** The endpoint signing secret the API verifies Stripe's webhooks with: a sender signs with it (dev/testing/stripe-webhooks.ts). */
  webhookSecret: string;
  /** The variables to start the stack with: a test-mode key and the webhook secret (MEETFLOW_STRIPE_SECRET_KEY, _WEBHOOK_SECRET). */
  environment: Record<string, string>;
  /** The Stripe plugin's settings (its API base), to merge into MEETFLOW_PLUGINS_CONFIG under `payments-stripe`. */
  pluginSettings: { apiBase: string };
  server: StripeMock;
  stop(): Promise<void>;
}

/**
 * Starts stripe-mock (the binary and helper the vitest tests use) on a free loopback port, its log
 * and pid under `dataDir`, with a test-mode key it accepts and a fresh webhook signing secret. Started
 * before the stack, so no server the stack starts can take its port.
 */
export async function startStackStripe(dataDir: string): Promise<StackStripe> {
  const server = await startStripeMock({ dataDir, port: await freePort(), portVariable: 'the e2e Stripe port' });
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  return {
    apiBase: server.url,
    webhookSecret,
    environment: { MEETFLOW_STRIPE_SECRET_KEY: STRIPE_MOCK_SECRET_KEY, MEETFLOW_STRIPE_WEBHOOK_SECRET: webhookSecret },
    pluginSettings: { apiBase: server.url },
    server,
    stop: () => server.stop(),
  };
}
