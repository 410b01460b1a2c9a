import { Schema, type Connection, type Model } from 'mongoose';
import { EVENT_TYPES, type EventType } from '../../../core/events.ts';
import type { SealedSecret } from '../../../core/secrets-box.ts';

/** A workspace's webhook endpoint, as stored. */
export interface WebhookEndpoint {
  workspaceId: string;
  /** `whe_` and 24 hex digits: what the API and the delivery log name it by. */
  publicId: string;
  url: string;
  description: string;
  /** The event types it receives. */
  events: EventType[];
  enabled: boolean;
  /** Why it was disabled by the platform (a 410 Gone from the receiver), or null. */
  disabledReason: string | null;
  /** The signing secret, sealed bound to this endpoint (the plaintext is shown once, at creation or rotation). */
  secret: SealedSecret;
  /** After a rotation, the previous secret, which still signs beside the new one until `previousSecretUntil`. */
  previousSecret: SealedSecret | null;
  previousSecretUntil: Date | null;
  /** The last event number of the workspace this endpoint has been given deliveries up to. */
  cursor: number;
  /** Since when the event after `cursor` is missing while a later one exists (a publish in flight, or a number lost to a race). */
  gapSince: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

const SealedSecretSchema = new Schema<SealedSecret>(
  { v: Number, keyId: String, iv: String, tag: String, ciphertext: String },
  { _id: false },
);

const EndpointSchema = new Schema<WebhookEndpoint>(
  {
    workspaceId: { type: String, required: true },
    publicId: { type: String, required: true },
    url: { type: String, required: true },
    description: { type: String, default: '' },
    events: { type: [String], enum: EVENT_TYPES, required: true },
    enabled: { type: Boolean, default: true },
    disabledReason: { type: String, default: null },
    secret: { type: SealedSecretSchema, required: true },
    previousSecret: { type: SealedSecretSchema, default: null },
    previousSecretUntil: { type: Date, default: null },
    cursor: { type: Number, default: 0 },
    gapSince: { type: Date, default: null },
    createdBy: { type: String, required: true },
  },
  { timestamps: true },
);
EndpointSchema.index({ workspaceId: 1, publicId: 1 }, { unique: true });

/** One attempt of a delivery, as the log shows it. */
export interface DeliveryAttempt {
  at: Date;
  /** The receiver's HTTP status, or null when none came (refused, timed out, address not allowed). */
  status: number | null;
  durationMs: number;
  /** The first 1 KB of the receiver's answer. */
  body: string;
  /** Why no status came, or null. */
  error: string | null;
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event's delivery to one endpoint (or a replay of one), as stored. */
export interface WebhookDelivery {
  workspaceId: string;
  /** `whd_` and 24 hex digits; its workflow is `webhook-delivery:<workspace>:<publicId>`. */
  publicId: string;
  /** `<endpoint>:<event>` for the delivery the fan-out made (once per pair); `replay:<publicId>` for a replay. */
  key: string;
  endpointId: string;
  eventId: string;
  eventType: EventType;
  /** The delivery this one replays, or null. */
  replayOf: string | null;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** Why it failed or was cancelled, or null. */
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const AttemptSchema = new Schema<DeliveryAttempt>(
  {
    at: { type: Date, required: true },
    status: { type: Number, default: null },
    durationMs: { type: Number, required: true },
    body: { type: String, default: '' },
    error: { type: String, default: null },
  },
  { _id: false },
);

const DeliverySchema = new Schema<WebhookDelivery>(
  {
    workspaceId: { type: String, required: true },
    publicId: { type: String, required: true },
    key: { type: String, required: true },
    endpointId: { type: String, required: true },
    eventId: { type: String, required: true },
    eventType: { type: String, required: true },
    replayOf: { type: String, default: null },
    status: { type: String, enum: DELIVERY_STATUSES, default: 'pending' },
    attempts: { type: [AttemptSchema], default: [] },
    reason: { type: String, default: null },
  },
  { timestamps: true },
);
DeliverySchema.index({ workspaceId: 1, publicId: 1 }, { unique: true });
// The fan-out makes one delivery per (endpoint, event), even when it runs twice.
DeliverySchema.index({ workspaceId: 1, key: 1 }, { unique: true });
// The log: a workspace's (or an endpoint's) newest first.
DeliverySchema.index({ workspaceId: 1, createdAt: -1 });
DeliverySchema.index({ workspaceId: 1, endpointId: 1, createdAt: -1 });

/** Registers the webhook models on a connection (once); collections `webhookendpoints` and `webhookdeliveries`. */
export function webhooksModels(connection: Connection) {
  return {
    webhookEndpoints:
      (connection.models.WebhookEndpoint as Model<WebhookEndpoint> | undefined) ??
      connection.model<WebhookEndpoint>('WebhookEndpoint', EndpointSchema),
    webhookDeliveries:
      (connection.models.WebhookDelivery as Model<WebhookDelivery> | undefined) ??
      connection.model<WebhookDelivery>('WebhookDelivery', DeliverySchema),
  };
}
export type WebhooksDb = ReturnType<typeof webhooksModels>;
