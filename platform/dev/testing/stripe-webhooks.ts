// Stripe's webhooks as Stripe sends them, for the platform's billing tests and the Stripe plugin's
// own: here, beside the recorder in front of stripe-mock (stripe-recorder.ts), so the platform's
// tests use them without depending on the plugin (whose tests depend on the platform's test support).
//
// - a webhook sender that signs events exactly as Stripe does (Stripe-Signature: t=…,v1=…, the
//   HMAC-SHA256 of "t.body" with the endpoint's signing secret), through the package's own
//   `webhooks.generateTestHeaderString`.
import Stripe from 'stripe';

export interface SignedStripeWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

/**
 * Signs `event` as Stripe does at `timestamp` (unix seconds): `Stripe-Signature: t=<timestamp>,v1=<HMAC-SHA256 of "<timestamp>.<body>">`.
 * `signWith` signs with another secret (a wrong signature).
 */
export function signStripeWebhook(event: object, secret: string, timestamp: number, signWith = secret): SignedStripeWebhook {
  const rawBody = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: signWith, timestamp });
  return { rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
}

/** Posts a signed webhook to `url` as Stripe would (the body as signed, byte for byte). */
export async function sendStripeWebhook(url: string, webhook: SignedStripeWebhook): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...webhook.headers, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    body: webhook.rawBody,
  });
}

/** A Stripe event of `type` about `object`, as Stripe's API shapes one (API version of the package). */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>, created: number): Record<string, unknown> {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
