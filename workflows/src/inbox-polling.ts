import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { InboxActivities } from './activities.ts';

/** What `inboxPolling` is started with. */
export interface InboxPollingInput {
  workspaceId: string;
  /** Seconds between two checks. */
  intervalSeconds: number;
}

// A failed check (the database away) is tried again with backoff, however long it takes.
const { checkInboxes } = proxyActivities<InboxActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/** Checks between two continue-as-new, so the history stays short. */
const CHECKS_PER_RUN = 100;

/**
 * Reads the workspace's mailboxes over IMAP every `intervalSeconds` (one run per workspace: its
 * workflow id is `inbox-polling:<workspace>`). Ends once the workspace has no IMAP mailbox left;
 * adding one starts it again.
 */
export async function inboxPolling(input: InboxPollingInput): Promise<void> {
  for (let check = 0; check < CHECKS_PER_RUN; check++) {
    const { mailboxes } = await checkInboxes({ workspaceId: input.workspaceId });
    if (mailboxes === 0) return;
    await sleep(input.intervalSeconds * 1000);
  }
  await continueAsNew<typeof inboxPolling>(input);
}
