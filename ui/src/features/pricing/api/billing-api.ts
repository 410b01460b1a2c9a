import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiBillingAccountResponse,
  GetApiBillingUpcomingResponse,
  PutApiBillingAccountBody,
  PutApiBillingAccountResponse,
} from '../../../lib/api-types.generated.ts';
import { currentWorkspace } from '../../../lib/workspace.ts';

/** The workspace's billing account, as GET /api/billing/account answers it (null until saved). */
export type BillingAccount = NonNullable<GetApiBillingAccountResponse['account']>;
/** What PUT /api/billing/account takes. */
export type BillingAccountBody = PutApiBillingAccountBody;
/** GET /api/billing/upcoming: the month's lines from the ledger and their totals, in cents. */
export type UpcomingInvoice = GetApiBillingUpcomingResponse;
export type InvoiceLine = UpcomingInvoice['lines'][number];

export const billingKeys = {
  account: (workspace: string) => ['billing', workspace, 'account'] as const,
  upcoming: (workspace: string) => ['billing', workspace, 'upcoming'] as const,
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

/** PUT /api/billing/account (owners and admins); the saved account replaces the cached one. */
export function useSaveBillingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingAccountBody) => {
      const workspace = currentWorkspace();
      return apiRequest<PutApiBillingAccountResponse>(inWorkspace('/api/billing/account', workspace), { method: 'PUT', body });
    },
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.account(currentWorkspace()), saved),
  });
}
