import {
  ACROSS_WORKSPACES,
  isDuplicateKey,
  isPaymentFailure,
  parsedWebhookSchema,
  PAYMENTS_PLUGINS,
  refuseReplay,
  type ParsedWebhook,
  type PaymentEvent,
} from '@meetflow/plugin-sdk';
import type { Context } from 'koa';
import type { Connection } from 'mongoose';
import { InputError, ServiceUnavailableError } from '../../../core/errors.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import type { BillingProvider } from './api-schemas.ts';
import { holdForUncollectible, recordPaymentFailure, releaseHold } from './dunning.ts';
import {
  billingDunningModel,
  billingInvoiceModel,
  billingNoticeModel,
  billingWebhookEventModel,
  billingWebhookLogModel,
  WEBHOOK_LOG_MAX,
  type BillingInvoice,
  type BillingWebhookLogEntry,
} from './model.ts';
import { applySavedMethod } from './default-method.ts';
import { PROVIDER_VARIABLES, type PayPalCredentials } from './invoices.ts';
import { sendReceipt, type NoticeDeps } from './receipts.ts';

/** Where the Stripe endpoint's signing secret (whsec_…, from Stripe's dashboard or `stripe listen`) comes from. */
export const STRIPE_WEBHOOK_SECRET_VARIABLE = 'MEETFLOW_STRIPE_WEBHOOK_SECRET';
/** Where the id of PayPal's webhook (Developer Dashboard → the app → Webhooks) comes from: PayPal's verify-webhook-signature checks against it. */
export const PAYPAL_WEBHOOK_ID_VARIABLE = 'MEETFLOW_PAYPAL_WEBHOOK_ID';
/**
 * The endpoint's signing secret from the environment, or null when unset. Read here rather than in
 * core/config.ts for now (that file belongs to the platform's configuration work): a whsec_… value.
 */
export const stripeWebhookSecretOf = (env: Record<string, string | undefined>): string | null =>
  env[STRIPE_WEBHOOK_SECRET_VARIABLE]?.trim() || null;
/** PayPal's webhook id from the environment (read beside Stripe's secret, for the same reason), or null when unset. */
export const payPalWebhookIdOf = (env: Record<string, string | undefined>): string | null =>
  env[PAYPAL_WEBHOOK_ID_VARIABLE]?.trim() || null;
/** Stripe's event when it gives up on an invoice: the contract reads it as `ignored`, so the platform names it here. */
const MARKED_UNCOLLECTIBLE = 'invoice.marked_uncollectible';
/** Largest body read: the providers' events are a few KB. */
const MAX_BODY_BYTES = 1024 * 1024;

/** What the webhook routes are built over: the payments plugins (their signature checks), the app's connection, the mail channel, the secrets. */
export type WebhookDeps = NoticeDeps & {
  host: Pick<PluginApiDeps['host'], 'payments'>;
  /** The Stripe endpoint's signing secret (MEETFLOW_STRIPE_WEBHOOK_SECRET); null: every Stripe delivery is a 503 naming it. */
  stripeWebhookSecret?: string | null;
  /** The Stripe account's secret key (MEETFLOW_STRIPE_SECRET_KEY): the contract's `account`; verifying never calls Stripe with it. */
  stripeSecretKey?: string | null;
  /** PayPal's webhook id (MEETFLOW_PAYPAL_WEBHOOK_ID); null: every PayPal delivery is a 503 naming it. */
  paypalWebhookId?: string | null;
  /** The PayPal REST app (MEETFLOW_PAYPAL_CLIENT_ID / _SECRET): PayPal's verify-webhook-signature is called with it. */
  paypal?: PayPalCredentials | null;
  /** The time a delivery is received at (the signature's tolerance is measured from it); tests pass their own. */
  now?: () => Date;
};

/** What the route answers a delivery it took (200): what was done with it. */
export interface WebhookReceipt {
  outcome: 'applied' | 'unchanged' | 'ignored' | 'replayed';
  message: string;
}

/** How one provider's deliveries are verified on this server: the endpoint's secret and the credentials verifying uses. */
function verifierOf(deps: WebhookDeps, provider: BillingProvider) {
  if (provider === PAYMENTS_PLUGINS.paypal) {
    if (!deps.paypalWebhookId)
      throw new ServiceUnavailableError(`PayPal's webhooks are off: set ${PAYPAL_WEBHOOK_ID_VARIABLE} to the id of PayPal's webhook.`);
    if (!deps.paypal)
      throw new ServiceUnavailableError(
        `PayPal's webhooks are off: set ${PROVIDER_VARIABLES[provider]} (PayPal's verify-webhook-signature is called with them).`,
      );
    return { secret: deps.paypalWebhookId, account: { ...deps.paypal } };
  }
  if (!deps.stripeWebhookSecret)
    throw new ServiceUnavailableError(
      `Stripe's webhooks are off: set ${STRIPE_WEBHOOK_SECRET_VARIABLE} to the endpoint's signing secret (whsec_…).`,
    );
  // The contract's activities all take the account; Stripe's verifying calls nothing, so without one a stand-in no request uses goes.
  return { secret: deps.stripeWebhookSecret, account: { secretKey: deps.stripeSecretKey ?? 'sk_test_verifyingonly' } };
}

/** The provider plugin's own verification of one delivery (Stripe-Signature; PayPal's verify-webhook-signature), the event read. */
async function parseDelivery(
  deps: WebhookDeps,
  provider: BillingProvider,
  input: { rawBody: string; headers: Record<string, string> },
  receivedAt: Date,
): Promise<ParsedWebhook> {
  const { secret, account } = verifierOf(deps, provider);
  const plugin = deps.host.payments(provider, { clock: { now: () => receivedAt } });
  if (!plugin) throw new ServiceUnavailableError(`Webhooks of ${provider} are off: its payments plugin is not installed.`);
  try {
    const parsed = await plugin.activities.parseWebhook!({ account, ...input, secret, receivedAt: receivedAt.toISOString() });
    return parsedWebhookSchema.parse(parsed);
  } catch (error) {
    // PayPal verifies by calling PayPal: down or refusing this server's app, the delivery is answered 503 (PayPal retries it).
    if (isPaymentFailure(error))
      throw new ServiceUnavailableError(`The delivery could not be verified now (${error.message}); the provider's next delivery is.`);
    throw error;
  }
}

/** The request's body exactly as sent: the body parser keeps the JSON text it read; any other type is read here. */
async function rawBodyOf(ctx: Context): Promise<string> {
  const kept = (ctx.request as { rawBody?: string }).rawBody;
  if (kept !== undefined) return kept;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new InputError(`The webhook's body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's headers, names lowercase, one value each. */
const headersOf = (ctx: Context): Record<string, string> =>
  Object.fromEntries(
    Object.entries(ctx.headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name.toLowerCase(), Array.isArray(value) ? value.join(',') : value]],
    ),
  );

/** Logs one delivery and drops the oldest beyond WEBHOOK_LOG_MAX, so the log stays bounded. */
async function log(connection: Connection, provider: BillingProvider, entry: Omit<BillingWebhookLogEntry, 'provider'>): Promise<void> {
  const model = billingWebhookLogModel(connection);
  await model.create({ provider, ...entry });
  const [oldestKept] = await model
    .find({}, { _id: 1 }, ACROSS_WORKSPACES)
    .sort({ _id: -1 })
    .skip(WEBHOOK_LOG_MAX - 1)
    .limit(1)
    .lean<Array<{ _id: unknown }>>();
  if (oldestKept) await model.deleteMany({ _id: { $lt: oldestKept._id } }, ACROSS_WORKSPACES);
}

/**
 * The stored invoice an event is about, found by Stripe's invoice id, else by our externalId in its
 * metadata while Stripe's id is not stored yet (or is the event's). Its workspace is the stored
 * invoice's: the body decides nothing about workspaces, and an event whose customer is not the
 * stored invoice's names none of ours.
 */
async function invoiceOf(connection: Connection, provider: BillingProvider, event: PaymentEvent): Promise<BillingInvoice | null> {
  const model = billingInvoiceModel(connection);
  let found: BillingInvoice | null = null;
  // Across workspaces on purpose: the event names an invoice, and the stored invoice says whose it is.
  if (event.invoice) found = await model.findOne({ provider, invoice: event.invoice }, null, ACROSS_WORKSPACES).lean<BillingInvoice>();
  if (!found && event.invoiceExternalId) {
    const ours = await model.findOne({ provider, externalId: event.invoiceExternalId }, null, ACROSS_WORKSPACES).lean<BillingInvoice>();
    if (ours && (ours.invoice === null || ours.invoice === event.invoice)) found = ours;
  }
  if (found && found.customer && event.customer && found.customer !== event.customer) return null;
  return found;
}

/** Moves the invoice to `status` unless it is in one of `unless` (a paid invoice never moves back); answers whether it moved. */
async function moveTo(
  connection: Connection,
  invoice: BillingInvoice,
  status: BillingInvoice['status'],
  unless: Array<BillingInvoice['status']>,
  extra = {},
) {
  const moved = await billingInvoiceModel(connection).updateOne(
    { workspaceId: invoice.workspaceId, externalId: invoice.externalId, status: { $nin: [status, ...unless] } },
    { $set: { status, ...extra } },
  );
  return moved.modifiedCount > 0;
}

/** Acts on one verified, first-seen event about one of our invoices. */
async function apply(
  deps: WebhookDeps,
  event: PaymentEvent,
  invoice: BillingInvoice,
): Promise<WebhookReceipt & { outcome: Exclude<WebhookReceipt['outcome'], 'replayed'> }> {
  const at = new Date(event.occurredAt);
  const { connection } = deps;
  const name = `the invoice for ${invoice.month}`;
  if (event.type === 'invoice.paid') {
    const moved = await moveTo(connection, invoice, 'paid', [], { paidAt: at });
    // Both run again on a redelivery after a failure (each is once by itself): the receipt's key, the hold's state.
    const paid = { ...invoice, status: 'paid' as const };
    const receipt = await sendReceipt(deps, paid, at, event.amountMinor);
    const resumed = await releaseHold(connection, paid);
    const did = [receipt ? 'receipt sent' : null, resumed ? 'sending resumed' : null].filter(Boolean).join(', ');
    return {
      outcome: moved || receipt || resumed ? 'applied' : 'unchanged',
      message: `${name} is paid${did ? ` (${did})` : ''}`,
    };
  }
  if (event.type === 'invoice.payment_failed') {
    const attempt = await recordPaymentFailure(deps, invoice, {
      eventId: event.id,
      reason: event.failureReason ?? 'the payment failed',
      at,
    });
    return attempt === null
      ? { outcome: 'unchanged', message: `${name} is ${invoice.status}: a failed payment reported now changes nothing` }
      : { outcome: 'applied', message: `${name}: payment attempt ${attempt} failed` };
  }
  if (event.type === 'invoice.voided') {
    const moved = await moveTo(connection, invoice, 'void', ['paid']);
    if (moved) await releaseHold(connection, { ...invoice, status: 'void' });
    return moved
      ? { outcome: 'applied', message: `${name} is void` }
      : { outcome: 'unchanged', message: `${name} is ${invoice.status}: left as it is` };
  }
  if (event.providerType === MARKED_UNCOLLECTIBLE) {
    const moved = await moveTo(connection, invoice, 'uncollectible', ['paid', 'void']);
    if (!moved && invoice.status !== 'uncollectible')
      return { outcome: 'unchanged', message: `${name} is ${invoice.status}: left as it is` };
    await holdForUncollectible(deps, { ...invoice, status: 'uncollectible' }, at);
    return { outcome: 'applied', message: `${name} is uncollectible: the workspace's sending is paused` };
  }
  return { outcome: 'ignored', message: `${event.providerType} changes nothing in Meetflow` };
}

/**
 * One delivery of a provider's webhook (Stripe's or PayPal's, the same handling for both): verified
 * by the provider's plugin with the endpoint's secret (a missing or wrong signature, a time outside
 * 300 s or a body that is not an event: 400, logged), refused as a replay when its event id was seen
 * (200: the provider stops redelivering; logged), then acted on for the stored invoice it names (an
 * invoice issued through that provider). An event about no invoice of ours is logged and answered
 * 200. When acting fails, the id is forgotten and the answer is a 503, so the provider's retry acts
 * on it (each step is once by itself).
 */
export async function receivePaymentsWebhook(deps: WebhookDeps, provider: BillingProvider, ctx: Context): Promise<WebhookReceipt> {
  verifierOf(deps, provider);
  const name = deps.host.payments(provider)?.displayName ?? provider;
  const receivedAt = deps.now?.() ?? new Date();
  const { connection } = deps;
  const rawBody = await rawBodyOf(ctx);
  const seen = billingWebhookEventModel(connection);
  // The unique indexes make a delivery, a receipt and a notice happen once: built before the first write (init is once per model).
  await Promise.all([seen.init(), billingNoticeModel(connection).init(), billingDunningModel(connection).init()]);
  const firstTime = async (eventId: string) => {
    try {
      await seen.create({ provider, eventId, receivedAt });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  };
  const verified = await parseDelivery(deps, provider, { rawBody, headers: headersOf(ctx) }, receivedAt);
  const parsed: ParsedWebhook = await refuseReplay(verified, firstTime);
  if (!parsed.ok) {
    const event = verified.ok ? verified.event : null;
    await log(connection, provider, {
      eventId: event?.id ?? null,
      type: event?.providerType ?? null,
      outcome: 'refused',
      refusal: parsed.refusal,
      message: parsed.message,
      workspaceId: null,
      at: receivedAt,
    });
    if (parsed.refusal === 'replayed') return { outcome: 'replayed', message: `Already received: ${parsed.message}` };
    throw new InputError(`Refused (${parsed.refusal}): ${parsed.message}`);
  }
  const { event } = parsed;
  const entry = { eventId: event.id, type: event.providerType, refusal: null, at: receivedAt };
  if (event.type === 'payment_method.saved') return savedMethod(deps, provider, event, entry);
  const invoice = await invoiceOf(connection, provider, event);
  if (!invoice) {
    const message = `${event.providerType} names no invoice of this server's: nothing done`;
    await log(connection, provider, { ...entry, outcome: 'ignored', message, workspaceId: null });
    return { outcome: 'ignored', message };
  }
  try {
    const done = await apply(deps, event, invoice);
    await log(connection, provider, { ...entry, outcome: done.outcome, message: done.message, workspaceId: invoice.workspaceId });
    return done;
  } catch (error) {
    await seen.deleteOne({ provider, eventId: event.id });
    // Why stays in the log: the answer goes to whoever called, so it says no more than what to expect.
    const message = `acting on it failed (${(error as Error).message}); ${name}'s next delivery acts on it`;
    await log(connection, provider, { ...entry, outcome: 'failed', message, workspaceId: invoice.workspaceId });
    throw new ServiceUnavailableError(`The event ${event.id} was not acted on now: ${name}'s next delivery acts on it`);
  }
}

/**
 * A completed setup (Stripe's setup-mode `checkout.session.completed`, `setup_intent.succeeded`):
 * the method saved becomes the invoice default of the workspace whose customer it names (see
 * applySavedMethod), logged with that workspace; a customer that is no workspace's is logged
 * `ignored`. Failing, the id is forgotten and the answer is a 503, as for an invoice's event.
 */
async function savedMethod(
  deps: WebhookDeps,
  provider: BillingProvider,
  event: PaymentEvent,
  entry: Pick<BillingWebhookLogEntry, 'eventId' | 'type' | 'refusal' | 'at'>,
): Promise<WebhookReceipt> {
  const { connection } = deps;
  try {
    const done = await applySavedMethod(deps, provider, event);
    await log(connection, provider, { ...entry, ...done });
    return { outcome: done.outcome, message: done.message };
  } catch (error) {
    await billingWebhookEventModel(connection).deleteOne({ provider, eventId: event.id });
    const message = `acting on it failed (${(error as Error).message}); the provider's next delivery acts on it`;
    await log(connection, provider, { ...entry, outcome: 'failed', message, workspaceId: null });
    throw new ServiceUnavailableError(`The event ${event.id} was not acted on now: the provider's next delivery acts on it`);
  }
}

/** Stripe's webhook (POST /api/billing/webhooks/stripe). */
export const receiveStripeWebhook = (deps: WebhookDeps, ctx: Context) => receivePaymentsWebhook(deps, PAYMENTS_PLUGINS.stripe, ctx);
/** PayPal's webhook (POST /api/billing/webhooks/paypal). */
export const receivePayPalWebhook = (deps: WebhookDeps, ctx: Context) => receivePaymentsWebhook(deps, PAYMENTS_PLUGINS.paypal, ctx);
