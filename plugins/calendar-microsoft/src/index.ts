// @meetflow/plugin-calendar-microsoft: a rep's Outlook calendar in Microsoft 365 (Microsoft Graph over plain fetch, OAuth 2.0 with @meetflow/plugin-sdk/oauth).
import { CALENDAR_FAILURES, calendarFailure, definePlugin, isCalendarFailure } from '@meetflow/plugin-sdk';
import { createCancelEvent, createChangesSince, createCreateEvent, createFreeBusy, createUpdateEvent } from './activities.ts';
import { manifest } from './manifest.ts';
import { createStopWatching, createWatchChanges, readGraphNotification } from './notifications.ts';

/** The activity, failing only with the contract's typed failures (anything unforeseen is CalendarRefused, never the server's words). */
function typed<I, O>(doing: string, activity: (input: I) => Promise<O>): (input: I) => Promise<O> {
  return async (input) => {
    try {
      return await activity(input);
    } catch (error) {
      if (isCalendarFailure(error)) throw error;
      throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: the server answered something unreadable`);
    }
  };
}

/** The Microsoft 365 calendar plugin (id "calendar-microsoft"), as the platform installs it. */
export const microsoftCalendar = definePlugin(manifest, (deps) => ({
  freeBusy: typed('reading free/busy', createFreeBusy(deps)),
  createEvent: typed('creating the event', createCreateEvent(deps)),
  updateEvent: typed('updating the event', createUpdateEvent(deps)),
  cancelEvent: typed('cancelling the event', createCancelEvent(deps)),
  changesSince: typed('reading the changes', createChangesSince(deps)),
  watchChanges: typed('subscribing to the calendar', createWatchChanges(deps)),
  stopWatching: typed('deleting the subscription', createStopWatching(deps)),
  readNotification: async ({ request }: { request: Parameters<typeof readGraphNotification>[0] }) => readGraphNotification(request),
}));

export { UID_PROPERTY } from './activities.ts';
export { readGraphNotification } from './notifications.ts';
export { manifest as microsoftCalendarManifest, microsoftAccountSchema, type MicrosoftAccount, MICROSOFT } from './manifest.ts';
