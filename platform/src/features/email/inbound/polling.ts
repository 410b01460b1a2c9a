import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Models } from '../../models.ts';

/** The one polling run of a workspace. */
export const inboxPollingId = (workspaceId: string) => `inbox-polling:${workspaceId}`;

/** Where and how often the API starts polling. */
export interface InboxPolling {
  temporal: Client;
  taskQueue: string;
  intervalSeconds: number;
}

/** Starts the workspace's IMAP polling unless it runs already (it ends by itself once no mailbox has IMAP settings). */
export async function ensureInboxPolling(polling: InboxPolling, workspaceId: string): Promise<void> {
  try {
    await polling.temporal.workflow.start('inboxPolling', {
      taskQueue: polling.taskQueue,
      workflowId: inboxPollingId(workspaceId),
      args: [{ workspaceId, intervalSeconds: polling.intervalSeconds }],
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** At start-up: polling for every workspace with a mailbox read over IMAP (a run ended or terminated meanwhile starts again). */
export async function resumeInboxPolling(db: Pick<Models, 'mailboxes'>, polling: InboxPolling): Promise<number> {
  const workspaces = (await db.mailboxes.distinct('workspaceId', { imap: { $ne: null } }).setOptions(ACROSS_WORKSPACES)) as string[];
  for (const workspaceId of workspaces) await ensureInboxPolling(polling, workspaceId);
  return workspaces.length;
}
