import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, useNewWorkspace } from './fixtures.ts';

// An admin (the demo owner) adds a webhook endpoint pointing at a receiver this spec runs on
// loopback, copies the secret shown once, adds a prospect through the product, and sees the
// signed delivery arrive at the receiver and in the delivery log; Replay sends the same event id.
const run = Date.now().toString(36);

test('add an endpoint, receive a prospect.created event signed with its secret, see it in the log and replay it', async ({ page }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/meetflow`;
  try {
    const workspace = await useNewWorkspace(page, `e2e-webhooks-${run}`);
    await page.goto('/settings/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();

    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await expect(page.getByTestId('webhook-secret-panel')).toContainText('Shown once.');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('webhook-secret-panel')).toBeHidden();
    await expect(page.getByTestId('webhook-row')).toContainText(url);

    // An event through the product: a prospect added.
    const added = await page.request.post(`/api/prospects?workspace=${workspace}`, {
      data: { firstName: 'Hook', lastName: 'Receiver', email: `hook-${run}@example.com`, company: 'Hooks Inc' },
    });
    expect(added.status()).toBe(201);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const [delivery] = received;
    const event = JSON.parse(delivery!.body) as { id: string; type: string; workspace: string; data: { prospect: { email: string } } };
    expect(event).toMatchObject({ type: 'prospect.created', workspace, data: { prospect: { email: `hook-${run}@example.com` } } });
    expect(delivery!.headers['meetflow-event-id']).toBe(event.id);
    const [t, v1] = String(delivery!.headers['meetflow-signature'])
      .split(',')
      .map((part) => part.split('=')[1]!);
    const expected = createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest();
    expect(timingSafeEqual(Buffer.from(v1!, 'hex'), expected)).toBe(true);

    // The log shows it delivered (it refreshes by itself); Replay sends the same event id again.
    const row = page.getByTestId('delivery-row');
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(row.getByTestId('delivery-status')).toHaveText('delivered', { timeout: 15_000 });
    await expect(row).toContainText('prospect.created');
    await row.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]!.headers['meetflow-event-id']).toBe(event.id);
    await expect(page.getByTestId('delivery-row')).toHaveCount(2, { timeout: 15_000 });

    // Disable: the endpoint says so.
    await page.getByTestId('webhook-row').getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByTestId('webhook-row')).toContainText('Disabled');
    expect(crashes).toEqual([]);
  } finally {
    receiver.close();
  }
});
