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

/** The Microsoft identity platform's v2.0 endpoints (any tenant), and Microsoft Graph v1.0. */
export const MICROSOFT = {
  authorizationEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  tokenEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  apiBaseUrl: 'https://graph.microsoft.com/v1.0',
  /** offline_access: a refresh token; Calendars.ReadWrite: read free/busy and changes, write the meetings. */
  scopes: ['offline_access', 'https://graph.microsoft.com/Calendars.ReadWrite'],
} as const;

/** One Microsoft 365 (or Outlook.com) account: the OAuth tokens; its default calendar (/me/calendar) is used. */
export const microsoftAccountSchema = z.object({ tokens: calendarTokensSchema });
export type MicrosoftAccount = z.output<typeof microsoftAccountSchema>;

const where = "decides where the account's access token is sent";

export const microsoftConfig = z.object({
  clientId: serverOnly(z.string().default('').describe('The application (client) id (from MEETFLOW_MICROSOFT_CLIENT_ID).')),
  clientSecret: serverOnly(z.string().default('').describe('The client secret (from MEETFLOW_MICROSOFT_CLIENT_SECRET).')),
  apiBaseUrl: serverOnly(
    z.url().default(MICROSOFT.apiBaseUrl).describe('The Microsoft Graph v1.0 base URL (a local fake in tests).'),
    where,
  ),
  tokenEndpoint: serverOnly(
    z
      .url()
      .default(MICROSOFT.tokenEndpoint)
      .describe('The token endpoint (a tenant of its own instead of common, or a local fake in tests).'),
    where,
  ),
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
  syncPastDays: z
    .number()
    .int()
    .min(0)
    .max(365)
    .default(30)
    .describe('How far back the changes are followed (the delta window starts this many days before the first sync).'),
  syncFutureDays: z
    .number()
    .int()
    .min(1)
    .max(1825)
    .default(365)
    .describe('How far ahead the changes are followed (the delta window ends this many days after the first sync).'),
});
export type MicrosoftConfig = z.output<typeof microsoftConfig>;

const account = microsoftAccountSchema;

/** A rep's Outlook calendar in Microsoft 365 through Microsoft Graph, connected with OAuth 2.0. */
export const manifest = defineManifest({
  id: 'calendar-microsoft',
  name: 'Microsoft 365 calendar',
  version: '0.1.0',
  description:
    "Reads a rep's Outlook calendar (Microsoft 365) for free/busy and writes the meetings booked in it (Microsoft Graph /me/calendar, OAuth 2.0): create with attendees and the video link, update, cancel, and the changes since the last look.",
  kind: 'calendar',
  ui: { icon: 'calendar-check', color: '#0078d4', category: 'Calendars', order: 320 },
  calendar: {
    displayName: 'Microsoft 365 (Outlook)',
    credentials: [{ key: 'tokens', label: 'Microsoft account (connected with OAuth)', secret: true }],
    credentialsTest:
      'A call whose refresh token Microsoft refuses (invalid_grant: revoked, expired, consent withdrawn) fails with CalendarAuthRefused: connect the account again. Microsoft not answering fails with CalendarUnavailable (retryable).',
    oauth: {
      authorizationEndpoint: MICROSOFT.authorizationEndpoint,
      tokenEndpoint: MICROSOFT.tokenEndpoint,
      scopes: MICROSOFT.scopes,
      clientIdEnv: 'MEETFLOW_MICROSOFT_CLIENT_ID',
      clientSecretEnv: 'MEETFLOW_MICROSOFT_CLIENT_SECRET',
      tokensField: 'tokens',
    },
  },
  config: microsoftConfig,
  activities: {
    freeBusy: {
      description:
        "The busy intervals (UTC) of the account's calendar within a range: Graph's calendarView (recurrences expanded by Exchange), every event not cancelled and not shown as free or working elsewhere, merged and clipped.",
      access: 'internal',
      input: z.object({ account, range: freeBusyRangeSchema }),
      output: withRefreshedTokens(freeBusySchema),
      timeout: '1 minute',
      inProcess: true,
    },
    createEvent: {
      description:
        'Puts a meeting in the calendar (invitations sent by Exchange): attendees, the video link as location and in the text, the uid kept in an extended property and as transactionId; a second create with one uid fails with CalendarConflict.',
      access: 'internal',
      input: z.object({ account, event: newEventSchema }),
      output: withRefreshedTokens(savedEventSchema),
      timeout: '1 minute',
      inProcess: true,
    },
    updateEvent: {
      description:
        'Changes an event (PATCH, attendees told): time, text, link, attendees; with an etag, only if nobody changed it since (else CalendarConflict).',
      access: 'internal',
      input: z.object({ account, eventId: z.string().min(1), changes: eventChangesSchema, etag: z.string().min(1).optional() }),
      output: withRefreshedTokens(savedEventSchema),
      timeout: '1 minute',
      inProcess: true,
    },
    cancelEvent: {
      description:
        "Cancels an event with Graph's cancel action (the attendees are sent the cancellation; Exchange moves it to Deleted Items); with an etag, only if nobody changed it since. Answers the etag of the version cancelled.",
      access: 'internal',
      input: z.object({ account, eventId: z.string().min(1), etag: z.string().min(1).optional() }),
      output: withRefreshedTokens(savedEventSchema),
      timeout: '1 minute',
      inProcess: true,
    },
    changesSince: {
      description:
        'The events changed and removed since a sync token (all of them without one), and the next token: a calendarView delta query whose deltaLink is the token; one Graph no longer knows starts over.',
      access: 'internal',
      input: z.object({ account, syncToken: z.string().min(1).nullable() }),
      output: withRefreshedTokens(calendarChangesSchema),
      timeout: '2 minutes',
      inProcess: true,
    },
    watchChanges: {
      description:
        "Subscribes to the account's events (POST /subscriptions on me/events: created, updated, deleted; the platform's token as clientState; its https address, which Graph validates first); with `renew`, PATCHes that subscription's expirationDateTime.",
      access: 'internal',
      input: z.object({ account, watch: watchRequestSchema }),
      output: withRefreshedTokens(z.object({ channel: notificationChannelSchema })),
      timeout: '1 minute',
      inProcess: true,
    },
    stopWatching: {
      description: 'Deletes a subscription (a DELETE of it at Graph); one Graph no longer knows is gone already.',
      access: 'internal',
      input: z.object({ account, channel: notificationChannelSchema }),
      output: withRefreshedTokens(z.object({ stopped: z.literal(true) })),
      timeout: '1 minute',
      inProcess: true,
    },
    readNotification: {
      description:
        "Reads what Graph sent (pure: no call): its validation handshake (?validationToken=, to echo as text/plain), or each notification's subscriptionId and clientState.",
      access: 'internal',
      input: z.object({ request: notificationRequestSchema }),
      output: notificationReadSchema,
      timeout: '5 seconds',
      inProcess: true,
    },
  },
});
