import {
  calendarChangesSchema,
  defineManifest,
  eventChangesSchema,
  freeBusyRangeSchema,
  freeBusySchema,
  newEventSchema,
  savedEventSchema,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** One CalDAV account: the server (or the calendar itself), and the login. */
export const calDavAccountSchema = z.object({
  /**
   * The server (e.g. https://caldav.fastmail.com/): its first calendar of events is used, found by
   * RFC 6764 discovery (principal, then calendar home). Or a calendar's own URL, used as it is.
   */
  serverUrl: z.url({ protocol: /^https?$/ }),
  username: z.string().min(1),
  password: z.string(),
});
export type CalDavAccount = z.output<typeof calDavAccountSchema>;

export const calDavConfig = z.object({
  timeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(120)
    .default(20)
    .describe('Seconds one request to the server may take before it counts as unavailable.'),
  freeBusyMethod: z
    .enum(['auto', 'calendar-query'])
    .default('auto')
    .describe(
      'auto: the server computes free/busy (free-busy-query REPORT), falling back to calendar-query when it has none; calendar-query: always read the events and expand them here.',
    ),
  syncMethod: z
    .enum(['auto', 'etag'])
    .default('auto')
    .describe('auto: RFC 6578 sync-collection, falling back to comparing etags when the server has none; etag: always compare etags.'),
});
export type CalDavConfig = z.output<typeof calDavConfig>;

const account = calDavAccountSchema;
const rangeInput = z.object({ account, range: freeBusyRangeSchema });

/** A rep's calendar on any CalDAV server (Apple iCloud, Fastmail, Nextcloud, Radicale…), with tsdav and ical.js. */
export const manifest = defineManifest({
  id: 'calendar-caldav',
  name: 'CalDAV calendar',
  version: '0.1.0',
  description:
    "Reads a rep's CalDAV calendar for free/busy (recurrences expanded, transparent and cancelled events free) and writes the meetings booked in it: create, update, cancel, and the changes since the last look.",
  kind: 'calendar',
  ui: { icon: 'calendar-check', color: '#16a34a', category: 'Calendars', order: 300 },
  calendar: {
    displayName: 'CalDAV (Apple, Fastmail, Nextcloud…)',
    credentials: [
      { key: 'serverUrl', label: 'Server or calendar URL', secret: false },
      { key: 'username', label: 'Username', secret: false },
      { key: 'password', label: 'Password (an app password where the provider has them)', secret: true },
    ],
    credentialsTest:
      'Any call with a wrong password fails with CalendarAuthRefused ("authentication failed"); a server that does not answer, with CalendarUnavailable (retryable).',
  },
  config: calDavConfig,
  activities: {
    freeBusy: {
      description:
        "The busy intervals (UTC) of the account's calendar within a range: the server's free-busy-query REPORT when it has one, else its events read with a time-range calendar-query and expanded here.",
      access: 'internal',
      input: rangeInput,
      output: freeBusySchema,
      timeout: '1 minute',
      inProcess: true,
    },
    createEvent: {
      description:
        'Puts a meeting in the calendar (organizer, attendees, conferencing link); a second create with the same uid fails with CalendarConflict.',
      access: 'internal',
      input: z.object({ account, event: newEventSchema }),
      output: savedEventSchema,
      timeout: '1 minute',
      inProcess: true,
    },
    updateEvent: {
      description:
        'Changes an event (time, text, link, attendees) and raises its SEQUENCE; with an etag, only if nobody changed it since (else CalendarConflict).',
      access: 'internal',
      input: z.object({ account, eventId: z.string().min(1), changes: eventChangesSchema, etag: z.string().min(1).optional() }),
      output: savedEventSchema,
      timeout: '1 minute',
      inProcess: true,
    },
    cancelEvent: {
      description:
        'Cancels an event: STATUS:CANCELLED and a raised SEQUENCE, kept in the calendar (not deleted), so clients and attendees see it cancelled.',
      access: 'internal',
      input: z.object({ account, eventId: z.string().min(1), etag: z.string().min(1).optional() }),
      output: savedEventSchema,
      timeout: '1 minute',
      inProcess: true,
    },
    changesSince: {
      description:
        'The events changed and removed since a sync token (all of them without one), and the next token: RFC 6578 sync-collection, or etags compared where the server has no sync.',
      access: 'internal',
      input: z.object({ account, syncToken: z.string().min(1).nullable() }),
      output: calendarChangesSchema,
      timeout: '2 minutes',
      inProcess: true,
    },
  },
});
