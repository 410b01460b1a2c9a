import { Schema, type Connection, type Model } from 'mongoose';

/** Where an inbox message stands: waiting for someone (`open`) or dealt with (`done`). */
export const INBOX_STATUSES = ['open', 'done'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** What was done about it, by a person from the Inbox. */
export const INBOX_RESOLUTIONS = ['booked', 'replied', 'not-interested', 'suppressed', 'archived'] as const;
export type InboxResolution = (typeof INBOX_RESOLUTIONS)[number];

/** How it reached us: threaded to an email we sent, a held message a person confirmed, or pasted in (POST /api/replies). */
export const INBOX_SOURCES = ['thread', 'confirmed', 'pasted'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];

/**
 * One prospect's reply, as the Inbox shows it: the new text they wrote, what engagement analysis
 * made of it (category, confidence, the times they proposed), and what a person did about it.
 * Written once per message (the reply's outcome key), whatever reads it twice.
 */
export interface InboxMessage {
  workspaceId: string;
  /** The reply's outcome key (`reply-<prospect>-<message id>`): the same reply read twice is one message. */
  key: string;
  prospectId: number;
  from: string;
  subject: string;
  /** The new text the sender wrote (quoted history removed). */
  text: string;
  receivedAt: Date;
  source: InboxSource;
  category: string;
  confidence: number;
  action: 'stop' | 'pause' | 'continue';
  meetingIntent: number;
  returnDate: string | null;
  /** Days and times the reply offers for a meeting, read by engagement analysis. */
  proposedTimes: Array<{ start: Date; matched: string }>;
  status: InboxStatus;
  resolution: InboxResolution | null;
  /** The meeting booked from it, when one was. */
  meetingId: string | null;
  /** The outbox steps of the emails sent from it (replies, the invitation). */
  sentSteps: number[];
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

const InboxMessageSchema = new Schema<InboxMessage>(
  {
    workspaceId: { type: String, required: true },
    key: { type: String, required: true },
    prospectId: { type: Number, required: true },
    from: { type: String, default: '' },
    subject: { type: String, default: '' },
    text: { type: String, default: '' },
    receivedAt: { type: Date, required: true },
    source: { type: String, required: true, enum: INBOX_SOURCES },
    category: { type: String, required: true },
    confidence: { type: Number, default: 0 },
    action: { type: String, required: true },
    meetingIntent: { type: Number, default: 0 },
    returnDate: { type: String, default: null },
    proposedTimes: { type: [new Schema({ start: Date, matched: String }, { _id: false })], default: [] },
    status: { type: String, required: true, enum: INBOX_STATUSES, default: 'open' },
    resolution: { type: String, enum: [...INBOX_RESOLUTIONS, null], default: null },
    meetingId: { type: String, default: null },
    sentSteps: { type: [Number], default: [] },
    decidedBy: { type: String, default: null },
    decidedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
InboxMessageSchema.index({ workspaceId: 1, key: 1 }, { unique: true });
InboxMessageSchema.index({ workspaceId: 1, status: 1, receivedAt: -1 });
InboxMessageSchema.index({ workspaceId: 1, prospectId: 1, receivedAt: -1 });

/** Registers the inbox model (collection `inbox_messages`). */
export function inboxModels(connection: Connection) {
  return {
    inboxMessages:
      (connection.models.InboxMessage as Model<InboxMessage> | undefined) ??
      connection.model<InboxMessage>('InboxMessage', InboxMessageSchema, 'inbox_messages'),
  };
}
