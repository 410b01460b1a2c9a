import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { startTestStripeMock, type TestStripeMock } from '../testing/stripe-mock.ts';
import { startStripeMock } from './stripe-mock.ts';

let stripe: TestStripeMock;

beforeAll(async () => {
  stripe = await startTestStripeMock();
}, 180_000);

afterAll(async () => {
  await stripe?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the local Stripe API (stripe-mock)', () => {
  it('answers on loopback with Stripe-shaped objects for a test-mode key', async () => {
    const response = await fetch(`${stripe.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ email: 'billing@acme.example', 'metadata[workspace]': 'acme' }),
    });
    expect(response.status).toBe(200);
    const customer = (await response.json()) as { object: string; id: string; email: string };
    expect(customer.object).toBe('customer');
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.email).toBe('billing@acme.example');
    expect(stripe.server.host).toBe('127.0.0.1');
  });

  it('refuses a request without a key and a request that breaks the API spec, as Stripe does', async () => {
    const anonymous = await fetch(`${stripe.url}/v1/customers`);
    expect(anonymous.status).toBe(401);
    const anonymousError = (await anonymous.json()) as { error: { type: string } };
    expect(anonymousError.error.type).toBe('invalid_request_error');
    const invalid = await fetch(`${stripe.url}/v1/invoiceitems`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ amount: 'not a number' }),
    });
    expect(invalid.status).toBe(400);
    await invalid.body?.cancel();
  });

  it('runs beside another one (npm start and the tests at once): each listens on its own loopback port only', async () => {
    const second = await startTestStripeMock();
    try {
      const response = await fetch(`${second.url}/v1/customers`, { headers: { authorization: `Bearer ${second.secretKey}` } });
      expect(response.status).toBe(200);
      await response.body?.cancel();
      expect(second.url).not.toBe(stripe.url);
    } finally {
      await second.close();
    }
  });

  it('refuses a port that is taken, naming the variable to change', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-stripe-mock-'));
    try {
      await expect(startStripeMock({ dataDir, port, portVariable: 'MEETFLOW_STRIPE_PORT' })).rejects.toThrow(
        `port ${port} is already in use`,
      );
      await expect(startStripeMock({ dataDir, port, portVariable: 'MEETFLOW_STRIPE_PORT' })).rejects.toThrow('MEETFLOW_STRIPE_PORT=<port>');
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
