import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

/** Why a workspace's outreach is held: so far only billing (its invoice went unpaid after the last retry). */
export type SendingPauseCause = 'billing';

/**
 * A workspace's outreach held by the platform (not a person's pause of a sequence): while one
 * exists, the send step reserves no mailbox and sends nothing for the workspace, and says why on
 * each held email; nothing is dropped, and the review queue keeps working. One per workspace.
 */
export interface SendingPause {
  workspaceId: string;
  cause: SendingPauseCause;
  /** What the Email screen and the Billing tab say, e.g. "invoice 2026-10 is unpaid after 3 failed payments". */
  reason: string;
  since: Date;
}

const SendingPauseSchema = new Schema<SendingPause>(
  {
    workspaceId: { type: String, required: true },
    cause: { type: String, enum: ['billing'], required: true },
    reason: { type: String, required: true },
    since: { type: Date, required: true },
  },
  { collection: 'sending_pauses' },
);
SendingPauseSchema.index({ workspaceId: 1 }, { unique: true });

/** Registers the sending pauses' model on a connection (once); collection `sending_pauses`. */
export function sendingPauseModel(connection: Connection): Model<SendingPause> {
  return (
    (connection.models.SendingPause as Model<SendingPause> | undefined) ??
    connection.model<SendingPause>('SendingPause', SendingPauseSchema)
  );
}

/** The workspace's pause, or null when it sends. */
export async function sendingPauseOf(connection: Connection, workspaceId: string): Promise<SendingPause | null> {
  return sendingPauseModel(connection).findOne({ workspaceId }, { _id: 0, __v: 0 }).lean<SendingPause>();
}

/** Holds the workspace's outreach for `cause`; a second pause keeps the first one's time (idempotent). */
export async function pauseSending(
  connection: Connection,
  workspaceId: string,
  cause: SendingPauseCause,
  reason: string,
  at: Date,
): Promise<void> {
  const pause = () =>
    sendingPauseModel(connection).updateOne(
      { workspaceId },
      { $set: { cause, reason }, $setOnInsert: { workspaceId, since: at } },
      { upsert: true },
    );
  try {
    await pause();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error; // two pauses raced: the other inserted it
    await pause();
  }
}

/** Lifts the workspace's pause of `cause` (a pause for another cause stays); answers whether one was lifted. */
export async function resumeSending(connection: Connection, workspaceId: string, cause: SendingPauseCause): Promise<boolean> {
  const { deletedCount } = await sendingPauseModel(connection).deleteOne({ workspaceId, cause });
  return deletedCount > 0;
}
