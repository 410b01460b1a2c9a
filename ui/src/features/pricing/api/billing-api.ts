import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiBillingAccountResponse,
  GetApiBillingInvoicesMonthLinesResponse,
  GetApiBillingInvoicesResponse,
  GetApiBillingPaymentMethodResponse,
  GetApiBillingPrepayResponse,
  GetApiBillingUpcomingResponse,
  PostApiBillingInvoicesBody,
  PostApiBillingInvoicesResponse,
  PostApiBillingPaymentMethodSetupResponse,
  PutApiBillingAccountBody,
  PutApiBillingAccountResponse,
} from '../../../lib/api-types.generated.ts';
import { currentWorkspace } from '../../../lib/workspace.ts';

/** The workspace's billing account, as GET /api/billing/account answers it (null until saved). */
export type BillingAccount = NonNullable<GetApiBillingAccountResponse['account']>;
/** A payments plugin a billing account bills through. */
export type PaymentProvider = BillingAccount['provider'];
/** The providers a billing account may choose, as people know them; Stripe first (the default). */
export const PAYMENT_PROVIDERS: ReadonlyArray<{ id: PaymentProvider; label: string; how: string }> = [
  {
    id: 'payments-stripe',
    label: 'Stripe',
    how: "Card or bank debit saved on Stripe's page, which then pays each invoice; without one, invoices are paid on Stripe's page",
  },
  { id: 'payments-paypal', label: 'PayPal', how: "Each invoice is emailed by PayPal and paid on PayPal's page; no method is saved ahead" },
];
export const providerLabel = (id: PaymentProvider) => PAYMENT_PROVIDERS.find((provider) => provider.id === id)?.label ?? id;
/** What PUT /api/billing/account takes. */
export type BillingAccountBody = PutApiBillingAccountBody;
/** GET /api/billing/upcoming: the month's lines from the ledger and their totals, in cents. */
export type UpcomingInvoice = GetApiBillingUpcomingResponse;
export type InvoiceLine = UpcomingInvoice['lines'][number];
/** An issued invoice as GET /api/billing/invoices lists it (cents, the provider's pages). */
export type IssuedInvoice = GetApiBillingInvoicesResponse['invoices'][number];
/** One line of an issued invoice as it was sent (GET /api/billing/invoices/{month}/lines). */
export type IssuedInvoiceLine = GetApiBillingInvoicesMonthLinesResponse['lines'][number];
/** GET /api/billing/prepay: next month's pre-pay as the account sizes it, and what the bids would pre-pay. */
export type NextPrepay = GetApiBillingPrepayResponse;
/** What identifies the saved payment method (brand, last four digits, expiry), or null. */
export type PaymentMethod = GetApiBillingPaymentMethodResponse['paymentMethod'];

export const billingKeys = {
  account: (workspace: string) => ['billing', workspace, 'account'] as const,
  upcoming: (workspace: string) => ['billing', workspace, 'upcoming'] as const,
  invoices: (workspace: string) => ['billing', workspace, 'invoices'] as const,
  invoiceLines: (workspace: string, month: string) => ['billing', workspace, 'invoices', month, 'lines'] as const,
  paymentMethod: (workspace: string) => ['billing', workspace, 'payment-method'] as const,
  prepay: (workspace: string) => ['billing', workspace, 'prepay'] as const,
};

const inWorkspace = (path: string, workspace: string) => `${path}?workspace=${encodeURIComponent(workspace)}`;

export const billingAccountQueryOptions = () => {
  const workspace = currentWorkspace();
  return queryOptions({
    queryKey: billingKeys.account(workspace),
    queryFn: ({ signal }) => apiRequest<GetApiBillingAccountResponse>(inWorkspace('/api/billing/account', workspace), { signal }),
  });
};

/** The current month's upcoming invoice (the API's default month). */
export const upcomingInvoiceQueryOptions = () => {
  const workspace = currentWorkspace();
  return queryOptions({
    queryKey: billingKeys.upcoming(workspace),
    queryFn: ({ signal }) => apiRequest<GetApiBillingUpcomingResponse>(inWorkspace('/api/billing/upcoming', workspace), { signal }),
  });
};

/** Next month's pre-pay (the API's default month) and, slice by slice, what the bids would pre-pay. */
export const nextPrepayQueryOptions = () => {
  const workspace = currentWorkspace();
  return queryOptions({
    queryKey: billingKeys.prepay(workspace),
    queryFn: ({ signal }) => apiRequest<GetApiBillingPrepayResponse>(inWorkspace('/api/billing/prepay', workspace), { signal }),
  });
};

/** PUT /api/billing/account (owners and admins); the saved account replaces the cached one. */
export function useSaveBillingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingAccountBody) => {
      const workspace = currentWorkspace();
      return apiRequest<PutApiBillingAccountResponse>(inWorkspace('/api/billing/account', workspace), { method: 'PUT', body });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.account(currentWorkspace()), saved);
      // The pre-pay follows the account's mode.
      void queryClient.invalidateQueries({ queryKey: billingKeys.prepay(currentWorkspace()) });
    },
  });
}

/** The issued invoices, the latest month first. */
export const invoicesQueryOptions = () => {
  const workspace = currentWorkspace();
  return queryOptions({
    queryKey: billingKeys.invoices(workspace),
    queryFn: ({ signal }) => apiRequest<GetApiBillingInvoicesResponse>(inWorkspace('/api/billing/invoices', workspace), { signal }),
  });
};

/** The lines of a month's issued invoices, as they were sent (read when a row is opened). */
export const invoiceLinesQueryOptions = (month: string) => {
  const workspace = currentWorkspace();
  return queryOptions({
    queryKey: billingKeys.invoiceLines(workspace, month),
    queryFn: ({ signal }) =>
      apiRequest<GetApiBillingInvoicesMonthLinesResponse>(
        inWorkspace(`/api/billing/invoices/${encodeURIComponent(month)}/lines`, workspace),
        { signal },
      ),
  });
};

/** The saved payment method, read from Stripe (null until one is saved). */
export const paymentMethodQueryOptions = () => {
  const workspace = currentWorkspace();
  return queryOptions({
    queryKey: billingKeys.paymentMethod(workspace),
    queryFn: ({ signal }) =>
      apiRequest<GetApiBillingPaymentMethodResponse>(inWorkspace('/api/billing/payment-method', workspace), { signal }),
  });
};

/** POST /api/billing/invoices (owners and admins): issues an ended month's invoice; the list is read again. */
export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostApiBillingInvoicesBody) =>
      apiRequest<PostApiBillingInvoicesResponse>(inWorkspace('/api/billing/invoices', currentWorkspace()), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.invoices(currentWorkspace()) }),
  });
}

/** POST /api/billing/payment-method/setup (owners and admins), then off to Stripe's page where the method is saved; it comes back to the Billing tab. */
export function usePaymentMethodSetup() {
  return useMutation({
    mutationFn: () =>
      apiRequest<PostApiBillingPaymentMethodSetupResponse>(inWorkspace('/api/billing/payment-method/setup', currentWorkspace()), {
        method: 'POST',
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
