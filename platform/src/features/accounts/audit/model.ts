import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

/**
 * One change made in a workspace: who (a user or an API token), when, which call, on what, and
 * the value before and after where the call says (config, roles). Written by the audit trail
 * middleware after every state-changing call that succeeded; never updated.
 */
const AuditEntrySchema = new Schema(
  {
    workspaceId: { type: String, required: true },
    at: { type: Date, required: true },
    /** `user:<id>` or `token:<id>`. */
    actor: { type: String, required: true },
    /** The user's email, or the API token's name. */
    actorName: { type: String, required: true },
    /** The route called, e.g. `PUT /api/config/{key}`. */
    action: { type: String, required: true },
    /** What the route does (its OpenAPI summary). */
    summary: { type: String, required: true },
    /** The path parameters, e.g. `{ key: 'scoringWeights' }`. */
    target: { type: Schema.Types.Mixed, default: {} },
    /** The JSON body sent, secrets redacted; null when none, or when too large to keep. */
    request: { type: Schema.Types.Mixed, default: null },
    /** Ids the answer named (runId, batchId, id, slug), e.g. the run a call started. */
    result: { type: Schema.Types.Mixed, default: {} },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false, minimize: false },
);
AuditEntrySchema.index({ workspaceId: 1, at: -1 });

export type AuditEntry = InferSchemaType<typeof AuditEntrySchema>;

/** Registers the audit trail's model on a connection (once). */
export function auditModels(connection: Connection) {
  return {
    auditEntries:
      (connection.models.AuditEntry as Model<AuditEntry> | undefined) ?? connection.model<AuditEntry>('AuditEntry', AuditEntrySchema),
  };
}
