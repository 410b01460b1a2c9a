import { z } from 'zod';
import { EVENT_TYPES } from '../../../core/events.ts';
import { DELIVERY_STATUSES } from './model.ts';

const EventTypes = z
  .array(z.enum(EVENT_TYPES))
  .min(1, 'name at least one event type')
  .max(EVENT_TYPES.length)
  .describe(`The event types it receives: ${EVENT_TYPES.join(', ')}`);
const Url = z
  .string()
  .max(2_000, 'must be at most 2000 characters')
  .describe('Where events are POSTed: https (http only to localhost when Meetflow runs locally); never a private or internal address');

/** Body of POST /api/webhooks: a new endpoint. It names no workspace: the request's is used. */
export const NewEndpointBody = z.strictObject({
  url: Url,
  events: EventTypes,
  description: z.string().max(500, 'must be at most 500 characters').default('').describe('What it is for (optional)'),
});
export type NewEndpoint = z.infer<typeof NewEndpointBody>;

/** Body of PATCH /api/webhooks/{id}: only the fields given change. */
export const EndpointPatchBody = z.strictObject({
  url: Url.optional(),
  events: EventTypes.optional(),
  description: z.string().max(500, 'must be at most 500 characters').optional(),
  enabled: z
    .boolean()
    .optional()
    .describe('false: nothing more is delivered to it (deliveries waiting are cancelled at their next attempt)'),
});
export type EndpointPatch = z.infer<typeof EndpointPatchBody>;

export const EndpointParams = z.object({ id: z.string().regex(/^whe_[0-9a-f]{24}$/, 'must be a webhook endpoint id') });
export const DeliveryParams = z.object({ id: z.string().regex(/^whd_[0-9a-f]{24}$/, 'must be a webhook delivery id') });

/** An endpoint as the API shows it: never its secret. */
export const EndpointView = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe('Why the platform disabled it (the receiver answered 410 Gone), or null'),
  previousSecretUntil: z.iso
    .datetime()
    .nullable()
    .describe('After a rotation: until when the previous secret still signs beside the new one'),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
});
export type EndpointView = z.infer<typeof EndpointView>;

/** An endpoint with its signing secret: answered once, at creation and at each rotation. */
export const EndpointWithSecret = z.object({
  endpoint: EndpointView,
  secret: z.string().describe('The signing secret (whsec_…): shown this once, stored only encrypted'),
});

export const DeliveryAttemptView = z.object({
  at: z.iso.datetime(),
  status: z.number().int().nullable().describe("The receiver's HTTP status, or null when none came"),
  durationMs: z.number(),
  body: z.string().describe("The first 1 KB of the receiver's answer"),
  error: z.string().nullable().describe('Why no status came (connection refused, timed out, address not allowed…)'),
});

export const DeliveryView = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.enum(EVENT_TYPES),
  replayOf: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  reason: z.string().nullable(),
  attempts: z.array(DeliveryAttemptView),
  createdAt: z.iso.datetime(),
});
export type DeliveryView = z.infer<typeof DeliveryView>;

export const DeliveriesQuery = z.object({
  endpoint: z
    .string()
    .regex(/^whe_[0-9a-f]{24}$/, 'must be a webhook endpoint id')
    .optional()
    .describe("Only this endpoint's"),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('At most this many, newest first (default 50)'),
});

export const EventTypeView = z.object({
  type: z.enum(EVENT_TYPES),
  schema: z.record(z.string(), z.unknown()).describe('The JSON Schema (draft 2020-12) of the body a delivery of it sends'),
});
