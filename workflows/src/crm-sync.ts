import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  continueAsNew,
  defineSignal,
  proxyActivities,
  setHandler,
  uuid4,
} from '@temporalio/workflow';

/**
 * What `crmSync` is started with. No workspace: the run's workspace is its workflow id's
 * (`crm-sync:<workspace>`), which only the platform starts, and its activities read it from
 * their run context (the workflow execution that called them), never from an input.
 */
export interface CrmSyncInput {
  /** Minutes between two syncs when nobody asks for one. */
  intervalMinutes: number;
  /** A sync was asked for and not yet run (carried over a continue-as-new). */
  pending?: boolean;
}

/** What one records page did. */
export interface CrmSyncPage {
  more: boolean;
  /** Why the sync stopped for good (the CRM refused the credentials: reconnect), or null. */
  stopped: string | null;
}

/** The activities of the CRM sync (platform/src/features/revenue/crm): each acts in its run's workspace. */
export interface CrmSyncActivities {
  /** Marks the sync running; false when the workspace has no CRM connected any more (the workflow ends). */
  beginCrmSync(): Promise<{ connected: boolean }>;
  /** Writes the next page of prospects, emails and meetings to the CRM and moves the cursor past them. */
  syncCrmPage(): Promise<CrmSyncPage>;
  /** Reads one page of the CRM's customers and open deals into discovery's exclusions, under `generation`. */
  refreshCrmExclusions(input: {
    generation: string;
    cursor: string | null;
  }): Promise<{ nextCursor: string | null; stopped: string | null }>;
  /** Records how the sync ended; a finished `generation` replaces the older exclusions. */
  finishCrmSync(input: { generation: string | null; error: string | null }): Promise<void>;
}

/** "Sync now": a member asked for a sync; it runs as soon as the one running (if any) is done. */
export const crmSyncNowSignal = defineSignal('crmSyncNow');

// The database away is retried however long it takes.
const { beginCrmSync, finishCrmSync } = proxyActivities<CrmSyncActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});
// A CRM that does not answer (a 5xx, a 429 beyond what the plugin waits in process) fails the page
// retryably: retried with backoff, after its Retry-After when the CRM sent one (the plugin's
// failure carries it as nextRetryDelay), six times, then this sync ends with the error and the next
// one resumes from the cursor. A page is idempotent, so a retry writes nothing twice.
const { syncCrmPage, refreshCrmExclusions } = proxyActivities<CrmSyncActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 6 },
});

/** Syncs between two continue-as-new, so the history stays short. */
const SYNCS_PER_RUN = 50;

function messageOf(failure: unknown): string {
  const cause = failure instanceof ActivityFailure ? failure.cause : failure;
  if (cause instanceof ApplicationFailure || cause instanceof Error) return cause.message;
  return String(cause);
}

/** One sync: the records page by page, then (unless stopped) the exclusions; recorded either way. */
async function syncOnce(): Promise<boolean> {
  const { connected } = await beginCrmSync();
  if (!connected) return false;
  let error: string | null = null;
  let generation: string | null = null;
  try {
    let page: CrmSyncPage;
    do page = await syncCrmPage();
    while (page.more && page.stopped === null);
    error = page.stopped;
    if (error === null) {
      const refresh = uuid4();
      let cursor: string | null = null;
      do {
        const read: { nextCursor: string | null; stopped: string | null } = await refreshCrmExclusions({ generation: refresh, cursor });
        if (read.stopped !== null) error = read.stopped;
        cursor = read.nextCursor;
      } while (cursor !== null && error === null);
      if (error === null) generation = refresh;
    }
  } catch (failure) {
    error = messageOf(failure);
  }
  await finishCrmSync({ generation, error });
  return true;
}

/**
 * A workspace's CRM sync (one run per workspace, workflow id `crm-sync:<workspace>`): a sync at
 * once when asked (started or signalled by "Sync now"), then every `intervalMinutes`, one at a
 * time. Ends once the workspace has no CRM connected; connecting one starts it again.
 */
export async function crmSync(input: CrmSyncInput): Promise<void> {
  let requested = input.pending ?? true;
  setHandler(crmSyncNowSignal, () => {
    requested = true;
  });
  for (let round = 0; round < SYNCS_PER_RUN; round++) {
    if (!requested) await condition(() => requested, input.intervalMinutes * 60_000);
    requested = false;
    // A CRM connected while this sync found none: the connect's signal joined this run, so it goes on (as calendarSync does).
    if (!(await syncOnce()) && !requested) return;
  }
  await continueAsNew<typeof crmSync>({ ...input, pending: requested });
}
