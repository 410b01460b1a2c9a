import { isPaymentFailure, PAYMENT_FAILURES, paymentMethodSchema, setupSessionSchema, type PaymentMethodView } from '@meetflow/plugin-sdk';
import { ServiceUnavailableError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import type { BillingProvider } from './api-schemas.ts';
import { collectionFor } from './default-method.ts';
import { ensureCustomer, paymentsBinding, PROVIDER_VARIABLES, providerOf, storedCustomer, type InvoicingDeps } from './invoices.ts';
import { billingAccountModel, type BillingAccount } from './model.ts';

// The workspace's payment method lives at its provider only: Meetflow opens the provider's hosted
// page where the customer saves one (card data never reaches Meetflow) and reads back what
// identifies it to a person (brand, last four digits, expiry), through the account's payments
// plugin with this server's credentials. PayPal saves none ahead: each invoice is paid on its page.

/** What the payment-method routes are built over: what invoices are, and where people reach this Meetflow (the page the provider sends them back to). */
export type PaymentMethodDeps = InvoicingDeps & {
  /** MEETFLOW_PUBLIC_URL: the provider's page sends the customer back to its Billing tab. */
  publicUrl?: string;
};

/** Where the setup page sends the customer back: PPM Marketplace → Billing, saying how it went. */
export const paymentMethodReturnUrls = (publicUrl: string) => {
  const billing = `${publicUrl.replace(/\/+$/, '')}/pricing?tab=billing`;
  return { returnUrl: `${billing}&payment-method=saved`, cancelUrl: `${billing}&payment-method=cancelled` };
};

/** The provider down, or this server's credentials refused: 503s; a request the provider refused: a 422 in its words. */
async function viaProvider<T>(provider: BillingProvider, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isPaymentFailure(error)) throw error;
    if (error.type === PAYMENT_FAILURES.unavailable) throw new ServiceUnavailableError(`${error.message}. Try again in a moment.`);
    if (error.type === PAYMENT_FAILURES.authRefused)
      throw new ServiceUnavailableError(
        `${provider} refused this server's credentials (${PROVIDER_VARIABLES[provider]}): ${error.message}`,
      );
    throw new UnprocessableError(error.message);
  }
}

/** The account's provider bound with this server's credentials; the 503 says which variables set them up. */
function bindingFor(deps: InvoicingDeps, account: BillingAccount) {
  try {
    return paymentsBinding(deps, providerOf(account));
  } catch (error) {
    if (error instanceof ServiceUnavailableError)
      throw new ServiceUnavailableError(error.message.replace(/^Invoices are off/, 'Payment methods are off'));
    throw error;
  }
}

/**
 * Opens the provider's hosted page where the workspace's customer saves a payment method: the
 * customer from the billing account (created once, as invoices do), then a setup session whose
 * success and cancel pages are the Billing tab. Keyed per workspace and minute, so two clicks at
 * once open the same page, and a later change opens a fresh one. A provider that saves no method
 * ahead (PayPal) is a 422 saying how its invoices are paid.
 */
export async function openPaymentMethodSetup(deps: PaymentMethodDeps, run: WorkspaceRunContext): Promise<{ url: string }> {
  const account = await billingAccountModel(deps.connection).findOne({ workspaceId: run.workspaceId }).lean<BillingAccount>();
  if (!account)
    throw new UnprocessableError(
      'This workspace has no billing account: save one (PPM Marketplace → Billing, or PUT /api/billing/account) before adding a payment method.',
    );
  const payments = bindingFor(deps, account);
  if (!payments.savesMethods)
    throw new UnprocessableError(
      `${payments.displayName} saves no payment method ahead: each invoice is sent by email and paid on ${payments.displayName}'s own page.`,
    );
  const customer = await viaProvider(payments.provider, () => ensureCustomer(deps, payments, account));
  const minute = (deps.now?.() ?? new Date()).toISOString().slice(0, 16);
  const session = setupSessionSchema.parse(
    await viaProvider(payments.provider, () =>
      payments.call(
        'createSetupSession',
        {
          externalId: `setup:${run.workspaceId}:${minute}`,
          customer,
          currency: account.currency.toLowerCase(),
          ...paymentMethodReturnUrls(deps.publicUrl ?? 'http://localhost:3000'),
        },
        run,
      ),
    ),
  );
  return { url: session.url };
}

/**
 * The payment method the workspace's customer saved, as its provider holds it; null while it has
 * no customer there (nothing was ever saved, and the provider is not asked), or when the provider
 * saves none ahead (PayPal).
 */
export async function savedPaymentMethod(deps: InvoicingDeps, run: WorkspaceRunContext): Promise<PaymentMethodView> {
  const account = await billingAccountModel(deps.connection).findOne({ workspaceId: run.workspaceId }).lean<BillingAccount>();
  if (!account) return null;
  const customer = storedCustomer(account, providerOf(account));
  if (!customer) return null;
  const payments = bindingFor(deps, account);
  if (!payments.savesMethods) return null;
  const answer = await viaProvider(payments.provider, () => payments.call('getPaymentMethod', { customer }, run));
  return paymentMethodSchema.parse(answer).paymentMethod;
}

/**
 * GET /api/billing/payment-method: the saved method (savedPaymentMethod) and how the workspace's
 * invoices are collected: `charge` once a completed setup made a method its customer's default
 * (the webhooks, default-method.ts), else `send` (paid on the provider's page).
 */
export async function paymentMethodAnswer(
  deps: InvoicingDeps,
  run: WorkspaceRunContext,
): Promise<{ paymentMethod: PaymentMethodView; collection: 'charge' | 'send' }> {
  const paymentMethod = await savedPaymentMethod(deps, run);
  const account = await billingAccountModel(deps.connection).findOne({ workspaceId: run.workspaceId }).lean<BillingAccount>();
  const provider = providerOf(account);
  const customer = account ? storedCustomer(account, provider) : null;
  const collection = customer ? await collectionFor(deps.connection, run.workspaceId, provider, customer) : 'send';
  return { paymentMethod, collection };
}
