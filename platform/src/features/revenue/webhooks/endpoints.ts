import { randomBytes } from 'node:crypto';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { Model } from 'mongoose';
import type { Counter } from '../../../core/db/counter.ts';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { lastEventSeq, type EventType } from '../../../core/events.ts';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import type { EndpointPatch, EndpointView, NewEndpoint } from './api-schemas.ts';
import { urlProblem, type EndpointUrlPolicy } from './endpoint-url.ts';
import type { WebhookEndpoint, WebhooksDb } from './model.ts';
import { newSigningSecret } from './signature.ts';

/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** Where endpoints may point when none is given: http to loopback too, except in production (NODE_ENV=production). */
export const DEFAULT_URL_POLICY: EndpointUrlPolicy = { allowLoopbackHttp: process.env.NODE_ENV !== 'production' };

export type EndpointsDb = WebhooksDb & { counters: Model<Counter> };

type Owner = Pick<WebhookEndpoint, 'workspaceId' | 'publicId'>;
/** What an endpoint's secrets are sealed bound to, so they open for no other endpoint. */
const boundTo = (endpoint: Owner) => `webhook-secret:${endpoint.workspaceId}/${endpoint.publicId}`;

/** The secrets box, or a 503 saying why there is none. */
export function requireBox(secrets: Secrets): SecretsBox {
  if ('unavailable' in secrets) throw new ServiceUnavailableError(secrets.unavailable.replace(/^Mailboxes are off/, 'Webhooks are off'));
  return secrets;
}

/** The secrets an endpoint signs with now: its own, and the previous one during a rotation's 24 hours. */
export function signingSecrets(box: SecretsBox, endpoint: WebhookEndpoint, now: Date): string[] {
  const current = box.open(endpoint.secret, boundTo(endpoint));
  const previous =
    endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > now.getTime()
      ? box.open(endpoint.previousSecret, boundTo(endpoint))
      : null;
  return previous ? [current, previous] : [current];
}

export const viewOf = (endpoint: WebhookEndpoint): EndpointView => ({
  id: endpoint.publicId,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  previousSecretUntil:
    endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date() ? endpoint.previousSecretUntil.toISOString() : null,
  createdBy: endpoint.createdBy,
  createdAt: endpoint.createdAt.toISOString(),
});

function checkUrl(url: string, policy: EndpointUrlPolicy) {
  const problem = urlProblem(url, policy);
  // A URL the schema allows that cannot be used here (not https, not absolute, a login in it): 422, as the document says.
  if (problem) throw new UnprocessableError(`url ${problem}`, { url: problem });
}

/** The workspace's endpoints, oldest first. */
export async function listEndpoints(db: WebhooksDb, workspaceId: string): Promise<EndpointView[]> {
  const endpoints = await db.webhookEndpoints.find({ workspaceId }).sort({ createdAt: 1, _id: 1 }).lean<WebhookEndpoint[]>();
  return endpoints.map(viewOf);
}

/** One endpoint of the workspace, or a 404. */
export async function getEndpoint(db: WebhooksDb, workspaceId: string, publicId: string): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoints.findOne({ workspaceId, publicId }).lean<WebhookEndpoint>();
  if (!endpoint) throw new NotFoundError(`No webhook endpoint ${publicId} in this workspace`);
  return endpoint;
}

/**
 * Adds an endpoint with a new signing secret (answered once, here, and stored only sealed). It
 * receives the events published from now on: its cursor starts at the workspace's last event.
 */
export async function createEndpoint(
  db: EndpointsDb,
  box: SecretsBox,
  workspaceId: string,
  input: NewEndpoint,
  createdBy: string,
  policy: EndpointUrlPolicy = DEFAULT_URL_POLICY,
): Promise<{ endpoint: EndpointView; secret: string }> {
  checkUrl(input.url, policy);
  const publicId = `whe_${randomBytes(12).toString('hex')}`;
  const secret = newSigningSecret();
  const created = await db.webhookEndpoints.create({
    workspaceId,
    publicId,
    url: input.url,
    description: input.description,
    events: [...new Set(input.events)],
    secret: box.seal(secret, boundTo({ workspaceId, publicId })),
    cursor: await lastEventSeq(db.counters, workspaceId),
    createdBy,
  });
  return { endpoint: viewOf(created.toObject()), secret };
}

/** Changes an endpoint's URL, description, events or whether it is enabled (enabling clears the platform's reason). */
export async function updateEndpoint(
  db: WebhooksDb,
  workspaceId: string,
  publicId: string,
  patch: EndpointPatch,
  policy: EndpointUrlPolicy = DEFAULT_URL_POLICY,
): Promise<{ before: EndpointView; after: EndpointView }> {
  const before = await getEndpoint(db, workspaceId, publicId);
  if (patch.url !== undefined) checkUrl(patch.url, policy);
  const set: Partial<WebhookEndpoint> = {};
  if (patch.url !== undefined) set.url = patch.url;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.events !== undefined) set.events = [...new Set(patch.events)] as EventType[];
  if (patch.enabled !== undefined) {
    set.enabled = patch.enabled;
    if (patch.enabled) set.disabledReason = null;
  }
  const after = await db.webhookEndpoints
    .findOneAndUpdate({ workspaceId, publicId }, { $set: set }, { returnDocument: 'after' })
    .lean<WebhookEndpoint>();
  if (!after) throw new NotFoundError(`No webhook endpoint ${publicId} in this workspace`);
  return { before: viewOf(before), after: viewOf(after) };
}

/** A new signing secret (answered once); the old one keeps signing beside it for 24 hours. */
export async function rotateSecret(
  db: WebhooksDb,
  box: SecretsBox,
  workspaceId: string,
  publicId: string,
  now = new Date(),
): Promise<{ endpoint: EndpointView; secret: string }> {
  const endpoint = await getEndpoint(db, workspaceId, publicId);
  const secret = newSigningSecret();
  const rotated = await db.webhookEndpoints
    .findOneAndUpdate(
      // Only over the secret read: two rotations at once cannot both keep "the previous" one.
      { workspaceId, publicId, 'secret.ciphertext': endpoint.secret.ciphertext },
      {
        $set: {
          secret: box.seal(secret, boundTo(endpoint)),
          previousSecret: endpoint.secret,
          previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        },
      },
      { returnDocument: 'after' },
    )
    .lean<WebhookEndpoint>();
  if (!rotated) throw new ConflictError('The secret was rotated meanwhile: read the endpoint again');
  return { endpoint: viewOf(rotated), secret };
}

/** Removes an endpoint; its deliveries still waiting are cancelled (their workflows find it gone). */
export async function deleteEndpoint(db: WebhooksDb, workspaceId: string, publicId: string): Promise<EndpointView> {
  const endpoint = await getEndpoint(db, workspaceId, publicId);
  await db.webhookEndpoints.deleteOne({ workspaceId, publicId });
  await db.webhookDeliveries.updateMany(
    { workspaceId, endpointId: publicId, status: 'pending' },
    { $set: { status: 'cancelled', reason: 'the endpoint was deleted' } },
  );
  return viewOf(endpoint);
}

/** The workspaces with an enabled endpoint: where dispatching runs (read at start-up, across workspaces on purpose). */
export async function workspacesWithEndpoints(db: WebhooksDb): Promise<string[]> {
  return (await db.webhookEndpoints.distinct('workspaceId', { enabled: true }).setOptions(ACROSS_WORKSPACES)) as string[];
}
