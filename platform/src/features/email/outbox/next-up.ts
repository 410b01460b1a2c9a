import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import { sequenceStatesOf, type SequenceDeps } from '../sequences/control.ts';
import type { SequenceAddress } from '../sequences/directory.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import type { OutboxMessage, OutboxStatus } from './model.ts';

/** What "next up" reads: the outbox, the prospects and campaigns it names, and where sequences run. */
export type NextUpDb = Pick<Models, 'outbox' | 'prospects' | 'campaigns' | 'sequenceDirectory'>;

/**
 * One email that comes up next: `send`, written (and approved, or autonomous) and waiting for its
 * send; `write`, a sequence's next step not written yet, written when its day in the cadence comes
 * (then it waits for review in review mode). `at` is when; null: now (it is due already).
 */
export interface NextUpItem {
  prospectId: number;
  prospect: { firstName: string; lastName: string; company: string; jobTitle: string | null; email: string } | null;
  campaign: { id: number; name: string } | null;
  step: number;
  stage: 'send' | 'write';
  at: string | null;
  reason: string;
}

/** The most items one answer holds. */
export const NEXT_UP_MAX = 20;
/** Running sequences read from Temporal's list at most (a page is 1,000). */
const LISTED_AT_MOST = 5_000;
/** Sequences asked for their state, per item wanted: those started first, as they come up first. */
const ASKED_PER_ITEM = 2;

/** Written emails that still wait: for a reviewer (the queue itself) or for their send. */
const WAITING: OutboxStatus[] = ['pending_review', 'queued', 'sending'];

type WaitingRow = Pick<OutboxMessage, 'prospectId' | 'campaignId' | 'step' | 'status' | 'slotAt' | 'waitReason' | 'waitingUntil'>;

/**
 * What comes up next in the workspace, soonest first, at most `limit`: the emails waiting for their
 * send (by when they may go, from the outbox's own wait), and the sequences' next steps not written
 * yet (by their day, from each sequence's live state). Cheap by construction: one indexed outbox
 * query for each part, one list of the workspace's running sequences (Temporal's visibility store),
 * and the state of the `ASKED_PER_ITEM × limit` sequences started first among those with no email
 * waiting (a sequence started earlier is at least as far along, so its next step tends to come first).
 */
export async function nextUp(
  deps: { db: NextUpDb; temporal: Client },
  workspaceId: string,
  limit: number,
  now: Date = new Date(),
): Promise<{ items: NextUpItem[] }> {
  const { db } = deps;
  const [sending, written] = await Promise.all([
    db.outbox
      .find(
        { workspaceId, status: { $in: ['queued', 'sending'] } },
        { prospectId: 1, campaignId: 1, step: 1, status: 1, slotAt: 1, waitReason: 1, waitingUntil: 1 },
      )
      .sort({ waitingUntil: 1, createdAt: 1, _id: 1 })
      .limit(limit)
      .lean<WaitingRow[]>(),
    db.outbox.distinct('prospectId', { workspaceId, status: { $in: WAITING } }) as Promise<number[]>,
  ]);
  const sends = sending.map((row) => sendItem(row, now));
  const writes = await nextSteps(deps, workspaceId, new Set(written), limit * ASKED_PER_ITEM, now);
  const soonest = [...sends, ...writes]
    .sort((left, right) => when(left) - when(right) || left.prospectId - right.prospectId)
    .slice(0, limit);
  return { items: await named(db, workspaceId, soonest, sending) };
}

type Unnamed = Omit<NextUpItem, 'prospect' | 'campaign'>;

const when = (item: Unnamed) => (item.at === null ? 0 : Date.parse(item.at));

/** A written email waiting for its send: until when, and why (the send's own words), or due now. */
function sendItem(row: WaitingRow, now: Date): Unnamed {
  const until = row.waitingUntil ?? row.slotAt;
  const later = until !== null && until > now;
  const reason =
    row.status === 'sending'
      ? 'being sent now'
      : later && row.waitReason
        ? row.waitReason
        : later
          ? 'waiting its turn on the mailbox'
          : 'due now: it goes out in the next sending run';
  return { prospectId: row.prospectId, step: row.step, stage: 'send', at: later ? until.toISOString() : null, reason };
}

/**
 * The next steps of the workspace's running sequences that have no email waiting, soonest first:
 * the `asked` sequences started first are asked their state; held ones (a user's pause) and those
 * with nothing left to write are left out.
 */
async function nextSteps(
  deps: SequenceDeps,
  workspaceId: string,
  waiting: ReadonlySet<number>,
  asked: number,
  now: Date,
): Promise<Unnamed[]> {
  // Slugs are `[a-z0-9-]`; anything else never reaches a query string.
  if (!/^[a-z0-9][a-z0-9-]*$/.test(workspaceId)) return [];
  const prefix = sequenceWorkflowId(workspaceId, 0).slice(0, -1);
  const running = new Map<number, { prospectId: number; startedAt: number; address: SequenceAddress }>();
  const listed = deps.temporal.workflow.list({
    query: `WorkflowType = 'prospectSequence' AND ExecutionStatus = 'Running' AND WorkflowId STARTS_WITH '${prefix}'`,
    pageSize: 1_000,
  });
  // Sequences alone, as Temporal lists them running...
  for await (const execution of listed) {
    const rest = execution.workflowId.slice(prefix.length);
    // Another workspace whose slug starts with this one's ("acme" and "acme-2") names its sequences `acme-2-<id>`.
    if (!/^\d+$/.test(rest)) continue;
    const prospectId = Number(rest);
    if (!waiting.has(prospectId))
      running.set(prospectId, {
        prospectId,
        startedAt: execution.startTime.getTime(),
        address: { kind: 'alone', workflowId: execution.workflowId },
      });
    if (running.size >= LISTED_AT_MOST) break;
  }
  // ...and groups' members, as the sequence directory holds them running (oldest first).
  const members = await deps.db.sequenceDirectory
    .find({ workspaceId, endedAt: null }, { prospectId: 1, workflowId: 1, enrolledAt: 1, _id: 0 })
    .sort({ enrolledAt: 1 })
    .limit(LISTED_AT_MOST)
    .lean();
  for (const { prospectId, workflowId, enrolledAt } of members) {
    if (workflowId === sequenceWorkflowId(workspaceId, prospectId) || waiting.has(prospectId)) continue;
    running.set(prospectId, { prospectId, startedAt: enrolledAt.getTime(), address: { kind: 'member', workflowId, endedAt: null } });
  }
  const first = [...running.values()]
    .sort((left, right) => left.startedAt - right.startedAt || left.prospectId - right.prospectId)
    .slice(0, asked);
  const asking = await sequenceStatesOf(
    deps,
    workspaceId,
    first.map(({ prospectId }) => prospectId),
    new Map(first.map(({ prospectId, address }) => [prospectId, address])),
  );
  const states = first.map(({ prospectId }) => asking.get(prospectId) ?? null);
  return first.flatMap(({ prospectId }, index) => {
    const state = states[index];
    if (!state || state.pausedByUser || state.waitingFor !== null || state.nextStep === null || state.nextSendAt === null) return [];
    if (state.status !== 'active' && state.status !== 'paused') return [];
    const at = Date.parse(state.nextSendAt);
    const previous = state.sentSteps.at(-1);
    const reason =
      state.status === 'paused' && state.pausedUntil
        ? 'paused by an out-of-office reply until then'
        : previous === undefined
          ? 'waiting for its day in the cadence, counted from enrolment'
          : `waiting for its day in the cadence, counted from email ${previous}`;
    return [{ prospectId, step: state.nextStep, stage: 'write' as const, at: at > now.getTime() ? state.nextSendAt : null, reason }];
  });
}

/** The items with their prospects and campaigns: a written email's campaign is its own, a step not written yet its prospect's latest. */
async function named(db: NextUpDb, workspaceId: string, items: Unnamed[], rows: WaitingRow[]): Promise<NextUpItem[]> {
  const prospectIds = [...new Set(items.map((item) => item.prospectId))];
  const ownCampaignIds = rows.flatMap((row) => (row.campaignId === null ? [] : [row.campaignId]));
  const [prospects, campaigns] = await Promise.all([
    db.prospects
      .find({ workspaceId, id: { $in: prospectIds } }, { id: 1, firstName: 1, lastName: 1, company: 1, jobTitle: 1, email: 1 })
      .lean(),
    db.campaigns
      .find(
        { workspaceId, $or: [{ prospectIds: { $in: prospectIds } }, { id: { $in: ownCampaignIds } }] },
        { id: 1, name: 1, prospectIds: 1 },
      )
      .sort({ id: -1 })
      .lean(),
  ]);
  return items.map((item) => {
    const prospect = prospects.find((candidate) => candidate.id === item.prospectId);
    const campaignId =
      item.stage === 'send'
        ? (rows.find((row) => row.prospectId === item.prospectId && row.step === item.step)?.campaignId ?? null)
        : (campaigns.find((campaign) => campaign.prospectIds.includes(item.prospectId))?.id ?? null);
    const campaign = campaigns.find((candidate) => candidate.id === campaignId);
    return {
      ...item,
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
    };
  });
}
