// Test helpers for the Stripe plugin (@meetflow/plugin-payments-stripe/testing): the signed webhook
// sender is the platform's test support (platform/dev/testing/stripe-webhooks.ts), beside the
// recorder in front of stripe-mock, so the platform's billing tests use it without depending on this plugin.
export { sendStripeWebhook, signStripeWebhook, stripeEvent, type SignedStripeWebhook } from '@meetflow/platform/dev/testing/stripe-webhooks';
