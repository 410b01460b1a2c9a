// Delivering events: the fan-out of a workspace's new events into deliveries (read by their numbers,
// exact keys of the events' unique index, never a scan), one signed POST per attempt, and replay.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Model } from 'mongoose';
import type { Counter } from '../../../core/db/counter.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { lastEventSeq, type DomainEvent } from '../../../core/events.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { endpointAddress, type EndpointUrlPolicy } from './endpoint-url.ts';
import { DEFAULT_URL_POLICY, signingSecrets } from './endpoints.ts';
import { deliveryBody } from './event-schemas.ts';
import type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint, WebhooksDb } from './model.ts';
import { signatureHeader } from './signature.ts';

export type DeliveryDb = WebhooksDb & { events: Model<DomainEvent>; counters: Model<Counter> };

/** A receiver gets this long to answer an attempt. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the log keeps. */
export const LOGGED_BODY_BYTES = 1024;
/** Events a fan-out reads per endpoint per look. */
const EVENTS_PER_LOOK = 200;
/** A missing event number below the last one is waited for this long (a publish in flight), then skipped (a number lost to a race). */
export const GAP_GRACE_MS = 60_000;

/** The workflow id of a delivery: one run per delivery. */
export const deliveryWorkflowId = (workspaceId: string, deliveryId: string) => `webhook-delivery:${workspaceId}:${deliveryId}`;
/** The workflow id of a workspace's dispatching. */
export const dispatchWorkflowId = (workspaceId: string) => `webhook-dispatch:${workspaceId}`;

const newDeliveryId = () => `whd_${randomBytes(12).toString('hex')}`;

/** Starts a delivery's workflow (idempotent: a second start of the same delivery finds the first). */
export type StartDelivery = (workspaceId: string, deliveryId: string) => Promise<void>;

/** Makes (once) the delivery of `event` to `endpoint` and answers its id. */
async function deliveryFor(db: WebhooksDb, endpoint: WebhookEndpoint, event: DomainEvent): Promise<string> {
  const key = `${endpoint.publicId}:${event.eventId}`;
  const { workspaceId } = endpoint;
  try {
    const created = await db.webhookDeliveries.create({
      workspaceId,
      publicId: newDeliveryId(),
      key,
      endpointId: endpoint.publicId,
      eventId: event.eventId,
      eventType: event.type,
    });
    return created.publicId;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await db.webhookDeliveries.findOne({ workspaceId, key }, { publicId: 1 }).lean<{ publicId: string }>();
    if (!existing) throw error;
    return existing.publicId;
  }
}

/**
 * One look at the workspace's new events: for each enabled endpoint, the events after its cursor
 * (each read by its number), a delivery for each of the types it wants, its workflow started, and
 * the cursor moved on — in that order, so a look cut short is redone without losing or doubling
 * one. Answers how many endpoints are enabled and how many deliveries were started.
 */
export async function dispatchEvents(
  db: DeliveryDb,
  workspaceId: string,
  start: StartDelivery,
  now: Date = new Date(),
): Promise<{ endpoints: number; started: number }> {
  const endpoints = await db.webhookEndpoints.find({ workspaceId, enabled: true }).lean<WebhookEndpoint[]>();
  if (endpoints.length === 0) return { endpoints: 0, started: 0 };
  const last = await lastEventSeq(db.counters, workspaceId);
  let started = 0;
  for (const endpoint of endpoints) {
    let cursor = endpoint.cursor;
    let gapSince = endpoint.gapSince;
    for (let read = 0; read < EVENTS_PER_LOOK && cursor < last; read++) {
      const event = await db.events.findOne({ workspaceId, seq: cursor + 1 }).lean<DomainEvent>();
      if (!event) {
        gapSince ??= now;
        if (now.getTime() - gapSince.getTime() < GAP_GRACE_MS) break;
        cursor += 1; // given up on: a number a publish reserved and never used
        gapSince = null;
        continue;
      }
      gapSince = null;
      if (endpoint.events.includes(event.type)) {
        await start(workspaceId, await deliveryFor(db, endpoint, event));
        started += 1;
      }
      cursor += 1;
    }
    if (cursor !== endpoint.cursor || gapSince?.getTime() !== endpoint.gapSince?.getTime())
      await db.webhookEndpoints.updateOne(
        { workspaceId, publicId: endpoint.publicId, cursor: endpoint.cursor },
        { $set: { cursor, gapSince } },
      );
  }
  return { endpoints: endpoints.length, started };
}

/** What an attempt needs beyond the database. */
export interface AttemptDeps {
  db: DeliveryDb;
  secrets: Secrets;
  policy?: EndpointUrlPolicy;
  clock?: () => Date;
}

type AttemptOutcome = 'delivered' | 'retry' | 'gone' | 'dropped';

/**
 * One attempt of a delivery: the event's body signed with the endpoint's secrets, POSTed to the
 * checked address within 10 s, the answer recorded in the log. 2xx: delivered; 410: the endpoint
 * is disabled (and the delivery failed); anything else: tried again. A delivery already settled,
 * or whose endpoint is gone or disabled, is not sent (`dropped`).
 */
export async function attemptDelivery(deps: AttemptDeps, workspaceId: string, deliveryId: string): Promise<AttemptOutcome> {
  const { db } = deps;
  const now = deps.clock?.() ?? new Date();
  const delivery = await db.webhookDeliveries.findOne({ workspaceId, publicId: deliveryId }).lean<WebhookDelivery>();
  if (!delivery || delivery.status !== 'pending') return 'dropped';
  const endpoint = await db.webhookEndpoints.findOne({ workspaceId, publicId: delivery.endpointId }).lean<WebhookEndpoint>();
  const event = await db.events.findOne({ workspaceId, eventId: delivery.eventId }).lean<DomainEvent>();
  if (!endpoint || !endpoint.enabled || !event) {
    const reason = !endpoint ? 'the endpoint was deleted' : !event ? 'the event is gone' : 'the endpoint is disabled';
    await settle(db, delivery, 'cancelled', reason);
    return 'dropped';
  }
  if ('unavailable' in deps.secrets) {
    await logAttempt(db, delivery, { at: now, status: null, durationMs: 0, body: '', error: deps.secrets.unavailable });
    return 'retry';
  }
  const body = deliveryBody(event);
  const t = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Meetflow-Webhooks/1.0',
    'meetflow-event-id': event.eventId,
    'meetflow-event-type': event.type,
    'meetflow-delivery-id': delivery.publicId,
    'meetflow-signature': signatureHeader(signingSecrets(deps.secrets, endpoint, now), t, body),
  };
  const attempt = await post(endpoint.url, headers, body, deps.policy ?? DEFAULT_URL_POLICY);
  await logAttempt(db, delivery, { at: now, ...attempt });
  if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) {
    await settle(db, delivery, 'delivered', null);
    return 'delivered';
  }
  if (attempt.status === 410) {
    const reason = `${endpoint.url} answered 410 Gone`;
    await db.webhookEndpoints.updateOne({ workspaceId, publicId: endpoint.publicId }, { $set: { enabled: false, disabledReason: reason } });
    await settle(db, delivery, 'failed', reason);
    return 'gone';
  }
  return 'retry';
}

/** Marks a delivery failed once its 24 hours of retries are spent (unless it settled meanwhile). */
export async function failDelivery(db: WebhooksDb, workspaceId: string, deliveryId: string): Promise<void> {
  const delivery = await db.webhookDeliveries.findOne({ workspaceId, publicId: deliveryId }).lean<WebhookDelivery>();
  if (delivery) await settle(db, delivery, 'failed', 'no 2xx answer within 24 hours of retries');
}

/** A new delivery of a logged one's event to its endpoint (the same event id, so the receiver can tell it is the same event). */
export async function replayDelivery(
  db: WebhooksDb,
  workspaceId: string,
  deliveryId: string,
  start: StartDelivery,
): Promise<WebhookDelivery> {
  const original = await db.webhookDeliveries.findOne({ workspaceId, publicId: deliveryId }).lean<WebhookDelivery>();
  if (!original) throw new NotFoundError(`No webhook delivery ${deliveryId} in this workspace`);
  if (!(await db.webhookEndpoints.exists({ workspaceId, publicId: original.endpointId })))
    throw new NotFoundError(`The endpoint of delivery ${deliveryId} was deleted`);
  const publicId = newDeliveryId();
  const replay = await db.webhookDeliveries.create({
    workspaceId,
    publicId,
    key: `replay:${publicId}`,
    endpointId: original.endpointId,
    eventId: original.eventId,
    eventType: original.eventType,
    replayOf: original.publicId,
  });
  await start(workspaceId, publicId);
  return replay.toObject();
}

async function logAttempt(db: WebhooksDb, delivery: WebhookDelivery, attempt: DeliveryAttempt) {
  await db.webhookDeliveries.updateOne(
    { workspaceId: delivery.workspaceId, publicId: delivery.publicId },
    { $push: { attempts: attempt } },
  );
}

async function settle(db: WebhooksDb, delivery: WebhookDelivery, status: 'delivered' | 'failed' | 'cancelled', reason: string | null) {
  await db.webhookDeliveries.updateOne(
    { workspaceId: delivery.workspaceId, publicId: delivery.publicId, status: 'pending' },
    { $set: { status, reason } },
  );
}

/** One POST to the checked address: the status, time and first 1 KB of the answer, or why none came. */
async function post(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  policy: EndpointUrlPolicy,
): Promise<Omit<DeliveryAttempt, 'at'>> {
  const began = Date.now();
  const checked = await endpointAddress(rawUrl, policy);
  if (!checked.ok) return { status: null, durationMs: Date.now() - began, body: '', error: checked.reason };
  const { url, address } = checked;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const done = (result: Omit<DeliveryAttempt, 'at' | 'durationMs'>) => resolve({ ...result, durationMs: Date.now() - began });
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // Connects to the address checked above only (a DNS answer cannot change in between).
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [address]);
          else callback(null, address.address, address.family);
        },
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < LOGGED_BODY_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () =>
          done({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).subarray(0, LOGGED_BODY_BYTES).toString('utf8'),
            error: null,
          }),
        );
        response.on('error', () => done({ status: response.statusCode ?? null, body: '', error: 'connection lost' }));
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error('timed out')), ATTEMPT_TIMEOUT_MS);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({
        status: null,
        body: '',
        error: error.message === 'timed out' ? 'timed out' : error.code === 'ECONNREFUSED' ? 'connection refused' : 'connection failed',
      }),
    );
    request.end(body);
  });
}
