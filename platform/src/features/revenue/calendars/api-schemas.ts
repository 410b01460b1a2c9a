import { z } from 'zod';

const check = z
  .object({ at: z.iso.datetime(), ok: z.boolean(), error: z.string().nullable().meta({ description: 'Why not, in plain words' }) })
  .nullable();

/** A connected calendar: never its secret (a password), only `secretSet`. */
export const CalendarView = z.object({
  id: z.string().meta({ description: '16 hex characters' }),
  pluginId: z.string().meta({ description: 'The calendar plugin (kind calendar) that reads and writes it' }),
  provider: z.string().meta({ description: "The plugin's display name" }),
  auth: z.enum(['fields', 'oauth']).meta({
    description: "How it signs in: the plugin's fields (a password), or the provider's sign-in (OAuth tokens, sealed)",
  }),
  fields: z.record(z.string(), z.string()).meta({ description: "The account's fields that are not secret (a server URL, a username)" }),
  secretSet: z.literal(true),
  lastCheck: check.meta({ description: 'The last time it was asked (connect, Test, slots, a booking): whether it answered, and why not' }),
  sync: z.object({ at: z.iso.datetime().nullable(), error: z.string().nullable() }).meta({
    description: 'The last read of the changes made in the calendar (cancelled and moved meetings), and why it failed',
  }),
  createdAt: z.iso.datetime(),
});

/** A calendar plugin a calendar can be connected with: the fields of its connect form. */
export const CalendarProvider = z.object({
  pluginId: z.string(),
  displayName: z.string(),
  fields: z.array(z.object({ key: z.string(), label: z.string(), secret: z.boolean() })),
  credentialsTest: z.string().meta({ description: "What a wrong credential answers, in the plugin's words" }),
  connect: z.enum(['fields', 'oauth']).meta({
    description:
      "fields: connected with the fields above (POST /api/calendars); oauth: through the provider's sign-in (POST /api/oauth/{pluginId}/start)",
  }),
  oauth: z
    .object({
      configured: z.boolean().meta({ description: "Whether this server's OAuth client for the provider is set up" }),
      missing: z.array(z.string()).meta({ description: 'The environment variables the operator sets first (when not configured)' }),
    })
    .nullable()
    .meta({ description: 'For connect: oauth; null otherwise' }),
});

/** GET /api/calendars. */
export const CalendarList = z.object({
  calendars: z.array(CalendarView).meta({ description: "The workspace's connected calendar (one at most)" }),
  providers: z.array(CalendarProvider).meta({ description: 'The installed calendar plugins, with the fields each connects with' }),
});

/** POST /api/calendars. */
export const ConnectCalendarBody = z.object({
  pluginId: z.string().min(1).max(100).meta({ description: 'An installed calendar plugin (GET /api/calendars lists them)' }),
  account: z
    .record(z.string().max(100), z.string().max(2000))
    .meta({ description: "The plugin's declared fields (its secret ones are stored sealed and never returned)" }),
});

/** A connected calendar's id in the path. */
export const CalendarParams = z.object({ id: z.string().regex(/^[a-f0-9]{16}$/, 'not a calendar id') });

/** POST /api/calendars/{id}/test. */
export const CalendarTestResult = z.object({
  ok: z.boolean(),
  error: z.string().optional().meta({ description: 'Why not, in plain words' }),
});

/** DELETE /api/calendars/{id}. */
export const DisconnectedCalendar = z.object({
  removed: z.literal(true),
  revoked: z.boolean().optional().meta({ description: "An OAuth calendar: whether the provider confirmed revoking Meetflow's access" }),
  warning: z
    .string()
    .optional()
    .meta({ description: 'An OAuth calendar whose access was not revoked: why, and where the user removes it themselves' }),
});

/** The path of POST /api/calendars/notifications/{provider}: the calendar plugin whose provider calls. */
export const NotificationParams = z.object({
  provider: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,63}$/, 'a calendar plugin id (lowercase letters, digits and -)')
    .meta({ description: 'The calendar plugin whose provider calls (calendar-google, calendar-microsoft)' }),
});

/** Its query: Graph's validation handshake only. */
export const NotificationQuery = z.object({
  validationToken: z
    .string()
    .max(1024)
    .optional()
    .meta({ description: "Microsoft Graph's validation request when a subscription is made: answered as it came, text/plain" }),
});

/** What a notification taken answers. */
export const NotificationAccepted = z.object({
  accepted: z.literal(true),
  workspaces: z.number().int().min(1).meta({ description: 'How many read-backs were told to read now (the workspaces are not named)' }),
});
