import { Schema, type Connection, type Model } from 'mongoose';

/** An email a sequence step queued for sending; one per (workspace, prospect, step), whatever retries happen. */
export interface OutboxMessage {
  workspaceId: string;
  sequenceId: string;
  prospectId: number;
  step: number;
  /** Stored lowercase: the embedded database ignores collations. */
  email: string;
  subject: string;
  body: string;
  status: 'queued' | 'sent' | 'failed';
  createdAt?: Date;
}

const OutboxSchema = new Schema<OutboxMessage>(
  {
    workspaceId: { type: String, required: true },
    sequenceId: { type: String, required: true },
    prospectId: { type: Number, required: true },
    step: { type: Number, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    status: { type: String, required: true, enum: ['queued', 'sent', 'failed'], default: 'queued' },
  },
  { timestamps: true },
);
OutboxSchema.index({ workspaceId: 1, prospectId: 1, step: 1 }, { unique: true });
OutboxSchema.index({ workspaceId: 1, status: 1, createdAt: 1 });

/** An address nobody in the workspace may email again (unsubscribed, bounced). */
export interface Suppression {
  workspaceId: string;
  email: string;
  reason: string;
  createdAt?: Date;
}

const SuppressionSchema = new Schema<Suppression>(
  {
    workspaceId: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    reason: { type: String, required: true },
  },
  { timestamps: true },
);
SuppressionSchema.index({ workspaceId: 1, email: 1 }, { unique: true });

/** Registers the outbox and suppression models on a connection (once). */
export function outboxModels(connection: Connection) {
  return {
    outbox:
      (connection.models.OutboxMessage as Model<OutboxMessage> | undefined) ??
      connection.model<OutboxMessage>('OutboxMessage', OutboxSchema, 'outbox'),
    suppressions:
      (connection.models.Suppression as Model<Suppression> | undefined) ?? connection.model<Suppression>('Suppression', SuppressionSchema),
  };
}
