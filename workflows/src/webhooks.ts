import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { WebhookActivities } from './activities.ts';

/** What `webhookDispatch` is started with. */
export interface WebhookDispatchInput {
  workspaceId: string;
  /** Seconds between two looks for new events. */
  intervalSeconds: number;
}

/** What `webhookDelivery` is started with. */
export interface WebhookDeliveryInput {
  workspaceId: string;
  deliveryId: string;
}

// The database away is tried again with backoff, however long it takes.
const { dispatchWebhookEvents, failWebhookDelivery } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});
// One attempt is one POST with a 10 s timeout; the activity itself answers `retry` for a receiver
// that failed, so Temporal retries it only when the attempt could not even be recorded.
const { attemptWebhookDelivery } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/** Looks between two continue-as-new, so the history stays short. */
const LOOKS_PER_RUN = 100;

/** The first wait after a failed attempt; each next one doubles, at most {@link MAX_BACKOFF_MS}. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** How long a delivery is retried before it is marked failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** The wait after failed attempt `attempt` (1-based): 30 s, 1 min, 2 min, … at most 1 h. */
export const backoffAfter = (attempt: number): number => Math.min(FIRST_BACKOFF_MS * 2 ** Math.min(attempt - 1, 20), MAX_BACKOFF_MS);

/**
 * Turns a workspace's new events into deliveries every `intervalSeconds` (one run per workspace: its
 * workflow id is `webhook-dispatch:<workspace>`). Ends once the workspace has no enabled endpoint;
 * adding or enabling one starts it again.
 */
export async function webhookDispatch(input: WebhookDispatchInput): Promise<void> {
  for (let look = 0; look < LOOKS_PER_RUN; look++) {
    const { endpoints } = await dispatchWebhookEvents({ workspaceId: input.workspaceId });
    if (endpoints === 0) return;
    await sleep(input.intervalSeconds * 1000);
  }
  await continueAsNew<typeof webhookDispatch>(input);
}

/**
 * Delivers one event to one endpoint (workflow id `webhook-delivery:<delivery>`): attempts until the
 * receiver answers 2xx, with waits of 30 s doubling up to 1 h between them, for 24 hours from the
 * first attempt, then marks it failed. A 410 Gone disables the endpoint and ends it at once.
 */
export async function webhookDelivery(input: WebhookDeliveryInput): Promise<string> {
  const started = workflowInfo().runStartTime.getTime();
  for (let attempt = 1; ; attempt++) {
    const { outcome } = await attemptWebhookDelivery(input);
    if (outcome !== 'retry') return outcome;
    const wait = backoffAfter(attempt);
    if (Date.now() + wait - started > RETRY_WINDOW_MS) {
      await failWebhookDelivery(input);
      return 'failed';
    }
    await sleep(wait);
  }
}
