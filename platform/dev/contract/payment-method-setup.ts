import { PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import { billingRouteDocs, billingRouter } from '../../src/features/revenue/billing/routes.ts';
import type { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { serveWithAccess } from '../testing/http.ts';
import { memberToken } from '../testing/principal.ts';
import { startTestStripeMock } from '../testing/stripe-mock.ts';
import { ContractClient, type ContractResponse } from './client.ts';
import type { ContractPlatform } from './harness.ts';

/**
 * POST /api/billing/payment-method/setup answered as it is with a Stripe account: the contract's
 * API has none (a 503 naming MEETFLOW_STRIPE_SECRET_KEY, a refusal case), so this one request goes
 * to the billing routes served over the same database with a key for a stripe-mock of its own (the
 * Stripe plugin's API base pointed there), and its answer is checked against the route's docs as any other.
 */
export async function paymentMethodSetupWithStripe(platform: ContractPlatform, workspace: string): Promise<ContractResponse> {
  const mock = await startTestStripeMock();
  const { host } = platform.pluginDeps;
  // The installed host, but the Stripe plugin's settings point at this stripe-mock.
  const mocked: PluginHost = Object.create(host, {
    config: {
      value: (id: string) =>
        id === PAYMENTS_PLUGINS.stripe ? { ...(host.config(id) as Record<string, unknown>), apiBase: mock.url } : host.config(id),
    },
  }) as PluginHost;
  const server = await serveWithAccess(
    platform.stack.db,
    billingRouteDocs,
    billingRouter({ ...platform.pluginDeps, host: mocked, stripeSecretKey: mock.secretKey, publicUrl: platform.url }),
  );
  try {
    const token = await memberToken(platform.stack.db, workspace, 'admin');
    return await new ContractClient(server.url, workspace, undefined, () => Promise.resolve(token)).post(
      '/api/billing/payment-method/setup',
    );
  } finally {
    await server.close();
    await mock.close();
  }
}
