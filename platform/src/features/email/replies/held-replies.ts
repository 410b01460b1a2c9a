import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Client } from '@temporalio/client';
import { isValidObjectId } from 'mongoose';
import type { Models } from '../../models.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { handleReply, type HandledReply, type ReplyDb } from './handle-reply.ts';
import type { HeldReply, HeldReplyStatus } from './held-reply-model.ts';

/** A message matched to a prospect by its From address alone, as it is held. */
export type ReplyToHold = Omit<HeldReply, 'workspaceId' | 'status' | 'decidedBy' | 'decidedAt' | 'createdAt' | 'updatedAt'>;

/** A held reply as the API shows it, with the prospect its From address names. */
export interface HeldReplyItem {
  id: string;
  prospectId: number;
  prospect: { firstName: string; lastName: string; company: string; email: string } | null;
  from: string;
  fromName: string | null;
  subject: string;
  text: string;
  receivedAt: string;
  status: HeldReplyStatus;
  decidedBy: string | null;
  decidedAt: string | null;
}

type Stored = HeldReply & { _id: { toString(): string } };
/** The held replies, shown with their prospects. */
export type HeldRepliesDb = Pick<Models, 'heldReplies' | 'prospects'>;
type Deps = { db: HeldRepliesDb & ReplyDb; temporal: Client; taskQueue: string };

/**
 * Holds a message that matched a prospect by From only: nothing is classified, counted or told to
 * a sequence until a person confirms it. Idempotent per message (one upsert on its key), so the
 * same message read again is held once; answers its id.
 */
export async function holdReply(db: Pick<Models, 'heldReplies'>, workspaceId: string, reply: ReplyToHold): Promise<string> {
  const { key } = reply;
  try {
    await db.heldReplies.updateOne({ workspaceId, key }, { $setOnInsert: { ...reply, workspaceId, status: 'held' } }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error; // the same message, held by a concurrent read
  }
  const held = await db.heldReplies.findOne({ workspaceId, key }, { _id: 1 }).lean();
  if (!held) throw new Error(`the held reply ${key} was not stored`);
  return String(held._id);
}

/** The workspace's held replies with a status (newest first), of one prospect when given, and how many there are. */
export async function listHeldReplies(
  db: HeldRepliesDb,
  workspaceId: string,
  query: { status: HeldReplyStatus; prospectId?: number | undefined; limit: number },
): Promise<{ items: HeldReplyItem[]; total: number }> {
  const filter = { workspaceId, status: query.status, ...(query.prospectId === undefined ? {} : { prospectId: query.prospectId }) };
  const [rows, total] = await Promise.all([
    db.heldReplies.find(filter).sort({ createdAt: -1, _id: -1 }).limit(query.limit).lean<Stored[]>(),
    db.heldReplies.countDocuments(filter),
  ]);
  return { items: await withProspects(db, workspaceId, rows), total };
}

/**
 * Confirms a held reply: it is handled as the prospect's reply it would have been had it come in
 * its thread (classified, counted once, its sequence stopped or paused). Claimed first, so two
 * confirmations apply it once; when handling fails it is held again, to be confirmed again.
 */
export async function confirmHeldReply(
  deps: Deps,
  workspaceId: string,
  id: string,
  by: string,
): Promise<{ reply: HeldReplyItem; handled: HandledReply }> {
  const held = await claim(deps.db, workspaceId, id, 'confirmed', by);
  let handled: HandledReply;
  try {
    handled = await handleReply(deps, workspaceId, {
      prospectId: held.prospectId,
      body: held.text,
      subject: held.subject,
      from: held.from,
      receivedAt: held.receivedAt.toISOString(),
      messageId: held.messageId ?? held.key,
      source: 'confirmed',
    });
  } catch (error) {
    await deps.db.heldReplies.updateOne(
      { workspaceId, _id: held._id, status: 'confirmed' },
      { $set: { status: 'held', decidedBy: null, decidedAt: null } },
    );
    throw error;
  }
  const [reply] = await withProspects(deps.db, workspaceId, [held]);
  return { reply: reply!, handled };
}

/** Dismisses a held reply: it stays recorded as dismissed and never acts. */
export async function dismissHeldReply(db: HeldRepliesDb, workspaceId: string, id: string, by: string): Promise<HeldReplyItem> {
  const [reply] = await withProspects(db, workspaceId, [await claim(db, workspaceId, id, 'dismissed', by)]);
  return reply!;
}

/** Moves a held reply to its decision, if it is still held; 404 when there is none, 409 when it was decided already. */
async function claim(
  db: Pick<Models, 'heldReplies'>,
  workspaceId: string,
  id: string,
  status: 'confirmed' | 'dismissed',
  by: string,
): Promise<Stored> {
  const missing = new NotFoundError(`No held reply ${id} in this workspace`);
  if (!isValidObjectId(id)) throw missing;
  const decided = await db.heldReplies
    .findOneAndUpdate(
      { workspaceId, _id: id, status: 'held' },
      { $set: { status, decidedBy: by, decidedAt: new Date() } },
      { returnDocument: 'after' },
    )
    .lean<Stored>();
  if (decided) return decided;
  const stored = await db.heldReplies.findOne({ workspaceId, _id: id }, { status: 1 }).lean();
  if (!stored) throw missing;
  throw new ConflictError(`This reply was ${stored.status} already`);
}

/** The rows as the API shows them, each with its prospect (null when it is gone). */
async function withProspects(db: Pick<Models, 'prospects'>, workspaceId: string, rows: Stored[]): Promise<HeldReplyItem[]> {
  const ids = [...new Set(rows.map((row) => row.prospectId))];
  const prospects = await db.prospects
    .find({ workspaceId, id: { $in: ids } }, { id: 1, firstName: 1, lastName: 1, company: 1, email: 1 })
    .lean();
  return rows.map((row) => {
    const prospect = prospects.find((candidate) => candidate.id === row.prospectId);
    return {
      id: String(row._id),
      prospectId: row.prospectId,
      prospect: prospect
        ? { firstName: prospect.firstName, lastName: prospect.lastName, company: prospect.company, email: prospect.email }
        : null,
      from: row.from,
      fromName: row.fromName,
      subject: row.subject,
      text: row.text,
      receivedAt: row.receivedAt.toISOString(),
      status: row.status,
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  });
}
