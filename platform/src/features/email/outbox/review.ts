import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { signalSequence } from '../sequences/control.ts';
import type { OutboxMessage, OutboxStatus } from './model.ts';
import { prospectFacts } from './facts.ts';

type Row = OutboxMessage & { _id: { toString(): string } };

/** One outbox email as the API shows it: the prospect, the campaign, the facts it cites, and where it stands. */
/** What the Review Queue reads: the emails, with their prospects, campaigns and the facts they cite (from the runs). */
export type ReviewDb = Pick<Models, 'outbox' | 'prospects' | 'campaigns' | 'pipelineRuns' | 'stepOutputs' | 'sequenceDirectory'>;

export interface OutboxItem {
  id: string;
  prospectId: number;
  prospect: { firstName: string; lastName: string; company: string; jobTitle: string | null; email: string } | null;
  campaign: { id: number; name: string } | null;
  step: number;
  subject: string;
  body: string;
  status: OutboxStatus;
  edited: boolean;
  reviewedBy: string | null;
  reviewedAt: string | null;
  waitingUntil: string | null;
  waitReason: string | null;
  sentAt: string | null;
  mailbox: { id: string; fromAddress: string } | null;
  error: string | null;
  facts: Array<{ id: string; kind: string; value: string; evidence: { url: string; snippet: string } }>;
  createdAt: string;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The page of the workspace's outbox with a status (oldest first: the queue's order), each email with what it cites. */
export async function listOutbox(
  db: ReviewDb,
  workspaceId: string,
  query: { status?: OutboxStatus; campaignId?: number; page: number; limit: number },
): Promise<{ items: OutboxItem[]; total: number; page: number; limit: number }> {
  const filter = {
    workspaceId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.campaignId === undefined ? {} : { campaignId: query.campaignId }),
  };
  const [rows, total] = await Promise.all([
    db.outbox
      .find(filter)
      .sort({ createdAt: 1, _id: 1 })
      .skip((query.page - 1) * query.limit)
      .limit(query.limit)
      .lean<Row[]>(),
    db.outbox.countDocuments(filter),
  ]);
  return { items: await itemsOf(db, workspaceId, rows), total, page: query.page, limit: query.limit };
}

/** The API's view of rows: their prospects, campaigns and cited facts read once per page. */
async function itemsOf(db: ReviewDb, workspaceId: string, rows: Row[]): Promise<OutboxItem[]> {
  const prospectIds = [...new Set(rows.map((row) => row.prospectId))];
  const campaignIds = [...new Set(rows.flatMap((row) => (row.campaignId === null ? [] : [row.campaignId])))];
  const [prospects, campaigns, facts] = await Promise.all([
    db.prospects
      .find({ workspaceId, id: { $in: prospectIds } }, { id: 1, firstName: 1, lastName: 1, company: 1, jobTitle: 1, email: 1 })
      .lean(),
    db.campaigns.find({ workspaceId, id: { $in: campaignIds } }, { id: 1, name: 1 }).lean(),
    prospectFacts(db, workspaceId, prospectIds),
  ]);
  return rows.map((row) => {
    const prospect = prospects.find((candidate) => candidate.id === row.prospectId);
    const campaign = campaigns.find((candidate) => candidate.id === row.campaignId);
    const known = facts.get(row.prospectId) ?? [];
    return {
      id: row._id.toString(),
      prospectId: row.prospectId,
      prospect: prospect
        ? {
            firstName: prospect.firstName,
            lastName: prospect.lastName,
            company: prospect.company,
            jobTitle: prospect.jobTitle,
            email: prospect.email,
          }
        : null,
      campaign: campaign ? { id: campaign.id, name: campaign.name } : null,
      step: row.step,
      subject: row.subject,
      body: row.body,
      status: row.status,
      edited: row.original !== null,
      reviewedBy: row.reviewedBy,
      reviewedAt: iso(row.reviewedAt),
      waitingUntil: iso(row.waitingUntil),
      waitReason: row.waitReason,
      sentAt: iso(row.sentAt),
      mailbox: row.mailboxId && row.fromAddress ? { id: row.mailboxId, fromAddress: row.fromAddress } : null,
      error: row.error,
      facts: row.factIds.flatMap((id) => known.filter((fact) => fact.id === id)),
      createdAt: iso(row.createdAt)!,
    };
  });
}

/** What a reviewer decides about one email. */
export type ReviewDecision = { action: 'approve'; subject?: string; body?: string } | { action: 'reject' };

/**
 * Approves (with the reviewer's edit, kept and sent as edited) or rejects one email waiting for
 * review, then tells its sequence: an approval starts the send, a rejection stops the sequence.
 * Only an email still pending review can be decided (409 otherwise).
 */
export async function reviewEmail(
  deps: { db: ReviewDb; temporal: Client },
  workspaceId: string,
  id: string,
  decision: ReviewDecision,
  reviewer: string,
): Promise<OutboxItem> {
  const { db } = deps;
  const row = await db.outbox.findOne({ workspaceId, _id: id }).lean<Row>();
  if (!row) throw new NotFoundError(`No email ${id} in this workspace's outbox`);
  const edit =
    decision.action === 'approve'
      ? { subject: decision.subject ?? row.subject, body: decision.body ?? row.body }
      : { subject: row.subject, body: row.body };
  const changed = edit.subject !== row.subject || edit.body !== row.body;
  const decided = await db.outbox.updateOne(
    { workspaceId, _id: id, status: 'pending_review' },
    {
      $set: {
        status: decision.action === 'approve' ? 'queued' : 'rejected',
        ...edit,
        ...(changed && row.original === null ? { original: { subject: row.subject, body: row.body } } : {}),
        reviewedBy: reviewer,
        reviewedAt: new Date(),
        ...(decision.action === 'reject' ? { error: `rejected in review by ${reviewer}` } : {}),
      },
    },
  );
  if (decided.modifiedCount === 0) throw new ConflictError(`Email ${id} is ${row.status.replace('_', ' ')}, not waiting for review`);
  await signalSequence(deps, workspaceId, row.prospectId, decision.action, { step: row.step });
  const [item] = await itemsOf(db, workspaceId, [(await db.outbox.findOne({ workspaceId, _id: id }).lean<Row>())!]);
  return item!;
}

/** Approves every email waiting for review (of one campaign, when given); answers how many. */
export async function approveAll(
  deps: { db: ReviewDb; temporal: Client },
  workspaceId: string,
  campaignId: number | undefined,
  reviewer: string,
): Promise<{ approved: number }> {
  const filter = { workspaceId, status: 'pending_review' as const, ...(campaignId === undefined ? {} : { campaignId }) };
  const pending = await deps.db.outbox.find(filter, { _id: 1 }).lean<Row[]>();
  let approved = 0;
  for (const row of pending) {
    try {
      await reviewEmail(deps, workspaceId, row._id.toString(), { action: 'approve' }, reviewer);
      approved++;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error; // decided by someone else meanwhile
    }
  }
  return { approved };
}
