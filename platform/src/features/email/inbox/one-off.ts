import { ACROSS_WORKSPACES, isDuplicateKey } from '@meetflow/plugin-sdk';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import { FIRST_ONE_OFF_STEP, oneOffKeyOf, type ONE_OFF_TEMPLATES, type OutboxMessage } from '../outbox/model.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { suppressionOf } from '../suppressions/suppression.ts';
import { ConflictError } from '../../../core/errors.ts';

/** What sending a one-off email reads and writes. */
export type OneOffDb = Pick<Models, 'outbox' | 'campaigns' | 'suppressions'>;

/** An email outside the cadence: a person's reply from the Inbox, a meeting's invitation or its cancellation. */
export interface OneOffEmail {
  template: (typeof ONE_OFF_TEMPLATES)[number];
  email: string;
  subject: string;
  body: string;
  calendar?: OutboxMessage['calendar'];
  /**
   * What makes the email one of a kind in the workspace (`meeting-cancelled:<meetingId>`): a send
   * repeated with the same key queues nothing and answers the first one's step. Without it every
   * call queues an email.
   */
  key?: string;
}

/** Where the send of a one-off email runs: one workflow per (workspace, prospect, step). */
export function oneOffWorkflowId(workspaceId: string, prospectId: number, step: number): string {
  return `email-${workspaceId}-${prospectId}-${step}`;
}

/**
 * Queues a one-off email to a prospect at their next free one-off outbox step (no review: a person
 * wrote it or asked for it) and starts its send, which goes through the same guardrails as every
 * step (suppressions, window, caps, the thread's mailbox). A suppressed address is refused (409).
 * Answers the outbox step. With a key, an email queued under it already is answered instead (its
 * send started again if it has not gone yet: a call stopped between the two writes is finished).
 */
export async function sendOneOff(
  deps: { db: OneOffDb; temporal: Client; taskQueue: string },
  workspaceId: string,
  prospectId: number,
  email: OneOffEmail,
): Promise<number> {
  const { db } = deps;
  if (email.key !== undefined && !email.key.trim()) throw new Error("a one-off email's key is empty");
  const oneOffKey = email.key === undefined ? null : oneOffKeyOf(workspaceId, email.key);
  const queued = oneOffKey ? await queuedUnder(db, oneOffKey, prospectId) : null;
  if (queued) return startSend(deps, workspaceId, prospectId, queued);
  const address = email.email.trim().toLowerCase();
  const suppressed = await suppressionOf(db, workspaceId, address);
  if (suppressed) throw new ConflictError(`${address} is on the suppression list (${suppressed.reason}): nothing is sent to it`);
  const campaign = await db.campaigns.findOne({ workspaceId, prospectIds: prospectId }, { id: 1 }).lean();
  let step = 0;
  for (let attempt = 0; step === 0; attempt++) {
    const last = await db.outbox
      .findOne({ workspaceId, prospectId, step: { $gte: FIRST_ONE_OFF_STEP } }, { step: 1 })
      .sort({ step: -1 })
      .lean();
    const next = Math.max(FIRST_ONE_OFF_STEP, (last?.step ?? FIRST_ONE_OFF_STEP - 1) + 1);
    try {
      await db.outbox.create({
        workspaceId,
        sequenceId: sequenceWorkflowId(workspaceId, prospectId),
        prospectId,
        campaignId: campaign?.id ?? null,
        step: next,
        email: address,
        subject: email.subject,
        body: email.body,
        factIds: [],
        template: email.template,
        status: 'queued',
        calendar: email.calendar ?? null,
        ...(oneOffKey ? { oneOffKey } : {}),
      } satisfies Partial<OutboxMessage>);
      step = next;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // A racing call with the same key queued it first: that one is the email.
      const raced = oneOffKey ? await queuedUnder(db, oneOffKey, prospectId) : null;
      if (raced) return startSend(deps, workspaceId, prospectId, raced);
      // Another one-off took the step meanwhile: take the one after it.
      if (attempt >= 5) throw error;
    }
  }
  return startSend(deps, workspaceId, prospectId, { step, status: 'queued' });
}

/** The email queued under a stored key, or null; a key names one prospect's email (another's is a caller's bug). */
async function queuedUnder(db: OneOffDb, oneOffKey: string, prospectId: number) {
  // The stored key carries the workspace, and a filter of exactly the unique index's key is one the embedded server looks up, not scans.
  const row = await db.outbox.findOne({ oneOffKey }, { prospectId: 1, step: 1, status: 1 }, ACROSS_WORKSPACES).lean();
  if (row && row.prospectId !== prospectId)
    throw new Error(`the one-off key ${oneOffKey} queued an email to prospect ${row.prospectId}, not ${prospectId}`);
  return row;
}

/**
 * Starts the send of an outbox step, once (its workflow id is the step's), and answers the step.
 * One that ended already (sent, refused) is left alone: the send re-reads the row anyway.
 */
async function startSend(
  deps: { temporal: Client; taskQueue: string },
  workspaceId: string,
  prospectId: number,
  row: Pick<OutboxMessage, 'step' | 'status'>,
): Promise<number> {
  const { step } = row;
  if (row.status !== 'queued' && row.status !== 'sending') return step;
  try {
    await deps.temporal.workflow.start('sendEmail', {
      taskQueue: deps.taskQueue,
      workflowId: oneOffWorkflowId(workspaceId, prospectId, step),
      args: [{ workspaceId, prospectId, step }],
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
  return step;
}
