import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { refusalText } from '../../../lib/api-client.ts';
import { roleAtLeast, roleLabel, useCurrentRole } from '../../auth/index.ts';
import { billingAccountQueryOptions, paymentMethodQueryOptions, usePaymentMethodSetup, type PaymentMethod } from '../api/billing-api.ts';

/** How Stripe's network names read: "visa" → "Visa", "amex" → "American Express". */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};
const KINDS: Record<string, string> = {
  card: 'Card',
  sepa_debit: 'SEPA Direct Debit',
  us_bank_account: 'Bank account',
  bacs_debit: 'Bacs Direct Debit',
  link: 'Link',
};

/** "Visa ending 4242", "Bank account ending 6789". */
function methodName(method: NonNullable<PaymentMethod>): string {
  const name = method.brand ? (BRANDS[method.brand] ?? method.brand) : (KINDS[method.type] ?? method.type);
  return method.last4 ? `${name} ending ${method.last4}` : name;
}

/** "Expires 08/2027", or nothing for a method without expiry. */
const expiry = (method: NonNullable<PaymentMethod>) =>
  method.expMonth && method.expYear ? `Expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}` : null;

/** What a PayPal account's card says instead: PayPal keeps no method for Meetflow to charge. */
function PayPalPaymentMethod() {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="payment-method-title" data-testid="payment-method">
      <div className="card-body gap-2 p-5">
        <h2 id="payment-method-title" className="card-title text-base">
          Payment method
        </h2>
        <p className="text-sm text-base-content/70" data-testid="payment-method-paypal">
          Billed through PayPal: PayPal saves no payment method ahead. Each invoice is emailed to your billing address; pay it on PayPal's
          page with your PayPal balance, a card or a bank account.
        </p>
      </div>
    </section>
  );
}

/**
 * Payment method (GET /api/billing/payment-method): what identifies the saved one, read from
 * Stripe, and how invoices are collected (charged to it once a completed setup made it the
 * default, else paid on Stripe's page); owners and admins add or change it on Stripe's hosted page
 * (card data never reaches Meetflow), which brings them back here. An account billed through PayPal saves none.
 */
export function PaymentMethodCard() {
  const account = useQuery(billingAccountQueryOptions());
  if (account.data?.account?.provider === 'payments-paypal') return <PayPalPaymentMethod />;
  return <StripePaymentMethod />;
}

function StripePaymentMethod() {
  const query = useQuery(paymentMethodQueryOptions());
  const setup = usePaymentMethodSetup();
  const role = useCurrentRole();
  const canChange = role !== null && roleAtLeast(role, 'admin');
  const method = query.data?.paymentMethod ?? null;
  const charged = method !== null && query.data?.collection === 'charge';
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="payment-method-title" data-testid="payment-method">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="payment-method-title" className="card-title text-base">
            Payment method
          </h2>
          <p className="text-sm text-base-content/70">Saved on Stripe's secure page: card details never pass through Meetflow.</p>
        </div>
        {query.isError && <ErrorAlert message={refusalText(query.error)} />}
        {query.isPending && <span role="status" className="loading loading-spinner loading-md" aria-label="Loading the payment method" />}
        {query.isSuccess && (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            {method ? (
              <div className="flex flex-col" data-testid="payment-method-saved">
                <span className="font-medium">{methodName(method)}</span>
                {expiry(method) && <span className="text-sm text-base-content/60">{expiry(method)}</span>}
                <span className="text-sm text-base-content/70" data-testid="payment-method-collection">
                  {charged
                    ? `Charged to ${methodName(method)}: each invoice is charged automatically when it is issued.`
                    : "Paid on Stripe's page: each invoice is emailed to your billing address."}
                </span>
              </div>
            ) : (
              <p className="text-sm text-base-content/70" data-testid="payment-method-none">
                No payment method saved yet: invoices are sent to be paid on Stripe's page.
              </p>
            )}
            {canChange && (
              <button
                type="button"
                className="btn btn-outline btn-sm sm:ml-auto"
                disabled={setup.isPending || setup.isSuccess}
                onClick={() => setup.mutate()}
              >
                {(setup.isPending || setup.isSuccess) && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                {method ? 'Change payment method' : 'Add payment method'}
              </button>
            )}
          </div>
        )}
        {setup.isError && <ErrorAlert message={refusalText(setup.error)} />}
        {query.isSuccess && !canChange && role && (
          <p className="text-sm text-base-content/60" data-testid="payment-method-read-only">
            Only admins and owners can change the payment method; your role here is {roleLabel(role)}.
          </p>
        )}
      </div>
    </section>
  );
}
