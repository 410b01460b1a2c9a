// @meetflow/plugin-calendar-caldav: a rep's calendar on any CalDAV server (tsdav for the protocol, ical.js for iCalendar).
import { CALENDAR_FAILURES, calendarFailure, definePlugin, isCalendarFailure } from '@meetflow/plugin-sdk';
import { createCancelEvent, createChangesSince, createCreateEvent, createFreeBusy, createUpdateEvent } from './activities.ts';
import { manifest } from './manifest.ts';

/**
 * The activity, failing only with the contract's typed failures: what the HTTP layer did not
 * classify already (tsdav's own errors for an answer it could not use, an iCalendar object that
 * does not parse) is CalendarRefused, naming what was being done, never the server's words.
 */
function typed<I, O>(doing: string, activity: (input: I) => Promise<O>): (input: I) => Promise<O> {
  return async (input) => {
    try {
      return await activity(input);
    } catch (error) {
      if (isCalendarFailure(error)) throw error;
      const notFound = /\b(404|410)\b/.test((error as Error)?.message ?? '');
      throw calendarFailure(CALENDAR_FAILURES.refused, `${doing}: ${notFound ? 'not found' : 'the server answered something unreadable'}`);
    }
  };
}

/** The CalDAV calendar plugin (id "calendar-caldav"), as the platform installs it. */
export const calDavCalendar = definePlugin(manifest, (deps) => ({
  freeBusy: typed('reading free/busy', createFreeBusy(deps)),
  createEvent: typed('creating the event', createCreateEvent(deps)),
  updateEvent: typed('updating the event', createUpdateEvent(deps)),
  cancelEvent: typed('cancelling the event', createCancelEvent(deps)),
  changesSince: typed('reading the changes', createChangesSince(deps)),
}));

export { manifest as calDavManifest, calDavAccountSchema, type CalDavAccount } from './manifest.ts';
