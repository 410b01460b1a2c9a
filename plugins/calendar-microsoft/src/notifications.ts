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
import { answer, api, type WithTokens } from './activities.ts';
import type { MicrosoftAccount, MicrosoftConfig } from './manifest.ts';

// Change notifications of Microsoft Graph (https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks,
// https://learn.microsoft.com/en-us/graph/api/subscription-post-subscriptions): POST /subscriptions on
// `me/events` with a clientState Graph sends back in each notification; Graph first POSTs the
// notificationUrl with `?validationToken=`, to be echoed as text/plain within 10 seconds; an
// event subscription lasts at most 10080 minutes and is renewed with PATCH (expirationDateTime),
// deleted with DELETE. A notification is JSON: `value[]` with subscriptionId and clientState.

type Deps = PluginDeps<MicrosoftConfig>;

/** Graph's subscription resource, as far as it is read. */
const subscription = z.object({ id: z.string().min(1), expirationDateTime: z.string().min(1) });

/** `watchChanges`: a subscription to the account's events (created, updated, deleted); with `renew`, that one's expiration is PATCHed. */
export function createWatchChanges(deps: Deps) {
  return async function watchChanges(input: {
    account: MicrosoftAccount;
    watch: WatchRequest;
  }): Promise<WithTokens<{ channel: NotificationChannel }>> {
    const doing = 'subscribing to the calendar';
    const watch = watchRequestSchema.parse(input.watch);
    const client = api(deps, input.account);
    const { body } = watch.renew
      ? await client.call('renewing the subscription', 'PATCH', `${client.base}/subscriptions/${encodeURIComponent(watch.renew.id)}`, {
          body: { expirationDateTime: watch.expiresAt },
        })
      : await client.call(doing, 'POST', `${client.base}/subscriptions`, {
          body: {
            changeType: 'created,updated,deleted',
            notificationUrl: watch.address,
            resource: 'me/events',
            expirationDateTime: watch.expiresAt,
            clientState: watch.token,
          },
        });
    const read = readAnswer(subscription, body, doing);
    const expiresAt = new Date(Date.parse(read.expirationDateTime)).toISOString();
    return answer({ channel: notificationChannelSchema.parse({ id: read.id, resourceId: null, expiresAt }) }, client);
  };
}

/** `stopWatching`: DELETE the subscription; one Graph no longer knows (404) is gone already. */
export function createStopWatching(deps: Deps) {
  return async function stopWatching(input: {
    account: MicrosoftAccount;
    channel: NotificationChannel;
  }): Promise<WithTokens<{ stopped: true }>> {
    const client = api(deps, input.account);
    await client.call('deleting the subscription', 'DELETE', `${client.base}/subscriptions/${encodeURIComponent(input.channel.id)}`, {
      allow: [404],
    });
    return answer({ stopped: true as const }, client);
  };
}

const notificationBody = z.object({
  value: z
    .array(z.object({ subscriptionId: z.string().min(1), clientState: z.string().nullish(), changeType: z.string().default('updated') }))
    .min(1),
});

/**
 * Reads what Graph sent (pure): the validation handshake (`?validationToken=`: answer it as
 * text/plain, as it came), or each notification's subscription and clientState.
 */
export function readGraphNotification(request: NotificationRequest): NotificationRead {
  const validationToken = request.query.validationToken;
  if (validationToken !== undefined) return { kind: 'handshake', answer: validationToken };
  const parsed = notificationBody.safeParse(request.body);
  if (!parsed.success)
    return { kind: 'unreadable', problem: 'not a Microsoft Graph change notification (a JSON value[] with subscriptionId)' };
  return {
    kind: 'changes',
    channels: parsed.data.value.map((item) => ({
      channelId: item.subscriptionId,
      token: item.clientState ?? null,
      state: item.changeType,
    })),
  };
}
