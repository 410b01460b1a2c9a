import { Schema, type Connection, type Model } from 'mongoose';

/** Where a held reply stands: waiting for a person (`held`), applied as the prospect's reply (`confirmed`), or set aside (`dismissed`). */
export const HELD_REPLY_STATUSES = ['held', 'confirmed', 'dismissed'] as const;
export type HeldReplyStatus = (typeof HELD_REPLY_STATUSES)[number];

/**
 * An inbound message that names none of the emails Meetflow sent (no In-Reply-To or References
 * of ours) but comes from a prospect's address. A From address is easily forged, so it does
 * nothing by itself: it waits here until a person confirms it (then it is handled as that
 * prospect's reply) or dismisses it.
 */
export interface HeldReply {
  workspaceId: string;
  /** The same message read twice (by IMAP and the webhook, or a post retried) is held once: its Message-ID, or a digest of it without one. */
  key: string;
  prospectId: number;
  /** The sender's address, lowercase. */
  from: string;
  fromName: string | null;
  subject: string;
  /** The new text the sender wrote (quoted history removed). */
  text: string;
  messageId: string | null;
  receivedAt: Date;
  status: HeldReplyStatus;
  /** Who confirmed or dismissed it (`user:<id>` or `token:<id>`), and when. */
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

const HeldReplySchema = new Schema<HeldReply>(
  {
    workspaceId: { type: String, required: true },
    key: { type: String, required: true },
    prospectId: { type: Number, required: true },
    from: { type: String, required: true },
    fromName: { type: String, default: null },
    subject: { type: String, default: '' },
    text: { type: String, default: '' },
    messageId: { type: String, default: null },
    receivedAt: { type: Date, required: true },
    status: { type: String, required: true, enum: HELD_REPLY_STATUSES, default: 'held' },
    decidedBy: { type: String, default: null },
    decidedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
HeldReplySchema.index({ workspaceId: 1, key: 1 }, { unique: true });
HeldReplySchema.index({ workspaceId: 1, status: 1, createdAt: -1 });

/** Registers the held-reply model (collection `held_replies`). */
export function heldReplyModels(connection: Connection) {
  return {
    heldReplies:
      (connection.models.HeldReply as Model<HeldReply> | undefined) ??
      connection.model<HeldReply>('HeldReply', HeldReplySchema, 'held_replies'),
  };
}
