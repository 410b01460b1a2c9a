// @meetflow/plugin-calendar-google: a rep's Google Calendar (Calendar API v3 over plain fetch, OAuth 2.0 with @meetflow/plugin-sdk/oauth).
import { CALENDAR_FAILURES, calendarFailure, definePlugin, isCalendarFailure } from '@meetflow/plugin-sdk';
import { createCancelEvent, createChangesSince, createCreateEvent, createFreeBusy, createUpdateEvent } from './activities.ts';
import { manifest } from './manifest.ts';
import { createStopWatching, createWatchChanges, readGoogleNotification } from './notifications.ts';

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

/** The Google Calendar plugin (id "calendar-google"), as the platform installs it. */
export const googleCalendar = definePlugin(manifest, (deps) => ({
  freeBusy: typed('reading free/busy', createFreeBusy(deps)),
  createEvent: typed('creating the event', createCreateEvent(deps)),
  updateEvent: typed('updating the event', createUpdateEvent(deps)),
  cancelEvent: typed('cancelling the event', createCancelEvent(deps)),
  changesSince: typed('reading the changes', createChangesSince(deps)),
  watchChanges: typed('watching the calendar', createWatchChanges(deps)),
  stopWatching: typed('stopping the channel', createStopWatching(deps)),
  readNotification: async ({ request }: { request: Parameters<typeof readGoogleNotification>[0] }) => readGoogleNotification(request),
}));

export { eventIdOf } from './activities.ts';
export { readGoogleNotification } from './notifications.ts';
export { manifest as googleCalendarManifest, googleAccountSchema, type GoogleAccount, GOOGLE } from './manifest.ts';
