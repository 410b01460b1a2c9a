import {
  ACROSS_WORKSPACES,
  defaultPaymentMethodSchema,
  isPaymentFailure,
  PAYMENT_FAILURES,
  PAYMENTS_PLUGINS,
  type PaymentEvent,
} from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';
import type { PluginApiDeps } from '../../runs/services.ts';
import type { BillingProvider } from './api-schemas.ts';
import { billingAccountModel, type BillingAccount } from './model.ts';

// The payment method Meetflow made the invoice default of a workspace's customer at its provider
// (on a completed setup, see the webhooks), recorded here because the provider is told, not asked:
// an invoice is created to be charged when this says a default was set for the customer it bills,
// and the Billing tab says so. Its own collection, one per (workspace, provider), written by
// upsert, so a second setup replaces the first and a redelivery writes the same.

/** The default the platform set for one workspace's customer at one provider. */
export interface BillingDefaultMethod {
  workspaceId: string;
  provider: BillingProvider;
  /** The provider's customer it was set on: an invoice for another customer is not charged to it. */
  customer: string;
  /** The provider's id of the method (never card data). */
  paymentMethod: string;
  /** The provider's event that reported the setup. */
  eventId: string;
  setAt: Date;
}

const BillingDefaultMethodSchema = new Schema<BillingDefaultMethod>(
  {
    workspaceId: { type: String, required: true },
    provider: { type: String, required: true },
    customer: { type: String, required: true },
    paymentMethod: { type: String, required: true },
    eventId: { type: String, required: true },
    setAt: { type: Date, required: true },
  },
  // Made on the first write only (writtenModel): an invoice's read of it creates nothing, so the many
  // workspaces that never save a method (and their tests' databases) get no collection or index build.
  { timestamps: true, collection: 'billing_default_methods', autoCreate: false, autoIndex: false },
);
BillingDefaultMethodSchema.index({ workspaceId: 1, provider: 1 }, { unique: true });

/** Registers the model on a connection (once); collection `billing_default_methods`. */
export function billingDefaultMethodModel(connection: Connection): Model<BillingDefaultMethod> {
  return (
    (connection.models.BillingDefaultMethod as Model<BillingDefaultMethod> | undefined) ??
    connection.model<BillingDefaultMethod>('BillingDefaultMethod', BillingDefaultMethodSchema)
  );
}

const indexed = new WeakMap<Connection, Promise<unknown>>();
/**
 * The model with its unique index built, before the first write on a connection: the embedded
 * database fails a write (or a drop) that meets an index being built.
 */
async function writtenModel(connection: Connection): Promise<Model<BillingDefaultMethod>> {
  const model = billingDefaultMethodModel(connection);
  let ready = indexed.get(connection);
  if (!ready) {
    // A failed build is tried again by the next write.
    ready = model.createIndexes().catch((error: unknown) => {
      indexed.delete(connection);
      throw error;
    });
    indexed.set(connection, ready);
  }
  await ready;
  return model;
}

/** The method set as `customer`'s invoice default for the workspace, or null when none was. */
export async function recordedDefault(
  connection: Connection,
  workspaceId: string,
  provider: BillingProvider,
  customer: string,
): Promise<string | null> {
  const found = await billingDefaultMethodModel(connection).findOne({ workspaceId, provider, customer }).lean<BillingDefaultMethod>();
  return found?.paymentMethod ?? null;
}

/**
 * How an invoice to `customer` is collected: charged to the method set as its default (Stripe pays
 * it from the method and retries it itself), else sent to be paid on the provider's page.
 */
export async function collectionFor(
  connection: Connection,
  workspaceId: string,
  provider: BillingProvider,
  customer: string,
): Promise<'charge' | 'send'> {
  return (await recordedDefault(connection, workspaceId, provider, customer)) ? 'charge' : 'send';
}

/** What acting on a saved method needs: the provider's plugin bound with this server's credentials. */
export interface SavedMethodDeps {
  connection: Connection;
  host: Pick<PluginApiDeps['host'], 'payments'>;
  stripeSecretKey?: string | null;
}

/** What was done with a `payment_method.saved` event. */
export type SavedMethodOutcome =
  | { outcome: 'ignored'; message: string; workspaceId: string | null }
  | { outcome: 'applied' | 'unchanged'; message: string; workspaceId: string };

/**
 * A verified `payment_method.saved` (a completed setup) from Stripe: the workspace is the one whose
 * billing account holds the event's customer (never anything else in the payload), and the method
 * the setup saved becomes that customer's invoice default at Stripe (through the plugin), then is
 * recorded. A customer that is no workspace's is `ignored`. Setting it again is a no-op at Stripe
 * and the record is an upsert, so a redelivery after a failure changes nothing twice.
 */
export async function applySavedMethod(deps: SavedMethodDeps, provider: BillingProvider, event: PaymentEvent): Promise<SavedMethodOutcome> {
  const ignored = (why: string) => ({
    outcome: 'ignored' as const,
    message: `${event.providerType} ${why}: nothing done`,
    workspaceId: null,
  });
  if (provider !== PAYMENTS_PLUGINS.stripe) return ignored(`comes from ${provider}, which saves no method ahead`);
  if (!event.customer) return ignored('names no customer');
  // Across workspaces on purpose: the customer id is Stripe's, and the account holding it says whose it is.
  const account = await billingAccountModel(deps.connection)
    .findOne({ stripeCustomer: event.customer }, null, ACROSS_WORKSPACES)
    .lean<BillingAccount>();
  if (!account) return ignored(`names the customer ${event.customer}, which is no workspace's`);
  if (!event.paymentMethod && !event.setupIntent) return ignored('names no payment method and no setup');
  const plugin = deps.host.payments(provider);
  if (!plugin || !deps.stripeSecretKey) throw new Error(`the payments plugin ${provider} is not installed or has no secret key here`);
  let answer: unknown;
  try {
    answer = await plugin.activities.setDefaultPaymentMethod!({
      account: { secretKey: deps.stripeSecretKey },
      customer: event.customer,
      ...(event.paymentMethod ? { paymentMethod: event.paymentMethod } : {}),
      ...(event.setupIntent ? { setupIntent: event.setupIntent } : {}),
    });
  } catch (error) {
    // Refused for good (another customer's setup, nothing saved): acknowledged, so Stripe stops
    // redelivering it; Stripe away or this server's key refused: thrown (a 503, Stripe redelivers).
    const transient: unknown[] = [PAYMENT_FAILURES.unavailable, PAYMENT_FAILURES.authRefused];
    if (isPaymentFailure(error) && !transient.includes(error.type))
      return { ...ignored(`was not acted on (${error.message})`), workspaceId: account.workspaceId };
    throw error;
  }
  const { paymentMethod } = defaultPaymentMethodSchema.parse(answer);
  const model = await writtenModel(deps.connection);
  const before = await model
    .findOneAndUpdate(
      { workspaceId: account.workspaceId, provider },
      { $set: { customer: event.customer, paymentMethod, eventId: event.id, setAt: new Date(event.occurredAt) } },
      { upsert: true, returnDocument: 'before' },
    )
    .lean<BillingDefaultMethod>();
  const same = before?.paymentMethod === paymentMethod && before.customer === event.customer;
  return {
    outcome: same ? 'unchanged' : 'applied',
    message: `the saved payment method ${paymentMethod} ${same ? 'was already' : 'is now'} the default its invoices are charged to`,
    workspaceId: account.workspaceId,
  };
}
