import { Schema, type Connection, type Model } from 'mongoose';
import type { SealedSecret } from '../../../core/secrets-box.ts';

/**
 * How a connected calendar signs in: `fields`, the plugin's declared account fields, its secret
 * ones sealed (CalDAV's password); `oauth`, connected through the provider's sign-in (Google,
 * Microsoft: /api/oauth): its tokens (the manifest's `oauth.tokensField`) sealed the same way, in
 * `secret`, bound to the account, and sealed again whenever a call answers `refreshedTokens`.
 */
export const CALENDAR_AUTH = ['fields', 'oauth'] as const;

/** The last check of a calendar (connect, Test, or a use): when, whether it answered, and why not. */
export interface CalendarCheck {
  at: Date;
  ok: boolean;
  error: string | null;
}

/**
 * The workspace's connected calendar: one per workspace, the rep's whose calendar its meetings go
 * in (meeting booking has one organizer and one set of working hours per workspace).
 */
export interface CalendarAccount {
  workspaceId: string;
  /** Names it in the API: 16 hex characters. */
  publicId: string;
  /** The calendar plugin (kind `calendar`) that reads and writes it. */
  pluginId: string;
  auth: (typeof CALENDAR_AUTH)[number];
  /** The account's declared fields that are not secret (a CalDAV server URL, a username), as entered. */
  fields: Record<string, string>;
  /** The secret fields (CalDAV's password, or an OAuth calendar's tokens), as one JSON object, only ever stored sealed, bound to this account (account-secret.ts). */
  secret: SealedSecret;
  lastCheck: CalendarCheck | null;
  /** Reading changes back (sync.ts): the plugin's sync token, the last run, and why it failed. */
  sync: { token: string | null; at: Date | null; error: string | null };
  /**
   * Its change-notification channel at the provider (notifications.ts), or null (none: CalDAV, an
   * http public URL, or the provider refused; polling reads the changes then). Its token is kept
   * only as its SHA-256: the provider sends the token back with each notification.
   */
  push?: CalendarPush | null;
  /** The member who connected it (null: a token or the system). */
  connectedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A calendar's change-notification channel (Google's channel, Graph's subscription). */
export interface CalendarPush {
  /** The provider's id for it (Google: the one the platform chose; Graph: its subscription id): how a notification finds the account. */
  channelId: string;
  /** Google's resourceId (to stop it); null for Graph. */
  resourceId: string | null;
  /** SHA-256 (hex) of the channel's token: a notification's token is compared with it in constant time. */
  tokenHash: string;
  /** Where the provider calls (MEETFLOW_PUBLIC_URL + the route), kept for renewals made on the worker. */
  address: string;
  expiresAt: Date;
  /** Why the last renewal failed, or null. */
  error: string | null;
}

/** The event a meeting put in the connected calendar: how it is found again to cancel it or to read it back. */
export interface CalendarEventLink {
  workspaceId: string;
  meetingId: string;
  /** The account it was written to (an event stays with the account it was made in). */
  accountId: string;
  /** The meeting's iCalendar UID: the event's UID, so a retried create finds it instead of making a second. */
  uid: string;
  /** The plugin's id of the event; null until it is created. */
  eventId: string | null;
  /** The meeting's start as last written or read back. */
  start: Date;
  /**
   * created: in the calendar; pending: to create (the calendar did not answer at booking);
   * cancel-pending: the meeting was cancelled, the event not yet; cancelled: both.
   */
  state: 'created' | 'pending' | 'cancel-pending' | 'cancelled';
  error: string | null;
}

const Sealed = new Schema<SealedSecret>(
  {
    v: { type: Number, enum: [2] },
    keyId: { type: String, required: true },
    iv: { type: String, required: true },
    tag: { type: String, required: true },
    ciphertext: { type: String, required: true },
  },
  { _id: false },
);
const Check = new Schema<CalendarCheck>({ at: Date, ok: Boolean, error: { type: String, default: null } }, { _id: false });

const AccountSchema = new Schema<CalendarAccount>(
  {
    workspaceId: { type: String, required: true },
    publicId: { type: String, required: true },
    pluginId: { type: String, required: true },
    auth: { type: String, enum: CALENDAR_AUTH, required: true, default: 'fields' },
    fields: { type: Schema.Types.Mixed, required: true },
    secret: { type: Sealed, required: true },
    lastCheck: { type: Check, default: null },
    sync: {
      type: new Schema(
        { token: { type: String, default: null }, at: { type: Date, default: null }, error: { type: String, default: null } },
        { _id: false },
      ),
      default: () => ({ token: null, at: null, error: null }),
    },
    push: {
      type: new Schema<CalendarPush>(
        {
          channelId: { type: String, required: true },
          resourceId: { type: String, default: null },
          tokenHash: { type: String, required: true },
          address: { type: String, required: true },
          expiresAt: { type: Date, required: true },
          error: { type: String, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    connectedBy: { type: String, default: null },
  },
  { timestamps: true, minimize: false },
);
AccountSchema.index({ workspaceId: 1 }, { unique: true });
AccountSchema.index({ workspaceId: 1, publicId: 1 }, { unique: true });
// A notification names only its channel: found across workspaces by it.
AccountSchema.index({ 'push.channelId': 1 }, { sparse: true });

const EventSchema = new Schema<CalendarEventLink>(
  {
    workspaceId: { type: String, required: true },
    meetingId: { type: String, required: true },
    accountId: { type: String, required: true },
    uid: { type: String, required: true },
    eventId: { type: String, default: null },
    start: { type: Date, required: true },
    state: { type: String, enum: ['created', 'pending', 'cancel-pending', 'cancelled'], required: true },
    error: { type: String, default: null },
  },
  { timestamps: true },
);
EventSchema.index({ workspaceId: 1, meetingId: 1 }, { unique: true });
EventSchema.index({ workspaceId: 1, accountId: 1, uid: 1 });

/** Registers the calendar models on a connection (once); collections `calendarAccounts` and `calendarEvents`. */
export function calendarModels(connection: Connection) {
  return {
    calendarAccounts:
      (connection.models.CalendarAccount as Model<CalendarAccount> | undefined) ??
      connection.model<CalendarAccount>('CalendarAccount', AccountSchema, 'calendarAccounts'),
    calendarEvents:
      (connection.models.CalendarEventLink as Model<CalendarEventLink> | undefined) ??
      connection.model<CalendarEventLink>('CalendarEventLink', EventSchema, 'calendarEvents'),
  };
}
export type CalendarDb = ReturnType<typeof calendarModels>;
