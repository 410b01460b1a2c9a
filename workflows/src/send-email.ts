import { proxyActivities, sleep } from '@temporalio/workflow';
import type { DeliverStepResult, SequenceActivities } from './activities.ts';

/** One email outside a cadence (a person's reply from the Inbox, a meeting invitation), already in the outbox at `step`. */
export interface SendEmailInput {
  workspaceId: string;
  prospectId: number;
  step: number;
}

/**
 * How a send is called, by this workflow and by each prospect's sequence. It may wait on a slow SMTP
 * server (20 s per exchange) and heartbeats every 10 s while it does (the worker wraps it in
 * `heartbeating`), so a send whose worker was lost, or whose answer a Temporal outage lost, is
 * tried again 30 s after its last beat rather than once its 2 minutes have passed.
 */
export const DELIVER_STEP_OPTIONS = {
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 },
} as const;
const { deliverStep } = proxyActivities<SequenceActivities>(DELIVER_STEP_OPTIONS);

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
