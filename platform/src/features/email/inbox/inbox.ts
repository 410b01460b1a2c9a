import type { Client } from '@temporalio/client';
import { isValidObjectId } from 'mongoose';
import type { Models } from '../../models.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { signalSequence } from '../sequences/control.ts';
import { addSuppressions } from '../suppressions/suppressions.ts';
import type { InboxMessage, InboxResolution } from './model.ts';
import { sendOneOff } from './one-off.ts';

/** What the Inbox reads and writes. */
export type InboxDb = Pick<
  Models,
  'inboxMessages' | 'prospects' | 'outbox' | 'campaigns' | 'suppressions' | 'workspaceConfig' | 'sequenceDirectory'
>;
/** The Inbox's dependencies: its collections, and Temporal (sends, sequences). */
export interface InboxDeps {
  db: InboxDb;
  temporal: Client;
  taskQueue: string;
}

export type Stored = InboxMessage & { _id: { toString(): string } };
export type ProspectRow = {
  id: number;
  firstName: string;
  lastName: string;
  company: string;
  jobTitle?: string | null;
  email: string;
  timeZone?: string | null;
};

/** A reply as the Inbox lists it, with its prospect. */
export interface InboxItem {
  id: string;
  prospect: { id: number; name: string; company: string; jobTitle: string | null; email: string } | null;
  from: string;
  subject: string;
  text: string;
  receivedAt: string;
  source: InboxMessage['source'];
  category: string;
  confidence: number;
  action: InboxMessage['action'];
  meetingIntent: number;
  returnDate: string | null;
  proposedTimes: Array<{ start: string; matched: string }>;
  status: InboxMessage['status'];
  resolution: InboxResolution | null;
  meetingId: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** One email of the conversation with the prospect: what we sent (or will), and what they wrote. */
export type ThreadEntry =
  | {
      kind: 'sent';
      at: string;
      subject: string;
      text: string;
      step: number;
      status: string;
      /** What it was: a cadence step, the meeting slots offered, a person's reply, an invitation. */
      label: string;
      waitReason: string | null;
    }
  | { kind: 'received'; at: string; subject: string; text: string; id: string; category: string };

const PROSPECT_FIELDS = { id: 1, firstName: 1, lastName: 1, company: 1, jobTitle: 1, email: 1, timeZone: 1 } as const;

async function prospectsOf(db: InboxDb, workspaceId: string, ids: number[]): Promise<Map<number, ProspectRow>> {
  const rows = await db.prospects.find({ workspaceId, id: { $in: [...new Set(ids)] } }, PROSPECT_FIELDS).lean<ProspectRow[]>();
  return new Map(rows.map((row) => [row.id, row]));
}

function itemOf(row: Stored, prospect: ProspectRow | undefined): InboxItem {
  return {
    id: String(row._id),
    prospect: prospect
      ? {
          id: prospect.id,
          name: `${prospect.firstName} ${prospect.lastName}`.trim(),
          company: prospect.company,
          jobTitle: prospect.jobTitle ?? null,
          email: prospect.email,
        }
      : null,
    from: row.from,
    subject: row.subject,
    text: row.text,
    receivedAt: row.receivedAt.toISOString(),
    source: row.source,
    category: row.category,
    confidence: row.confidence,
    action: row.action,
    meetingIntent: row.meetingIntent,
    returnDate: row.returnDate,
    proposedTimes: row.proposedTimes.map((time) => ({ start: time.start.toISOString(), matched: time.matched })),
    status: row.status,
    resolution: row.resolution,
    meetingId: row.meetingId,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The list's filters: open (the default) or done or all, a category, one prospect; newest first, `before` pages on. */
export interface InboxQuery {
  status: 'open' | 'done' | 'all';
  category?: string | undefined;
  prospectId?: number | undefined;
  before?: string | undefined;
  limit: number;
}

/** The workspace's replies, newest first, with how many match and how many are open. */
export async function listInbox(db: InboxDb, workspaceId: string, query: InboxQuery) {
  const filter = {
    workspaceId,
    ...(query.status === 'all' ? {} : { status: query.status }),
    ...(query.category ? { category: query.category } : {}),
    ...(query.prospectId === undefined ? {} : { prospectId: query.prospectId }),
  };
  const [rows, total, open] = await Promise.all([
    db.inboxMessages
      .find(query.before ? { ...filter, receivedAt: { $lt: new Date(query.before) } } : filter)
      .sort({ receivedAt: -1, _id: -1 })
      .limit(query.limit)
      .lean<Stored[]>(),
    db.inboxMessages.countDocuments(filter),
    db.inboxMessages.countDocuments({ workspaceId, status: 'open' }),
  ]);
  const prospects = await prospectsOf(
    db,
    workspaceId,
    rows.map((row) => row.prospectId),
  );
  return { items: rows.map((row) => itemOf(row, prospects.get(row.prospectId))), total, open };
}

export async function inboxMessageOf(db: InboxDb, workspaceId: string, id: string): Promise<Stored> {
  const row = isValidObjectId(id) ? await db.inboxMessages.findOne({ workspaceId, _id: id }).lean<Stored>() : null;
  if (!row) throw new NotFoundError(`No message ${id} in this workspace's Inbox`);
  return row;
}

export async function inboxProspectOf(db: InboxDb, workspaceId: string, prospectId: number): Promise<ProspectRow> {
  const prospect = (await prospectsOf(db, workspaceId, [prospectId])).get(prospectId);
  if (!prospect) throw new NotFoundError(`Prospect ${prospectId} is no longer in this workspace`);
  return prospect;
}

const labelOf = (step: number, template: string | null) =>
  template === 'inbox-reply'
    ? 'Your reply'
    : template === 'meeting-invitation'
      ? 'Meeting invitation'
      : template === 'meeting-cancelled'
        ? 'Meeting cancelled'
        : template === 'meeting-proposal'
          ? 'Meeting slots offered'
          : `Email ${step} of the sequence`;

/** One reply with the whole conversation with its prospect, oldest first: every email we wrote them and every reply of theirs. */
export async function inboxThread(db: InboxDb, workspaceId: string, id: string) {
  const row = await inboxMessageOf(db, workspaceId, id);
  const [prospects, sent, received] = await Promise.all([
    prospectsOf(db, workspaceId, [row.prospectId]),
    db.outbox
      .find(
        { workspaceId, prospectId: row.prospectId, status: { $in: ['pending_review', 'queued', 'sending', 'sent'] } },
        { step: 1, subject: 1, body: 1, status: 1, sentAt: 1, createdAt: 1, template: 1, waitReason: 1 },
      )
      .sort({ createdAt: 1 })
      .limit(100)
      .lean(),
    db.inboxMessages.find({ workspaceId, prospectId: row.prospectId }).sort({ receivedAt: 1 }).limit(100).lean<Stored[]>(),
  ]);
  // In the order Meetflow saw them: a send by when it went out, a reply by when it arrived here (its
  // Date header is the sender's clock, to the second, and can read as older than the email it answers).
  const ordered: Array<{ seen: number; entry: ThreadEntry }> = [
    ...sent.map((email) => ({
      seen: (email.sentAt ?? email.createdAt ?? new Date(0)).getTime(),
      entry: {
        kind: 'sent' as const,
        at: (email.sentAt ?? email.createdAt ?? new Date(0)).toISOString(),
        subject: email.subject,
        text: email.body,
        step: email.step,
        status: email.status,
        label: labelOf(email.step, email.template),
        waitReason: email.status === 'sent' ? null : (email.waitReason ?? null),
      },
    })),
    ...received.map((reply) => ({
      seen: (reply.createdAt ?? reply.receivedAt).getTime(),
      entry: {
        kind: 'received' as const,
        at: reply.receivedAt.toISOString(),
        subject: reply.subject,
        text: reply.text,
        id: String(reply._id),
        category: reply.category,
      },
    })),
  ];
  const thread = ordered.sort((a, b) => a.seen - b.seen).map(({ entry }) => entry);
  return { message: itemOf(row, prospects.get(row.prospectId)), thread };
}

/** Marks the message done with what was done, by whom. */
async function resolve(db: InboxDb, workspaceId: string, row: Stored, resolution: InboxResolution, by: string, extra: object = {}) {
  await db.inboxMessages.updateOne(
    { workspaceId, _id: row._id },
    { $set: { status: 'done', resolution, decidedBy: by, decidedAt: new Date(), ...extra } },
  );
}

const reSubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim() || 'your note'}`);

/**
 * Answers a reply through the workspace's mailboxes: the email goes in the prospect's thread,
 * through the same guardrails as every send (it may wait for the window or a cap, and says so),
 * and the message is done ("replied").
 */
export async function replyFromInbox(
  deps: InboxDeps,
  workspaceId: string,
  id: string,
  input: { subject?: string | undefined; body: string },
  by: string,
) {
  const row = await inboxMessageOf(deps.db, workspaceId, id);
  const prospect = await inboxProspectOf(deps.db, workspaceId, row.prospectId);
  const step = await sendOneOff(deps, workspaceId, row.prospectId, {
    template: 'inbox-reply',
    email: prospect.email,
    subject: input.subject?.trim() || reSubject(row.subject),
    body: input.body,
  });
  await resolve(deps.db, workspaceId, row, 'replied', by, {});
  await deps.db.inboxMessages.updateOne({ workspaceId, _id: row._id }, { $addToSet: { sentSteps: step } });
  return { step, ...(await inboxThread(deps.db, workspaceId, id)) };
}

/** Not interested: the prospect's sequence stops and the message is done. */
export async function notInterested(deps: InboxDeps, workspaceId: string, id: string, by: string) {
  const row = await inboxMessageOf(deps.db, workspaceId, id);
  await signalSequence(deps, workspaceId, row.prospectId, 'control', { action: 'stop' });
  await resolve(deps.db, workspaceId, row, 'not-interested', by);
  return inboxThread(deps.db, workspaceId, id);
}

/** Suppress: the prospect's address goes on the suppression list (nothing is sent to it again), their sequence ends, the message is done. */
export async function suppressFromInbox(deps: InboxDeps, workspaceId: string, id: string, by: string) {
  const row = await inboxMessageOf(deps.db, workspaceId, id);
  const prospect = await inboxProspectOf(deps.db, workspaceId, row.prospectId);
  await addSuppressions(deps.db, workspaceId, { entries: [prospect.email], reason: 'suppressed from the Inbox' }, by);
  await signalSequence(deps, workspaceId, row.prospectId, 'unsubscribe', { reason: 'suppressed from the Inbox' });
  await resolve(deps.db, workspaceId, row, 'suppressed', by);
  return inboxThread(deps.db, workspaceId, id);
}

/** Archive: done, nothing else happens (e.g. a thank-you that needs no answer). */
export async function archiveMessage(deps: InboxDeps, workspaceId: string, id: string, by: string) {
  const row = await inboxMessageOf(deps.db, workspaceId, id);
  await resolve(deps.db, workspaceId, row, 'archived', by);
  return inboxThread(deps.db, workspaceId, id);
}
