import {
  notificationChannelSchema,
  readAnswer,
  watchRequestSchema,
  type NotificationChannel,
  type NotificationRead,
  type NotificationRequest,
  type PluginDeps,
  type WatchRequest,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { api, answer, type WithTokens } from './activities.ts';
import type { GoogleAccount, GoogleConfig } from './manifest.ts';

// Push notifications of the Calendar API (https://developers.google.com/workspace/calendar/api/guides/push):
// events.watch opens a channel (an id the caller chooses, a token, an https address, an expiration);
// Google then POSTs an empty body to the address with X-Goog-Channel-ID, X-Goog-Channel-Token and
// X-Goog-Resource-State ("sync" once when the channel opens, then "exists"/"not_exists"); channels
// cannot be renewed, so a new one is opened and the old one stopped (channels.stop with id and resourceId).

type Deps = PluginDeps<GoogleConfig>;

/** The Channel resource events.watch answers (expiration: milliseconds since the epoch, as a string). */
const channelAnswer = z.object({ id: z.string().min(1), resourceId: z.string().min(1), expiration: z.coerce.number().optional() });

/** `watchChanges`: events.watch on the account's calendar; with `renew`, the old channel is stopped once the new one is open. */
export function createWatchChanges(deps: Deps) {
  return async function watchChanges(input: {
    account: GoogleAccount;
    watch: WatchRequest;
  }): Promise<WithTokens<{ channel: NotificationChannel }>> {
    const doing = 'watching the calendar';
    const watch = watchRequestSchema.parse(input.watch);
    const client = api(deps, input.account);
    const { body } = await client.call(doing, 'POST', `${client.events}/watch`, {
      body: {
        id: watch.channelId,
        type: 'web_hook',
        address: watch.address,
        token: watch.token,
        expiration: String(Date.parse(watch.expiresAt)),
      },
    });
    const opened = readAnswer(channelAnswer, body, doing);
    if (watch.renew) await stop(client, watch.renew);
    const expiresAt = new Date(opened.expiration ?? Date.parse(watch.expiresAt)).toISOString();
    return answer({ channel: notificationChannelSchema.parse({ id: opened.id, resourceId: opened.resourceId, expiresAt }) }, client);
  };
}

/** channels.stop; a channel Google no longer knows (404) is stopped already. */
async function stop(client: ReturnType<typeof api>, channel: NotificationChannel) {
  await client.call('stopping the channel', 'POST', `${client.base}/channels/stop`, {
    body: { id: channel.id, resourceId: channel.resourceId },
    allow: [404],
  });
}

/** `stopWatching`: channels.stop. */
export function createStopWatching(deps: Deps) {
  return async function stopWatching(input: {
    account: GoogleAccount;
    channel: NotificationChannel;
  }): Promise<WithTokens<{ stopped: true }>> {
    const client = api(deps, input.account);
    await stop(client, input.channel);
    return answer({ stopped: true as const }, client);
  };
}

/**
 * Reads one of Google's notifications (pure): its channel id and token from the headers, and the
 * resource state. Google sends no body and needs no handshake; a request without a channel id is
 * not Google's.
 */
export function readGoogleNotification(request: NotificationRequest): NotificationRead {
  const header = (name: string) => request.headers[name] ?? request.headers[name.toLowerCase()];
  const channelId = header('x-goog-channel-id');
  const state = header('x-goog-resource-state');
  if (!channelId) return { kind: 'unreadable', problem: 'no X-Goog-Channel-ID header: not a Google Calendar notification' };
  if (!state) return { kind: 'unreadable', problem: 'no X-Goog-Resource-State header: not a Google Calendar notification' };
  return { kind: 'changes', channels: [{ channelId, token: header('x-goog-channel-token') ?? null, state }] };
}
