import { ENGAGEMENT_ANALYSIS } from '@meetflow/plugin-sdk/contracts/agents';
import type { Client } from '@temporalio/client';
import { sequenceStateOf, signalSequence } from '../sequences/control.ts';
import { sequenceAddresses } from '../sequences/directory.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { publishEvent, type EventsDb } from '../../../core/events.ts';
import type { Models } from '../../models.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { creditProspectOutcomes, recordOutcome, type ExperimentCreditDb, type OutcomesDb } from '../../insights/services.ts';
import { callPluginActivity } from '../../runs/services.ts';
import type { InboxSource } from '../inbox/model.ts';
import { recordInboxMessage } from '../inbox/record.ts';

/** A reply as it arrives (from the mailbox integration or pasted by a person). */
export interface IncomingReply {
  prospectId: number;
  body: string;
  subject?: string;
  from?: string;
  receivedAt?: string;
  /** The mailbox's message id: the same reply handled twice counts once. */
  messageId?: string;
  /** How it reached us (the Inbox shows it): threaded to our email, a held message confirmed, or pasted in (the default). */
  source?: InboxSource;
}

/** What engagement analysis said, and what happened to the sequence because of it. */
export interface HandledReply {
  classification: {
    category: string;
    action: 'stop' | 'pause' | 'continue';
    confidence: number;
    returnDate: string | null;
    meetingIntent: number;
    /** Days and times the reply offers for a meeting (UTC), read in the prospect's zone when known. */
    proposedTimes: Array<{ start: string; matched: string }>;
    signals: unknown[];
  };
  /** The sequence's state after the reply (and the workflow it runs in), or null when the prospect has no running sequence. */
  sequence: { workflowId: string; signal: 'reply' | 'unsubscribe'; state: unknown } | null;
}

/** What reading a reply looks up (the prospect) and records (its outcome). */
export type ReplyDb = Pick<Models, 'prospects' | 'inboxMessages' | 'sequenceDirectory'> & OutcomesDb & ExperimentCreditDb & EventsDb;

/**
 * Reads a reply: engagement analysis classifies it (explainable rules), the reply is put in the
 * Inbox and recorded as an outcome (once per message), and the prospect's sequence is told: an unsubscribe or bounce
 * stops it and suppresses the address, other replies stop or pause it as the classification says.
 */
export async function handleReply(
  deps: { db: ReplyDb; temporal: Client; taskQueue: string },
  workspaceId: string,
  reply: IncomingReply,
): Promise<HandledReply> {
  const prospect = await deps.db.prospects.findOne({ workspaceId, id: reply.prospectId }).lean();
  if (!prospect) throw new NotFoundError(`No prospect ${reply.prospectId} in this workspace`);
  const receivedAt = reply.receivedAt ?? new Date().toISOString();
  const classification = (await callPluginActivity(
    deps.temporal,
    deps.taskQueue,
    ENGAGEMENT_ANALYSIS.classifyReply,
    {
      body: reply.body,
      subject: reply.subject,
      from: reply.from ?? prospect.email,
      receivedAt,
      ...(prospect.timeZone ? { timeZone: prospect.timeZone } : {}),
    },
    systemRunContext(workspaceId, 'reply'),
  )) as HandledReply['classification'];

  const messageId = reply.messageId ?? `${receivedAt}:${reply.body.length}`;
  const key = `reply-${reply.prospectId}-${messageId}`;
  await recordInboxMessage(
    deps.db,
    workspaceId,
    {
      key,
      prospectId: reply.prospectId,
      from: reply.from ?? prospect.email,
      subject: reply.subject ?? '',
      body: reply.body,
      receivedAt: new Date(receivedAt),
      source: reply.source ?? 'pasted',
    },
    classification,
  );
  await recordOutcome(deps.db, {
    workspaceId,
    eventId: key,
    type: 'replied',
    at: new Date(receivedAt),
    prospectId: reply.prospectId,
    category: classification.category,
  });
  await publishEvent(deps.db, systemRunContext(workspaceId, 'reply'), {
    type: 'reply.received',
    key,
    occurredAt: new Date(receivedAt),
    data: {
      prospectId: reply.prospectId,
      messageId,
      classification: { category: classification.category, confidence: classification.confidence ?? null },
    },
  });
  // The reward of the experiment decision behind this prospect's sequence (a positive reply), counted once.
  await creditProspectOutcomes(deps.db, workspaceId, reply.prospectId);

  const suppress = classification.category === 'unsubscribe' || classification.category === 'bounce';
  const signal = suppress ? 'unsubscribe' : 'reply';
  const told = await signalSequence(
    deps,
    workspaceId,
    reply.prospectId,
    signal,
    suppress
      ? { reason: classification.category === 'bounce' ? 'bounced' : 'asked to be removed' }
      : {
          category: classification.category,
          action: classification.action,
          returnDate: classification.returnDate,
          // An interested reply is answered with meeting slots in its thread (reviewed first in review mode).
          proposeMeeting: classification.action === 'stop' && classification.category === 'interested',
        },
  );
  // No sequence (never enrolled) or a finished one: the reply is still classified and counted.
  const state = told ? await sequenceStateOf(deps, workspaceId, reply.prospectId) : null;
  if (!state) return { classification, sequence: null };
  const where = (await sequenceAddresses(deps.db, workspaceId, [reply.prospectId])).get(reply.prospectId)!;
  return { classification, sequence: { workflowId: where.workflowId, signal, state } };
}
