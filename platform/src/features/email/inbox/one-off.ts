import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import { FIRST_ONE_OFF_STEP, type ONE_OFF_TEMPLATES, type OutboxMessage } from '../outbox/model.ts';
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
}

/** Where the send of a one-off email runs: one workflow per (workspace, prospect, step). */
export function oneOffWorkflowId(workspaceId: string, prospectId: number, step: number): string {
  return `email-${workspaceId}-${prospectId}-${step}`;
}

/**
 * Queues a one-off email to a prospect at their next free one-off outbox step (no review: a person
 * wrote it or asked for it) and starts its send, which goes through the same guardrails as every
 * step (suppressions, window, caps, the thread's mailbox). A suppressed address is refused (409).
 * Answers the outbox step.
 */
export async function sendOneOff(
  deps: { db: OneOffDb; temporal: Client; taskQueue: string },
  workspaceId: string,
  prospectId: number,
  email: OneOffEmail,
): Promise<number> {
  const { db } = deps;
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
      } satisfies Partial<OutboxMessage>);
      step = next;
    } catch (error) {
      // Another one-off took the step meanwhile: take the one after it.
      if (!isDuplicateKey(error) || attempt >= 5) throw error;
    }
  }
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
