// Webhook delivery end to end on the time-skipping Temporal server (a 24-hour retry window runs in
// seconds): real deliveries POSTed to the README's example receiver on loopback.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webhookReceiver } from '../../../../dev/examples/webhook-receiver.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { quietTemporalRuntime } from '../../../../dev/testing/quiet-temporal.ts';
import { publishEvent } from '../../../core/events.ts';
import { repoRoot } from '../../../core/paths.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createModels, type Models } from '../../models.ts';
import { attemptDelivery, dispatchEvents, failDelivery, replayDelivery } from './delivery.ts';
import { deliveryStarter } from './dispatch.ts';
import { createEndpoint, getEndpoint } from './endpoints.ts';
import type { WebhookDelivery } from './model.ts';
import { signatureHeader } from './signature.ts';

const box = secretsBox(randomBytes(32));
const taskQueue = `webhooks-${randomBytes(4).toString('hex')}`;
let env: TestWorkflowEnvironment;
let database: mongoose.Connection;
let db: Models;
let worker: Worker;
let running: Promise<void>;
const servers: Server[] = [];

beforeAll(async () => {
  quietTemporalRuntime();
  env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: inject('temporalTestServer') } },
  });
  database = await openTestDatabase('webhooks-delivery');
  db = createModels(database);
  await Promise.all([db.events.init(), db.counters.init(), db.webhookEndpoints.init(), db.webhookDeliveries.init()]);
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities: {
      dispatchWebhookEvents: ({ workspaceId }: { workspaceId: string }) => dispatchEvents(db, workspaceId, start),
      attemptWebhookDelivery: async ({ workspaceId, deliveryId }: { workspaceId: string; deliveryId: string }) => ({
        outcome: await attemptDelivery({ db, secrets: box }, workspaceId, deliveryId),
      }),
      failWebhookDelivery: ({ workspaceId, deliveryId }: { workspaceId: string; deliveryId: string }) =>
        failDelivery(db, workspaceId, deliveryId),
    },
  });
  running = worker.run();
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.close();
  worker?.shutdown();
  await running;
  await env?.teardown();
  await database?.dropDatabase();
  await database?.close();
});

const start = (workspaceId: string, deliveryId: string) => deliveryStarter({ client: env.client, taskQueue })(workspaceId, deliveryId);

/** A receiver on loopback: the README's example behind `gate` (which may answer first, e.g. 503 while "down"); every request's headers kept. */
async function receiver(secret: string, gate?: (respond: (status: number) => void) => Promise<boolean>) {
  const received: Array<{ id: string; type: string; data: unknown }> = [];
  const requests: IncomingHttpHeaders[] = [];
  const example = webhookReceiver(secret, (event) => received.push(event));
  const handle = example.listeners('request')[0] as RequestListener;
  const server = createServer((req, res) => {
    requests.push(req.headers);
    void (async () => {
      if (gate && (await gate((status) => res.writeHead(status).end(`status ${status}`)))) return;
      handle(req, res);
    })();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, requests };
}

async function endpointFor(workspaceId: string, url: string, events: Array<'prospect.created' | 'email.sent'> = ['prospect.created']) {
  // A placeholder until the receiver, which needs the secret, listens.
  return createEndpoint(db, box, workspaceId, { url: url || 'http://127.0.0.1:9/', events, description: '' }, 'user:test');
}

const publish = (workspaceId: string, key: string, type: 'prospect.created' | 'email.sent' = 'prospect.created') =>
  publishEvent(db, systemRunContext(workspaceId, 'test'), { type, key, data: { prospect: { id: Number(key) || 1 } } });

/** Turns the workspace's new events into deliveries, waits for each delivery's workflow, and answers them as logged. */
async function deliverAll(workspaceId: string): Promise<WebhookDelivery[]> {
  await dispatchEvents(db, workspaceId, start);
  const deliveries = await db.webhookDeliveries.find({ workspaceId }).lean<WebhookDelivery[]>();
  for (const delivery of deliveries) await env.client.workflow.getHandle(`webhook-delivery:${workspaceId}:${delivery.publicId}`).result();
  return db.webhookDeliveries.find({ workspaceId }).sort({ createdAt: 1 }).lean<WebhookDelivery[]>();
}

describe('webhook delivery', () => {
  it("is signed so that the README's example receiver verifies it, with the event id in a header", async () => {
    const { endpoint, secret } = await endpointFor('wh-signed', '');
    const hook = await receiver(secret);
    await db.webhookEndpoints.updateOne({ workspaceId: 'wh-signed', publicId: endpoint.id }, { $set: { url: hook.url } });
    const { eventId } = await publish('wh-signed', '7');
    const [delivery] = await deliverAll('wh-signed');
    expect(delivery).toMatchObject({ status: 'delivered', eventId, attempts: [{ status: 200, body: 'ok', error: null }] });
    expect(hook.received).toEqual([
      { id: eventId, type: 'prospect.created', occurredAt: expect.any(String), workspace: 'wh-signed', data: { prospect: { id: 7 } } },
    ]);
    expect(hook.requests[0]).toMatchObject({ 'meetflow-event-id': eventId, 'meetflow-event-type': 'prospect.created' });
    expect(hook.requests[0]!['meetflow-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('signed with a wrong secret is refused by the receiver, retried for 24 hours of backoff, then marked failed', async () => {
    const hook = await receiver('whsec_not-the-one');
    await endpointFor('wh-wrong', hook.url);
    await publish('wh-wrong', '1');
    const [delivery] = await deliverAll('wh-wrong');
    expect(hook.received).toEqual([]);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.reason).toMatch(/24 hours/);
    expect(delivery!.attempts.every((attempt) => attempt.status === 401 && attempt.body === 'bad signature')).toBe(true);
    // 30 s doubling to 1 h: 8 attempts within the first ~64 minutes, then hourly until 24 hours have passed.
    expect(delivery!.attempts.length).toBeGreaterThanOrEqual(28);
    expect(delivery!.attempts.length).toBeLessThanOrEqual(33);
  }, 60_000);

  it('refuses an old timestamp even with a right signature (the example receiver)', async () => {
    const secret = 'whsec_example';
    const hook = await receiver(secret);
    const body = JSON.stringify({ id: 'evt_old', type: 'prospect.created', data: {} });
    const old = Math.floor(Date.now() / 1000) - 600;
    const answer = await fetch(hook.url, { method: 'POST', body, headers: { 'meetflow-signature': signatureHeader([secret], old, body) } });
    expect([answer.status, await answer.text()]).toEqual([400, 'timestamp too old']);
    const fresh = await fetch(hook.url, {
      method: 'POST',
      body,
      headers: { 'meetflow-signature': signatureHeader([secret], Math.floor(Date.now() / 1000), body) },
    });
    expect(fresh.status).toBe(200);
    expect(hook.received.map((event) => event.id)).toEqual(['evt_old']);
  });

  it('reaches a receiver down for 10 minutes: every event afterwards, each once', async () => {
    let upAt = 0;
    const { endpoint, secret } = await endpointFor('wh-down', '');
    const example = await receiver(secret, async (respond) => {
      if ((await env.currentTimeMs()) >= upAt) return false;
      respond(503);
      return true;
    });
    await db.webhookEndpoints.updateOne({ workspaceId: 'wh-down', publicId: endpoint.id }, { $set: { url: example.url } });
    upAt = (await env.currentTimeMs()) + 10 * 60_000;
    const ids = [];
    for (const key of ['1', '2', '3']) ids.push((await publish('wh-down', key)).eventId);
    const deliveries = await deliverAll('wh-down');
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(example.received.map((event) => event.id).sort()).toEqual([...ids].sort());
    for (const delivery of deliveries) {
      // 503 at 0, 30 s, 1:30, 3:30 and 7:30; the attempt at 15:30 finds it up.
      expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503, 503, 503, 200]);
    }
  }, 60_000);

  it('disables the endpoint when the receiver answers 410 Gone', async () => {
    const hook = await receiver('', async (respond) => {
      respond(410);
      return true;
    });
    const { endpoint } = await endpointFor('wh-gone', hook.url);
    await publish('wh-gone', '1');
    const [delivery] = await deliverAll('wh-gone');
    expect(delivery).toMatchObject({ status: 'failed', attempts: [{ status: 410 }] });
    expect(await getEndpoint(db, 'wh-gone', endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/410 Gone/),
    });
    await publish('wh-gone', '2');
    expect(await dispatchEvents(db, 'wh-gone', start)).toEqual({ endpoints: 0, started: 0 });
    expect(hook.requests).toHaveLength(1);
  });

  it('replays a delivery with the same event id, which the receiver dedupes', async () => {
    const { endpoint, secret } = await endpointFor('wh-replay', '');
    const hook = await receiver(secret);
    await db.webhookEndpoints.updateOne({ workspaceId: 'wh-replay', publicId: endpoint.id }, { $set: { url: hook.url } });
    const { eventId } = await publish('wh-replay', '3');
    const [first] = await deliverAll('wh-replay');
    const replay = await replayDelivery(db, 'wh-replay', first!.publicId, start);
    expect(await env.client.workflow.getHandle(`webhook-delivery:wh-replay:${replay.publicId}`).result()).toBe('delivered');
    expect(hook.requests.map((headers) => headers['meetflow-event-id'])).toEqual([eventId, eventId]);
    expect(hook.received).toHaveLength(1);
    expect(await db.webhookDeliveries.findOne({ workspaceId: 'wh-replay', publicId: replay.publicId }).lean()).toMatchObject({
      replayOf: first!.publicId,
      status: 'delivered',
    });
  });

  it("never delivers workspace A's events to B's endpoints, and publishes an event once however often it is published", async () => {
    const a = await endpointFor('wh-iso-a', '');
    const b = await endpointFor('wh-iso-b', '');
    const hookA = await receiver(a.secret);
    const hookB = await receiver(b.secret);
    await db.webhookEndpoints.updateOne({ workspaceId: 'wh-iso-a', publicId: a.endpoint.id }, { $set: { url: hookA.url } });
    await db.webhookEndpoints.updateOne({ workspaceId: 'wh-iso-b', publicId: b.endpoint.id }, { $set: { url: hookB.url } });
    const first = await publish('wh-iso-a', '1');
    expect(await publish('wh-iso-a', '1')).toEqual({ eventId: first.eventId, published: false });
    expect(await deliverAll('wh-iso-a')).toHaveLength(1);
    expect(await dispatchEvents(db, 'wh-iso-b', start)).toEqual({ endpoints: 1, started: 0 });
    expect(hookA.received.map((event) => event.id)).toEqual([first.eventId]);
    expect(hookB.requests).toEqual([]);
  });

  it('signs with the old secret too for 24 hours after a rotation', async () => {
    const { rotateSecret } = await import('./endpoints.ts');
    const { endpoint, secret: old } = await endpointFor('wh-rotate', '');
    const hookOld = await receiver(old);
    await db.webhookEndpoints.updateOne({ workspaceId: 'wh-rotate', publicId: endpoint.id }, { $set: { url: hookOld.url } });
    const { secret: fresh } = await rotateSecret(db, box, 'wh-rotate', endpoint.id);
    expect(fresh).not.toBe(old);
    await publish('wh-rotate', '1');
    await deliverAll('wh-rotate');
    expect(hookOld.received).toHaveLength(1);
    expect(hookOld.requests[0]!['meetflow-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  });

  it('is documented with the example receiver the README quotes verbatim (the one these tests deliver to)', () => {
    const example = readFileSync(join(repoRoot, 'platform/dev/examples/webhook-receiver.ts'), 'utf8');
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});
