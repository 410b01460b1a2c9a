import { Schema, type Connection, type Model } from 'mongoose';
import type { SealedSecret } from '../../../core/secrets-box.ts';

/** The objects a sync writes, as the sync log names them. */
export const CRM_OBJECTS = ['company', 'contact', 'email', 'meeting'] as const;
export type CrmObject = (typeof CRM_OBJECTS)[number];

/** What one sync run did (the last one is kept on the connection). */
export interface CrmSyncCounts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/**
 * The workspace's connected CRM: one per workspace. Its secret fields (an API token, OAuth
 * tokens) are stored only sealed, bound to this connection (connection-secret.ts).
 */
export interface CrmConnection {
  workspaceId: string;
  /** Names it in the API: 16 hex characters. */
  publicId: string;
  /** The CRM plugin (kind `crm`) that reads and writes it. */
  pluginId: string;
  /** fields: typed in the connect form; oauth: through the provider's sign-in (the OAuth flow's seam, see crm-connections.ts). */
  auth: 'fields' | 'oauth';
  /** The account's declared fields that are not secret (Pipedrive's company address), as entered. */
  fields: Record<string, string>;
  /** The secret fields as one JSON object, only ever stored sealed. */
  secret: SealedSecret;
  lastCheck: { at: Date; ok: boolean; error: string | null } | null;
  /**
   * The durable sync's state: `cursor` is the last domain event (core/events.ts, per-workspace
   * `seq`) whose prospect, email or meeting reached the CRM; the last run's outcome and counts.
   */
  sync: {
    cursor: number;
    running: boolean;
    startedAt: Date | null;
    at: Date | null;
    error: string | null;
    counts: CrmSyncCounts;
    exclusions: { count: number; at: Date | null };
  };
  connectedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The last result of one object's sync: one row per object (the log is bounded by the objects, and capped). */
export interface CrmSyncLogEntry {
  workspaceId: string;
  object: CrmObject;
  /** Meetflow's id of it: the key the CRM write is idempotent by (`prospect:12`, `company:acme.com`, `email:<id>`). */
  externalId: string;
  /** The CRM's id of the record, once written: an activity that has one is never written again. */
  crmId: string | null;
  action: 'created' | 'updated' | 'failed';
  error: string | null;
  at: Date;
}

/** A company or person the connected CRM says discovery must leave alone (listExclusions, refreshed by each sync). */
export interface CrmExclusionRow {
  workspaceId: string;
  /** The sync that read it: a refresh writes a new generation, then drops the older ones. */
  generation: string;
  reason: 'customer' | 'open-deal';
  domain: string | null;
  email: string | null;
  name: string;
}

const Sealed = new Schema<SealedSecret>(
  {
    v: { type: Number, enum: [2] },
    keyId: { type: String, required: true },
    iv: { type: String, required: true },
    tag: { type: String, required: true },
    ciphertext: { type: String, required: true },
  },
  { _id: false },
);

const zeroCounts = (): CrmSyncCounts => ({ created: 0, updated: 0, skipped: 0, failed: 0 });

const ConnectionSchema = new Schema<CrmConnection>(
  {
    workspaceId: { type: String, required: true },
    publicId: { type: String, required: true },
    pluginId: { type: String, required: true },
    auth: { type: String, enum: ['fields', 'oauth'], required: true },
    fields: { type: Schema.Types.Mixed, required: true },
    secret: { type: Sealed, required: true },
    lastCheck: { type: Schema.Types.Mixed, default: null },
    sync: {
      type: Schema.Types.Mixed,
      default: () => ({
        cursor: 0,
        running: false,
        startedAt: null,
        at: null,
        error: null,
        counts: zeroCounts(),
        exclusions: { count: 0, at: null },
      }),
    },
    connectedBy: { type: String, default: null },
  },
  { timestamps: true, minimize: false },
);
ConnectionSchema.index({ workspaceId: 1 }, { unique: true });
ConnectionSchema.index({ workspaceId: 1, publicId: 1 }, { unique: true });

const LogSchema = new Schema<CrmSyncLogEntry>({
  workspaceId: { type: String, required: true },
  object: { type: String, enum: CRM_OBJECTS, required: true },
  externalId: { type: String, required: true },
  crmId: { type: String, default: null },
  action: { type: String, enum: ['created', 'updated', 'failed'], required: true },
  error: { type: String, default: null },
  at: { type: Date, required: true },
});
LogSchema.index({ workspaceId: 1, object: 1, externalId: 1 }, { unique: true });
LogSchema.index({ workspaceId: 1, at: -1 });

const ExclusionSchema = new Schema<CrmExclusionRow>({
  workspaceId: { type: String, required: true },
  generation: { type: String, required: true },
  reason: { type: String, enum: ['customer', 'open-deal'], required: true },
  domain: { type: String, default: null },
  email: { type: String, default: null },
  name: { type: String, required: true },
});
ExclusionSchema.index({ workspaceId: 1, generation: 1 });

/** Registers the CRM models on a connection (once): `crmConnections`, `crmSyncLog`, `crmExclusions`. */
export function crmModels(connection: Connection) {
  return {
    crmConnections:
      (connection.models.CrmConnection as Model<CrmConnection> | undefined) ??
      connection.model<CrmConnection>('CrmConnection', ConnectionSchema, 'crmConnections'),
    crmSyncLog:
      (connection.models.CrmSyncLogEntry as Model<CrmSyncLogEntry> | undefined) ??
      connection.model<CrmSyncLogEntry>('CrmSyncLogEntry', LogSchema, 'crmSyncLog'),
    crmExclusions:
      (connection.models.CrmExclusionRow as Model<CrmExclusionRow> | undefined) ??
      connection.model<CrmExclusionRow>('CrmExclusionRow', ExclusionSchema, 'crmExclusions'),
  };
}
export type CrmDb = ReturnType<typeof crmModels>;
