import type { InboxActivities } from '@meetflow/workflows';
import { checkWorkspaceInboxes, type InboxDeps } from './imap-poll.ts';

/** The activity `inboxPolling` runs: one check of each of a workspace's IMAP mailboxes. */
export function createInboxActivities(deps: InboxDeps): InboxActivities {
  return {
    async checkInboxes({ workspaceId }) {
      const { mailboxes } = await checkWorkspaceInboxes(deps, workspaceId);
      return { mailboxes };
    },
  };
}
