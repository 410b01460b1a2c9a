import { isPaymentFailure, PAYMENT_FAILURES, paymentMethodSchema, setupSessionSchema, type PaymentMethodView } from '@meetflow/plugin-sdk';
import { ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import { ensureCustomer, STRIPE_KEY_VARIABLE, STRIPE_PLUGIN, stripeActivities, type InvoicingDeps } from './invoices.ts';
import { billingAccountModel, type BillingAccount } from './model.ts';

// The workspace's payment method lives at Stripe only: Meetflow opens Stripe's hosted page where the
// customer saves one (card data never reaches Meetflow) and reads back what identifies it to a
// person (brand, last four digits, expiry), through the Stripe plugin with this server's key.

/** What the payment-method routes are built over: what invoices are, and where people reach this Meetflow (the page Stripe sends them back to). */
export type PaymentMethodDeps = InvoicingDeps & {
  /** MEETFLOW_PUBLIC_URL: Stripe's page sends the customer back to its Billing tab. */
  publicUrl?: string;
};

/** Where the setup page sends the customer back: PPM Marketplace → Billing, saying how it went. */
export const paymentMethodReturnUrls = (publicUrl: string) => {
  const billing = `${publicUrl.replace(/\/+$/, '')}/pricing?tab=billing`;
  return { returnUrl: `${billing}&payment-method=saved`, cancelUrl: `${billing}&payment-method=cancelled` };
};

/** This server's Stripe key, or the 503 naming the variable that sets it. */
function secretKeyOf(deps: InvoicingDeps): string {
  if (!deps.stripeSecretKey)
    throw new ServiceUnavailableError(
      `Payment methods are off: this server has no Stripe account (set ${STRIPE_KEY_VARIABLE} to the secret key of the Stripe account Meetflow bills through).`,
    );
  return deps.stripeSecretKey;
}

/** Stripe down, or this server's key refused: 503s; a request Stripe refused: a 422 in its words. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isPaymentFailure(error)) throw error;
    if (error.type === PAYMENT_FAILURES.unavailable) throw new ServiceUnavailableError(`${error.message}. Try again in a moment.`);
    if (error.type === PAYMENT_FAILURES.authRefused)
      throw new ServiceUnavailableError(`Stripe refused this server's key (${STRIPE_KEY_VARIABLE}): ${error.message}`);
    throw new UnprocessableError(error.message);
  }
}

/**
 * Opens Stripe's hosted page where the workspace's customer saves a payment method: the customer
 * from the billing account (created once, as invoices do), then a Checkout session in setup mode
 * whose success and cancel pages are the Billing tab. Keyed per workspace and minute, so two clicks
 * at once open the same page, and a later change opens a fresh one.
 */
export async function openPaymentMethodSetup(deps: PaymentMethodDeps, run: WorkspaceRunContext): Promise<{ url: string }> {
  const account = await billingAccountModel(deps.connection).findOne({ workspaceId: run.workspaceId }).lean<BillingAccount>();
  if (!account)
    throw new UnprocessableError(
      'This workspace has no billing account: save one (PPM Marketplace → Billing, or PUT /api/billing/account) before adding a payment method.',
    );
  const secretKey = secretKeyOf(deps);
  const stripe = stripeActivities(deps);
  const customer = await viaStripe(() => ensureCustomer(deps, stripe, account, secretKey));
  const minute = (deps.now?.() ?? new Date()).toISOString().slice(0, 16);
  const session = setupSessionSchema.parse(
    await viaStripe(() =>
      stripe[`${STRIPE_PLUGIN}.createSetupSession`]!(
        {
          account: { secretKey },
          externalId: `setup:${run.workspaceId}:${minute}`,
          customer,
          currency: account.currency.toLowerCase(),
          ...paymentMethodReturnUrls(deps.publicUrl ?? 'http://localhost:3000'),
        },
        { run },
      ),
    ),
  );
  return { url: session.url };
}

/**
 * The payment method the workspace's customer saved, as Stripe holds it; null while it has no
 * customer (nothing was ever saved, and Stripe is not asked).
 */
export async function savedPaymentMethod(deps: InvoicingDeps, run: WorkspaceRunContext): Promise<PaymentMethodView> {
  const account = await billingAccountModel(deps.connection).findOne({ workspaceId: run.workspaceId }).lean<BillingAccount>();
  const customer = account?.stripeCustomer;
  if (!customer) return null;
  const secretKey = secretKeyOf(deps);
  const stripe = stripeActivities(deps);
  const answer = await viaStripe(() => stripe[`${STRIPE_PLUGIN}.getPaymentMethod`]!({ account: { secretKey }, customer }, { run }));
  return paymentMethodSchema.parse(answer).paymentMethod;
}
