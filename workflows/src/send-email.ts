import { proxyActivities, sleep } from '@temporalio/workflow';
import type { DeliverStepResult, SequenceActivities } from './activities.ts';

/** One email outside a cadence (a person's reply from the Inbox, a meeting invitation), already in the outbox at `step`. */
export interface SendEmailInput {
  workspaceId: string;
  prospectId: number;
  step: number;
}

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 };
// A send may wait on a slow SMTP server (20 s per exchange); a worker lost mid-send is retried after this.
const { deliverStep } = proxyActivities<SequenceActivities>({ startToCloseTimeout: '2 minutes', retry });

/**
 * Sends one outbox email through the same guarded send as a sequence's steps (suppressions,
 * window, caps, the thread's mailbox), waiting durably for as long as the send says, and answers
 * how it ended. Exactly once, as every send is: the outbox row records the intent first.
 */
export async function sendEmail(input: SendEmailInput): Promise<DeliverStepResult> {
  for (;;) {
    const result = await deliverStep({ ...input, at: Date.now() });
    if (result.outcome !== 'wait') return result;
    await sleep(Math.max(result.until - Date.now(), 1_000));
  }
}
