import {
  calendarChangesSchema,
  calendarTokensSchema,
  defineManifest,
  eventChangesSchema,
  freeBusyRangeSchema,
  freeBusySchema,
  newEventSchema,
  notificationChannelSchema,
  notificationReadSchema,
  notificationRequestSchema,
  savedEventSchema,
  watchRequestSchema,
  serverOnly,
  withRefreshedTokens,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** Google's OAuth 2.0 endpoints for web server applications, and the Calendar API v3. */
export const GOOGLE = {
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  revocationEndpoint: 'https://oauth2.googleapis.com/revoke',
  apiBaseUrl: 'https://www.googleapis.com/calendar/v3',
  /** Read and write events (create, update, cancel, list for changes), and read free/busy. */
  scopes: ['https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.freebusy'],
} as const;

/** One Google account: the OAuth tokens, and which of its calendars (its primary one unless said). */
export const googleAccountSchema = z.object({
  tokens: calendarTokensSchema,
  calendarId: z.string().min(1).default('primary'),
});
export type GoogleAccount = z.output<typeof googleAccountSchema>;

const where = "decides where the account's access token is sent";

export const googleConfig = z.object({
  clientId: serverOnly(z.string().default('').describe('The OAuth client id (from MEETFLOW_GOOGLE_CLIENT_ID).')),
  clientSecret: serverOnly(z.string().default('').describe('The OAuth client secret (from MEETFLOW_GOOGLE_CLIENT_SECRET).')),
  apiBaseUrl: serverOnly(z.url().default(GOOGLE.apiBaseUrl).describe('The Calendar API v3 base URL (a local fake in tests).'), where),
  tokenEndpoint: serverOnly(
    z.url().default(GOOGLE.tokenEndpoint).describe("Google's OAuth token endpoint (a local fake in tests)."),
    where,
  ),
  revocationEndpoint: serverOnly(z.url().default(GOOGLE.revocationEndpoint).describe("Google's OAuth revocation endpoint."), where),
  timeoutSeconds: z.number().int().min(1).max(120).default(20).describe('Seconds one request may take before it counts as unavailable.'),
  maxRetries: z
    .number()
    .int()
    .min(0)
    .max(5)
    .default(2)
    .describe('Retries of a 429 or 503 (after its Retry-After) before the call fails with CalendarUnavailable.'),
  maxRetryWaitSeconds: z
    .number()
    .int()
    .min(0)
    .max(300)
    .default(60)
    .describe('The longest Retry-After waited; a longer one fails the call at once (CalendarUnavailable, retryable later).'),
});
export type GoogleConfig = z.output<typeof googleConfig>;

const account = googleAccountSchema;

/** A rep's Google Calendar through the Calendar API v3, connected with OAuth 2.0. */
export const manifest = defineManifest({
  id: 'calendar-google',
  name: 'Google Calendar',
  version: '0.1.0',
  description:
    "Reads a rep's Google Calendar for free/busy and writes the meetings booked in it (Calendar API v3, OAuth 2.0): create with attendees and the video link, update, cancel, and the changes since the last look.",
  kind: 'calendar',
  ui: { icon: 'calendar-check', color: '#1a73e8', category: 'Calendars', order: 310 },
  calendar: {
    displayName: 'Google Calendar',
    credentials: [{ key: 'tokens', label: 'Google account (connected with OAuth)', secret: true }],
    credentialsTest:
      'A call whose refresh token Google refuses (invalid_grant: revoked, or the app removed) fails with CalendarAuthRefused: connect the account again. Google not answering fails with CalendarUnavailable (retryable).',
    oauth: {
      authorizationEndpoint: GOOGLE.authorizationEndpoint,
      tokenEndpoint: GOOGLE.tokenEndpoint,
      revocationEndpoint: GOOGLE.revocationEndpoint,
      scopes: GOOGLE.scopes,
      // A refresh token comes only with offline access; consent is asked again so a reconnect gets a new one.
      authorizationParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
      clientIdEnv: 'MEETFLOW_GOOGLE_CLIENT_ID',
      clientSecretEnv: 'MEETFLOW_GOOGLE_CLIENT_SECRET',
      tokensField: 'tokens',
    },
  },
  config: googleConfig,
  activities: {
    freeBusy: {
      description: "The busy intervals (UTC) of the account's calendar within a range: Google's freeBusy.query, merged and clipped.",
      access: 'internal',
      input: z.object({ account, range: freeBusyRangeSchema }),
      output: withRefreshedTokens(freeBusySchema),
      timeout: '1 minute',
      inProcess: true,
    },
    createEvent: {
      description:
        'Puts a meeting in the calendar (events.insert, invitations sent): attendees, the video link as location and in the text; its id derives from the uid, so a second create with one uid fails with CalendarConflict.',
      access: 'internal',
      input: z.object({ account, event: newEventSchema }),
      output: withRefreshedTokens(savedEventSchema),
      timeout: '1 minute',
      inProcess: true,
    },
    updateEvent: {
      description:
        'Changes an event (events.patch, attendees told): time, text, link, attendees; with an etag, only if nobody changed it since (else CalendarConflict).',
      access: 'internal',
      input: z.object({ account, eventId: z.string().min(1), changes: eventChangesSchema, etag: z.string().min(1).optional() }),
      output: withRefreshedTokens(savedEventSchema),
      timeout: '1 minute',
      inProcess: true,
    },
    cancelEvent: {
      description:
        'Cancels an event: events.delete with the attendees told (Google keeps it as status "cancelled", which the next changes list as removed); with an etag, only if nobody changed it since.',
      access: 'internal',
      input: z.object({ account, eventId: z.string().min(1), etag: z.string().min(1).optional() }),
      output: withRefreshedTokens(savedEventSchema),
      timeout: '1 minute',
      inProcess: true,
    },
    changesSince: {
      description:
        'The events changed and removed since a sync token (all of them without one), and the next token: events.list with syncToken; a token Google no longer knows (410) starts over.',
      access: 'internal',
      input: z.object({ account, syncToken: z.string().min(1).nullable() }),
      output: withRefreshedTokens(calendarChangesSchema),
      timeout: '2 minutes',
      inProcess: true,
    },
    watchChanges: {
      description:
        'Opens a push channel on the calendar (events.watch: the channel id and token the platform chose, its https address, an expiration); with `renew`, opens a new one and stops the old (Google channels cannot be extended).',
      access: 'internal',
      input: z.object({ account, watch: watchRequestSchema }),
      output: withRefreshedTokens(z.object({ channel: notificationChannelSchema })),
      timeout: '1 minute',
      inProcess: true,
    },
    stopWatching: {
      description: 'Stops a push channel (channels.stop with its id and resourceId); one Google no longer knows is stopped already.',
      access: 'internal',
      input: z.object({ account, channel: notificationChannelSchema }),
      output: withRefreshedTokens(z.object({ stopped: z.literal(true) })),
      timeout: '1 minute',
      inProcess: true,
    },
    readNotification: {
      description:
        'Reads a push notification Google sent (pure: no call): the channel id and token of its X-Goog-Channel-ID and X-Goog-Channel-Token headers, and X-Goog-Resource-State.',
      access: 'internal',
      input: z.object({ request: notificationRequestSchema }),
      output: notificationReadSchema,
      timeout: '5 seconds',
      inProcess: true,
    },
  },
});
