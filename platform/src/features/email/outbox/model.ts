import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Where an email of a sequence stands: waiting for a person (`pending_review`), approved or
 * autonomous and waiting for its send (`queued`), handed to the SMTP server (`sending`), `sent`,
 * refused by the server for good (`failed`), never sent because the address is suppressed
 * (`suppressed`), or turned down in review (`rejected`).
 */
export const OUTBOX_STATUSES = ['pending_review', 'queued', 'sending', 'sent', 'failed', 'suppressed', 'rejected'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Emails a person sends from the Inbox, the invitations of meetings booked there and the
 * cancellations of meetings called off (by the rep or the prospect): sent like a
 * sequence's steps (same guardrails, in the prospect's thread) at outbox steps from
 * FIRST_ONE_OFF_STEP on, but no step of a cadence (not counted as outreach sent, nor learned from).
 */
export const ONE_OFF_TEMPLATES = ['inbox-reply', 'meeting-invitation', 'meeting-cancelled'] as const;
export const FIRST_ONE_OFF_STEP = 200;

/** The stored form of a one-off's idempotency key: the workspace's slug ([a-z0-9-], so the first colon ends it) and the key. */
export const oneOffKeyOf = (workspaceId: string, key: string) => `${workspaceId}:${key}`;

/** An email a sequence step queued for sending; one per (workspace, prospect, step), whatever retries happen. */
export interface OutboxMessage {
  workspaceId: string;
  sequenceId: string;
  prospectId: number;
  /** The campaign the prospect was in when the email was written, if any. */
  campaignId: number | null;
  step: number;
  /** Stored lowercase: the embedded database ignores collations. */
  email: string;
  subject: string;
  body: string;
  /** The researched facts the email cites (the review queue shows them beside it). */
  factIds: string[];
  template: string | null;
  status: OutboxStatus;
  /** The email as written, when a reviewer changed it (what is sent is `subject`/`body`). */
  original: { subject: string; body: string } | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  /** The sending mailbox (its public id) and the slot it reserved: the send waits for `slotAt`. */
  mailboxId: string | null;
  fromAddress: string | null;
  slotAt: Date | null;
  /** Why the email has not gone yet, and until when (cap, window, domain limit, no mailbox). */
  waitReason: string | null;
  waitingUntil: Date | null;
  /** Chosen before the SMTP call and kept across retries: the same message is never sent twice. */
  messageId: string | null;
  /** Set once the message may have reached the server: a retry after it does not send again. */
  transmittingAt: Date | null;
  /** True when the worker stopped during the SMTP exchange: counted sent, never sent again. */
  unconfirmed: boolean;
  /** The Message-ID the server gave it when it replaces ours (Microsoft 365, SES). */
  serverMessageId: string | null;
  inReplyTo: string | null;
  references: string[];
  smtpResponse: string | null;
  sentAt: Date | null;
  error: string | null;
  /** A hard bounce came back for it (a delivery status notification). */
  bouncedAt: Date | null;
  /** A meeting invitation it carries (iCalendar), sent as a text/calendar part; null for every other email. */
  calendar: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
  /**
   * A one-off sent under an idempotency key: `<workspace>:<key>` (see oneOffKeyOf). Absent on every
   * other row, never null: its unique sparse index leaves those out.
   */
  oneOffKey?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

const str = { type: String, default: null };
const date = { type: Date, default: null };

const OutboxSchema = new Schema<OutboxMessage>(
  {
    workspaceId: { type: String, required: true },
    sequenceId: { type: String, required: true },
    prospectId: { type: Number, required: true },
    campaignId: { type: Number, default: null },
    step: { type: Number, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    factIds: { type: [String], default: [] },
    template: str,
    status: { type: String, required: true, enum: OUTBOX_STATUSES, default: 'queued' },
    original: { type: new Schema({ subject: String, body: String }, { _id: false }), default: null },
    reviewedBy: str,
    reviewedAt: date,
    mailboxId: str,
    fromAddress: str,
    slotAt: date,
    waitReason: str,
    waitingUntil: date,
    messageId: str,
    transmittingAt: date,
    unconfirmed: { type: Boolean, default: false },
    serverMessageId: str,
    inReplyTo: str,
    references: { type: [String], default: [] },
    smtpResponse: str,
    sentAt: date,
    error: str,
    bouncedAt: date,
    calendar: { type: new Schema({ method: String, content: String }, { _id: false }), default: null },
    oneOffKey: { type: String },
  },
  { timestamps: true },
);
OutboxSchema.index({ workspaceId: 1, prospectId: 1, step: 1 }, { unique: true });
// One row per (workspace, key), keyless rows left out. A single-field sparse index, because it is the
// one form both servers read alike: the embedded one ignores partialFilterExpression (it reads only
// `unique` and `sparse`), and a compound sparse index still holds every row with a workspaceId.
OutboxSchema.index({ oneOffKey: 1 }, { unique: true, sparse: true });
OutboxSchema.index({ workspaceId: 1, status: 1, createdAt: 1 });
OutboxSchema.index({ workspaceId: 1, messageId: 1 });
OutboxSchema.index({ workspaceId: 1, mailboxId: 1, sentAt: -1 });

/** How an entry came onto the suppression list: an unsubscribe link, a bounce, a reply asking to stop, or a person. */
export const SUPPRESSION_SOURCES = ['unsubscribe', 'bounce', 'reply', 'manual'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

/**
 * An address nobody in the workspace may email again (unsubscribed, bounced, complained, manual).
 * A whole domain is the entry `*@domain`. Entries written before `source` and `addedBy` existed
 * have neither: their source is read from their reason.
 */
export interface Suppression {
  workspaceId: string;
  email: string;
  reason: string;
  source?: SuppressionSource;
  /** Who added it by hand (the principal's id, `user:<id>` or `token:<id>`); absent for automatic entries. */
  addedBy?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

const SuppressionSchema = new Schema<Suppression>(
  {
    workspaceId: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    reason: { type: String, required: true },
    source: { type: String, enum: SUPPRESSION_SOURCES },
    addedBy: { type: String },
  },
  { timestamps: true },
);
SuppressionSchema.index({ workspaceId: 1, email: 1 }, { unique: true });
SuppressionSchema.index({ workspaceId: 1, createdAt: -1 });

/**
 * A day's count of a sending limit: a mailbox's sends (`key` its id; `nextAtMs` when it may send
 * again, the random gap after its last slot, in milliseconds so a send can take it and move it on
 * in one step; `slots` which email took each of them, so an email whose try was cut off before it
 * recorded its slot finds that slot again instead of counting twice) or a company domain's new
 * prospects (`prospectIds`).
 */
export interface SendCounter {
  workspaceId: string;
  kind: 'mailbox' | 'domain';
  key: string;
  day: string;
  count: number;
  nextAtMs?: number;
  /** Counters written before `nextAtMs`: the same moment as a date. */
  nextAt?: Date | null;
  prospectIds: number[];
  /** `at` is left out only while a send that took its slot in one step has not yet written it there. */
  slots?: Array<{ email: string; at?: Date }>;
}

const SendCounterSchema = new Schema<SendCounter>({
  workspaceId: { type: String, required: true },
  kind: { type: String, enum: ['mailbox', 'domain'], required: true },
  key: { type: String, required: true },
  day: { type: String, required: true },
  count: { type: Number, default: 0 },
  nextAtMs: Number,
  nextAt: date,
  prospectIds: { type: [Number], default: [] },
  slots: { type: [{ _id: false, email: { type: String, required: true }, at: Date }], default: undefined },
});
SendCounterSchema.index({ workspaceId: 1, kind: 1, key: 1, day: 1 }, { unique: true });

/** Registers the outbox, suppression and send-counter models on a connection (once). */
export function outboxModels(connection: Connection) {
  return {
    outbox:
      (connection.models.OutboxMessage as Model<OutboxMessage> | undefined) ??
      connection.model<OutboxMessage>('OutboxMessage', OutboxSchema, 'outbox'),
    suppressions:
      (connection.models.Suppression as Model<Suppression> | undefined) ?? connection.model<Suppression>('Suppression', SuppressionSchema),
    sendCounters:
      (connection.models.SendCounter as Model<SendCounter> | undefined) ??
      connection.model<SendCounter>('SendCounter', SendCounterSchema, 'send_counters'),
  };
}
