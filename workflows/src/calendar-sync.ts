import { condition, continueAsNew, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';

/**
 * What `calendarSync` is started with. No workspace: the run's workspace is its workflow id's
 * (`calendar-sync:<workspace>`), which only the platform starts, and its activity reads it from its
 * run context (the workflow execution that called it), never from an input.
 */
export interface CalendarSyncInput {
  /** Minutes between two read-backs. */
  intervalMinutes: number;
}

/** What one read-back did (the meetings' ids stay in the database; the history keeps the counts). */
export interface CalendarReadBack {
  /** False when the workspace has no calendar connected any more (the workflow ends). */
  connected: boolean;
  cancelled: number;
  moved: number;
  /** Events created now that the calendar answered again (booked while it did not). */
  created: number;
  /** Why the calendar could not be read this time (recorded on the account for the screen), or null. */
  error: string | null;
}

/** What a read-back is given: the workflow's time, which decides whether the calendar's notification channel is due for renewal. */
export interface CalendarReadBackInput {
  /** ISO 8601: the workflow's clock when it asked (absent in runs recorded before channels existed). */
  at?: string;
}

/** The activity of the calendar read-back (platform/src/features/revenue/calendars): it acts in its run's workspace. */
export interface CalendarSyncActivities {
  /** Reads back what changed in the workspace's connected calendar and reflects it on its meetings (and renews its notification channel when due). */
  readBackCalendar(input?: CalendarReadBackInput): Promise<CalendarReadBack>;
}

/** A calendar was connected: read it back now, and do not end even if the read before found none. */
export const calendarConnectedSignal = defineSignal('calendarConnected');

/** The provider notified a change (POST /api/calendars/notifications/…): read it back now instead of at the next minute. */
export const calendarChangedSignal = defineSignal('calendarChanged');

// A calendar that does not answer is no failure (the read-back records it on the account and the
// next one tries again); what fails is the database away, retried however long it takes.
const { readBackCalendar } = proxyActivities<CalendarSyncActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** Read-backs between two continue-as-new (an hour's at one a minute), so the history stays short. */
export const CALENDAR_READS_PER_RUN = 60;

/**
 * A workspace's calendar read-back (one run per workspace, workflow id `calendar-sync:<workspace>`):
 * a read-back at once, then one every `intervalMinutes` (a workflow timer), or at once when a
 * calendar is connected. Ends once the workspace has no calendar; connecting one starts it again.
 */
export async function calendarSync(input: CalendarSyncInput): Promise<void> {
  let connectedMeanwhile = false;
  let changedMeanwhile = false;
  setHandler(calendarConnectedSignal, () => {
    connectedMeanwhile = true;
  });
  setHandler(calendarChangedSignal, () => {
    changedMeanwhile = true;
  });
  for (let round = 0; round < CALENDAR_READS_PER_RUN; round++) {
    connectedMeanwhile = false;
    changedMeanwhile = false;
    // The workflow's clock (replayed as it was): a channel's renewal is decided on it, not on the worker's.
    const { connected } = await readBackCalendar({ at: new Date().toISOString() });
    // A calendar connected while the read found none: the connect's start joined this run, so it goes on.
    if (!connected && !connectedMeanwhile) return;
    await condition(() => connectedMeanwhile || changedMeanwhile, input.intervalMinutes * 60_000);
  }
  await continueAsNew<typeof calendarSync>(input);
}
