import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ACROSS_WORKSPACES,
  notificationChannelSchema,
  notificationReadSchema,
  type NotificationChannel,
  type NotificationRequest,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { InputError, NotFoundError, UnauthorizedError } from '../../../core/errors.ts';
import { calendarProblem, openCalendar, type CalendarDeps } from './calendars.ts';
import type { CalendarAccount, CalendarPush } from './model.ts';

// Change notifications (Google's push channels, Graph's subscriptions): a channel is opened when an
// OAuth calendar is connected and this server's public URL is https (both providers call https
// only; locally there is none and polling alone reads the changes), renewed by the read-back before
// it expires, and stopped on disconnect. A notification only tells the workspace's read-back to read
// now: it carries nothing trusted but its channel and the token the platform chose for it.

/** The route the providers call: `<MEETFLOW_PUBLIC_URL>/api/calendars/notifications/<pluginId>`. */
export const notificationAddress = (publicUrl: string, pluginId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/calendars/notifications/${pluginId}`;

/** How long a channel is asked for: six days (Graph keeps an event subscription 10080 minutes at most). */
export const CHANNEL_LIFETIME_MS = 6 * 86_400_000;
/** A channel with less than this left is renewed by the next read-back (one a minute): a day of slack for a read-back that fails. */
export const RENEW_BEFORE_MS = 86_400_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Whether `token` is the channel's: its SHA-256 compared with the one kept, in constant time. */
export function tokenMatches(push: Pick<CalendarPush, 'tokenHash'>, token: string | null): boolean {
  if (token === null) return false;
  const kept = Buffer.from(push.tokenHash, 'hex');
  const given = sha256(token);
  return kept.length === given.length && timingSafeEqual(kept, given);
}

const channelOf = (push: CalendarPush): NotificationChannel => ({
  id: push.channelId,
  resourceId: push.resourceId,
  expiresAt: push.expiresAt.toISOString(),
});

/** Whether this calendar can have a channel here: its plugin has change notifications and the public URL is https. */
export function canWatch(
  deps: Pick<CalendarDeps, 'host'>,
  account: Pick<CalendarAccount, 'pluginId'>,
  publicUrl: string | undefined,
): boolean {
  return Boolean(publicUrl?.startsWith('https://') && deps.host.calendar(account.pluginId)?.notifications);
}

/**
 * Opens the account's channel (after a connect): a random channel id and token (32 bytes; only its
 * hash kept), the provider told to call the route under `publicUrl`. Best effort: a provider that
 * refuses (or anything else failing) leaves the calendar read by polling, and answers why. Nothing
 * when it cannot watch here.
 */
export async function startWatching(
  deps: CalendarDeps,
  account: CalendarAccount,
  publicUrl: string | undefined,
  now = new Date(),
): Promise<{ watching: boolean; error: string | null }> {
  if (!publicUrl || !canWatch(deps, account, publicUrl)) return { watching: false, error: null };
  const address = notificationAddress(publicUrl, account.pluginId);
  const token = randomBytes(32).toString('base64url');
  try {
    const opened = await openCalendar(deps, account);
    const { channel } = z.object({ channel: notificationChannelSchema }).parse(
      await opened.call('watchChanges', {
        watch: {
          channelId: randomUUID(),
          token,
          address,
          expiresAt: new Date(now.getTime() + CHANNEL_LIFETIME_MS).toISOString(),
          renew: null,
        },
      }),
    );
    const push: CalendarPush = {
      channelId: channel.id,
      resourceId: channel.resourceId,
      tokenHash: sha256(token).toString('hex'),
      address,
      expiresAt: new Date(channel.expiresAt),
      error: null,
    };
    const kept = await deps.db.calendarAccounts.updateOne(
      { workspaceId: account.workspaceId, publicId: account.publicId },
      { $set: { push } },
    );
    // Disconnected meanwhile: the channel has no account to signal, so it is stopped at once.
    if (kept.matchedCount === 0) await opened.call('stopWatching', { channel }).catch(() => undefined);
    return { watching: kept.matchedCount > 0, error: null };
  } catch (error) {
    // Best effort: the calendar is connected either way, and polling reads it.
    return { watching: false, error: calendarProblem(error)?.message ?? (error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * Renews the account's channel when less than RENEW_BEFORE_MS is left at `now` (the read-back's
 * workflow time): Graph extends its subscription (same id and token), Google opens a new channel
 * with a new token and stops the old one. The write is conditional on the channel renewed, so a
 * disconnect meanwhile is not undone. A failure is kept as `push.error` (polling goes on) and tried
 * again by the next read-back. Answers whether it renewed.
 */
export async function renewWatching(
  deps: CalendarDeps,
  account: CalendarAccount,
  now: Date,
): Promise<{ renewed: boolean; error: string | null }> {
  const push = account.push;
  if (!push || push.expiresAt.getTime() - now.getTime() > RENEW_BEFORE_MS) return { renewed: false, error: null };
  const where = { workspaceId: account.workspaceId, publicId: account.publicId, 'push.channelId': push.channelId };
  const token = randomBytes(32).toString('base64url');
  try {
    const opened = await openCalendar(deps, account);
    const { channel } = z.object({ channel: notificationChannelSchema }).parse(
      await opened.call('watchChanges', {
        watch: {
          channelId: randomUUID(),
          token,
          address: push.address,
          expiresAt: new Date(now.getTime() + CHANNEL_LIFETIME_MS).toISOString(),
          renew: channelOf(push),
        },
      }),
    );
    // The same id: extended in place, with the token it was made with; a new one carries the new token.
    const tokenHash = channel.id === push.channelId ? push.tokenHash : sha256(token).toString('hex');
    const renewed: CalendarPush = {
      ...push,
      channelId: channel.id,
      resourceId: channel.resourceId,
      tokenHash,
      expiresAt: new Date(channel.expiresAt),
      error: null,
    };
    const kept = await deps.db.calendarAccounts.updateOne(where, { $set: { push: renewed } });
    if (kept.matchedCount === 0 && channel.id !== push.channelId) await opened.call('stopWatching', { channel }).catch(() => undefined);
    return { renewed: kept.matchedCount > 0, error: null };
  } catch (error) {
    const problem = calendarProblem(error);
    const message = problem?.message ?? (error instanceof Error ? error.message : String(error));
    await deps.db.calendarAccounts.updateOne(where, { $set: { 'push.error': message } });
    return { renewed: false, error: message };
  }
}

/** Stops the account's channel at the provider (on disconnect), best effort: answers whether it did. */
export async function stopWatching(deps: CalendarDeps, account: CalendarAccount): Promise<boolean> {
  if (!account.push) return false;
  try {
    const opened = await openCalendar(deps, account);
    await opened.call('stopWatching', { channel: channelOf(account.push) });
    return true;
  } catch {
    // The provider ends an unrenewed channel by itself when it expires; a notification until then finds no account (404).
    return false;
  }
}

/** What the route does with a notification: answer a handshake, or the workspaces whose read-back is signalled. */
export type NotificationOutcome = { kind: 'handshake'; answer: string } | { kind: 'accepted'; workspaces: string[] };

/** What is logged of a refused notification (never its token). */
export interface NotificationRefusal {
  pluginId: string;
  channelId: string | null;
  reason: 'no-notifications' | 'unknown-channel' | 'wrong-token' | 'unreadable';
}

/**
 * Reads a notification with the plugin's `readNotification` and finds, for each channel it names,
 * the account holding that channel (across workspaces: the channel is all it names) whose kept token
 * hash matches its token. A provider with no notifications or a channel nobody holds: 404; a wrong
 * or missing token: 401; a request that is not the provider's: 400. Each refusal is `refused` (to
 * log); nothing changes then. The workspaces answered are those whose read-back to signal.
 */
export async function receiveNotification(
  deps: Pick<CalendarDeps, 'db' | 'host'>,
  pluginId: string,
  request: NotificationRequest,
  refused: (refusal: NotificationRefusal) => void,
): Promise<NotificationOutcome> {
  const reader = deps.host.calendar(pluginId)?.notifications?.readNotification;
  if (!reader) {
    refused({ pluginId, channelId: null, reason: 'no-notifications' });
    throw new NotFoundError(`No installed calendar "${pluginId}" sends change notifications.`);
  }
  const read = notificationReadSchema.parse(await reader({ request }));
  if (read.kind === 'handshake') return read;
  if (read.kind === 'unreadable') {
    refused({ pluginId, channelId: null, reason: 'unreadable' });
    throw new InputError(`Not a notification of ${pluginId}: ${read.problem}.`);
  }
  const workspaces = new Set<string>();
  let wrongToken = false;
  for (const { channelId, token } of read.channels) {
    const account = await deps.db.calendarAccounts
      .findOne({ pluginId, 'push.channelId': channelId }, { workspaceId: 1, push: 1 }, ACROSS_WORKSPACES)
      .lean<Pick<CalendarAccount, 'workspaceId' | 'push'>>();
    if (!account?.push) refused({ pluginId, channelId, reason: 'unknown-channel' });
    else if (!tokenMatches(account.push, token)) {
      wrongToken = true;
      refused({ pluginId, channelId, reason: 'wrong-token' });
    } else workspaces.add(account.workspaceId);
  }
  if (workspaces.size === 0) {
    if (wrongToken) throw new UnauthorizedError("The notification's token is not its channel's.");
    throw new NotFoundError('No calendar holds this notification channel.');
  }
  return { kind: 'accepted', workspaces: [...workspaces] };
}
