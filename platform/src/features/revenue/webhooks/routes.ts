import { z } from 'zod';
import { ServiceUnavailableError } from '../../../core/errors.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { auditChange } from '../../accounts/services.ts';
import {
  DeliveriesQuery,
  DeliveryParams,
  DeliveryView,
  EndpointParams,
  EndpointPatchBody,
  EndpointView,
  EndpointWithSecret,
  EventTypeView,
  NewEndpointBody,
} from './api-schemas.ts';
import { replayDelivery, type StartDelivery } from './delivery.ts';
import { deliveryStarter, ensureDispatch, type WebhookWorkflows } from './dispatch.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  requireBox,
  rotateSecret,
  updateEndpoint,
  type EndpointsDb,
} from './endpoints.ts';
import type { EndpointUrlPolicy } from './endpoint-url.ts';
import { eventJsonSchemas } from './event-schemas.ts';
import type { WebhookDelivery } from './model.ts';

/** What the webhook routes are built over. */
export interface WebhooksDeps {
  db: EndpointsDb;
  secrets: Secrets;
  /** Where dispatching and replays are started; left out (a server without Temporal), endpoints are kept but nothing is delivered. */
  workflows?: WebhookWorkflows;
  /** Where endpoints may point (default: https, and http to loopback outside production). */
  policy?: EndpointUrlPolicy;
}

const tags = ['webhooks'];
const notFound = { description: 'No such endpoint in the workspace, or no such workspace for the caller' };
const noKey = { description: 'Signing secrets cannot be stored: MEETFLOW_SECRETS_KEY is not set (production)' };
const badUrl =
  'A URL that cannot be used: `url` must be an absolute https URL (http only to localhost when Meetflow runs locally), without a user or password';

export const deliveryViewOf = (delivery: WebhookDelivery): z.infer<typeof DeliveryView> => ({
  id: delivery.publicId,
  endpointId: delivery.endpointId,
  eventId: delivery.eventId,
  eventType: delivery.eventType,
  replayOf: delivery.replayOf,
  status: delivery.status,
  reason: delivery.reason,
  attempts: delivery.attempts.map((attempt) => ({ ...attempt, at: new Date(attempt.at).toISOString() })),
  createdAt: new Date(delivery.createdAt).toISOString(),
});

/**
 * /api/webhooks: a workspace's signed outgoing webhooks. Admins (and owners) add, change, rotate,
 * delete and replay; every member reads the endpoints (never a secret) and the delivery log. The
 * workspace is always the one the access check resolved, never one the request names.
 */
export const webhooksRoutes = [
  route<WebhooksDeps>(
    {
      method: 'get',
      path: '/api/webhooks/event-types',
      access: 'public',
      tags,
      summary: 'Every event type a webhook can receive, with the JSON Schema of the body a delivery of it sends',
      responses: { 200: { description: 'In the order they are documented', schema: z.array(EventTypeView) } },
    },
    () => async (ctx) => {
      ctx.body = eventJsonSchemas();
    },
  ),
  route<WebhooksDeps>(
    {
      method: 'get',
      path: '/api/webhooks/deliveries',
      access: 'viewer',
      tags,
      query: WorkspaceQuery.extend(DeliveriesQuery.shape),
      summary: "The delivery log: the workspace's deliveries (or one endpoint's), newest first, each with its attempts",
      responses: {
        200: { description: 'Newest first', schema: z.array(DeliveryView) },
        400: { description: 'A bad query parameter, named' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const { endpoint, limit } = DeliveriesQuery.parse(ctx.query);
        const workspaceId = workspaceOf(ctx);
        const deliveries = await db.webhookDeliveries
          .find({ workspaceId, ...(endpoint ? { endpointId: endpoint } : {}) })
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit)
          .lean<WebhookDelivery[]>();
        ctx.body = deliveries.map(deliveryViewOf);
      },
  ),
  route<WebhooksDeps>(
    {
      method: 'post',
      path: '/api/webhooks/deliveries/{id}/replay',
      access: 'admin',
      tags,
      params: DeliveryParams,
      query: WorkspaceQuery,
      summary: "Replay: deliver a logged delivery's event to its endpoint again, as a new delivery with the same event id",
      responses: {
        201: { description: 'The new delivery (pending)', schema: DeliveryView },
        400: { description: 'Not a delivery id' },
        404: { description: 'No such delivery in the workspace, or its endpoint was deleted' },
        503: { description: 'This server runs without Temporal, which delivers' },
      },
    },
    ({ db, workflows }) =>
      async (ctx) => {
        const { id } = DeliveryParams.parse(ctx.params);
        if (!workflows) throw new ServiceUnavailableError('Webhooks cannot be delivered here: this server runs without Temporal.');
        const start: StartDelivery = deliveryStarter(workflows);
        const replay = await replayDelivery(db, workspaceOf(ctx), id, start);
        auditChange(ctx, { before: null, after: deliveryViewOf(replay) });
        ctx.status = 201;
        ctx.body = deliveryViewOf(replay);
      },
  ),
  route<WebhooksDeps>(
    {
      method: 'get',
      path: '/api/webhooks',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's webhook endpoints, oldest first (never a secret)",
      responses: { 200: { description: 'Oldest first', schema: z.array(EndpointView) }, 400: { description: 'Invalid workspace slug' } },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await listEndpoints(db, workspaceOf(ctx));
      },
  ),
  route<WebhooksDeps>(
    {
      method: 'post',
      path: '/api/webhooks',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      body: NewEndpointBody,
      summary:
        'Add an endpoint: its URL and the event types it receives. Answers its signing secret this once (stored only encrypted); it receives the events published from now on',
      responses: {
        201: { description: 'The endpoint and its signing secret', schema: EndpointWithSecret },
        400: { description: 'A field breaks the schema, named' },
        422: { description: badUrl },
        503: noKey,
      },
    },
    ({ db, secrets, workflows, policy }) =>
      async (ctx) => {
        const input = NewEndpointBody.parse(ctx.request.body ?? {});
        const workspaceId = workspaceOf(ctx);
        const created = await createEndpoint(db, requireBox(secrets), workspaceId, input, accessOf(ctx).principal.id, policy);
        auditChange(ctx, { before: null, after: created.endpoint });
        if (workflows) await ensureDispatch(workflows, workspaceId);
        ctx.status = 201;
        ctx.body = created;
      },
  ),
  route<WebhooksDeps>(
    {
      method: 'patch',
      path: '/api/webhooks/{id}',
      access: 'admin',
      tags,
      params: EndpointParams,
      query: WorkspaceQuery,
      body: EndpointPatchBody,
      summary: 'Change an endpoint: its URL, description, event types, or enable / disable it (only the fields given)',
      responses: {
        200: { description: 'The endpoint as changed', schema: EndpointView },
        400: { description: 'A field breaks the schema, named' },
        404: notFound,
        422: { description: badUrl },
      },
    },
    ({ db, workflows, policy }) =>
      async (ctx) => {
        const patch = EndpointPatchBody.parse(ctx.request.body ?? {});
        const { id } = EndpointParams.parse(ctx.params);
        const workspaceId = workspaceOf(ctx);
        const { before, after } = await updateEndpoint(db, workspaceId, id, patch, policy);
        auditChange(ctx, { before, after });
        if (after.enabled && workflows) await ensureDispatch(workflows, workspaceId);
        ctx.body = after;
      },
  ),
  route<WebhooksDeps>(
    {
      method: 'post',
      path: '/api/webhooks/{id}/rotate-secret',
      access: 'admin',
      tags,
      params: EndpointParams,
      query: WorkspaceQuery,
      summary:
        'Rotate the signing secret: a new one, answered this once; for 24 hours deliveries carry a second v1 signature under the old one',
      responses: {
        200: { description: 'The endpoint and its new signing secret', schema: EndpointWithSecret },
        400: { description: 'Not an endpoint id' },
        404: notFound,
        409: { description: 'Another rotation of the same endpoint happened at the same moment' },
        503: noKey,
      },
    },
    ({ db, secrets }) =>
      async (ctx) => {
        const { id } = EndpointParams.parse(ctx.params);
        const workspaceId = workspaceOf(ctx);
        const before = await getEndpoint(db, workspaceId, id);
        const rotated = await rotateSecret(db, requireBox(secrets), workspaceId, before.publicId);
        auditChange(ctx, { before: null, after: rotated.endpoint });
        ctx.body = rotated;
      },
  ),
  route<WebhooksDeps>(
    {
      method: 'delete',
      path: '/api/webhooks/{id}',
      access: 'admin',
      tags,
      params: EndpointParams,
      query: WorkspaceQuery,
      summary: 'Delete an endpoint and its secrets; deliveries still waiting for it are cancelled (the log keeps them)',
      responses: {
        200: { description: 'Deleted', schema: z.object({ removed: z.literal(true) }) },
        400: { description: 'Not an endpoint id' },
        404: notFound,
      },
    },
    ({ db }) =>
      async (ctx) => {
        const { id } = EndpointParams.parse(ctx.params);
        const removed = await deleteEndpoint(db, workspaceOf(ctx), id);
        auditChange(ctx, { before: removed, after: null });
        ctx.body = { removed: true };
      },
  ),
];

export const webhooksRouter = (deps: WebhooksDeps) => routerOf(webhooksRoutes, deps);
