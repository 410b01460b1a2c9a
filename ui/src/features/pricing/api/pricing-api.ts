import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiPricingBidsResponse,
  GetApiPricingLedgerResponse,
  GetApiPricingSlicesResponse,
  PostApiPricingBidBody,
  PostApiPricingBidResponse,
} from '../../../lib/api-types.generated.ts';
import { currentWorkspace } from '../../../lib/workspace.ts';

/** A pricing slice as GET /api/pricing/slices lists it (spec entity Pricing slice, without the internal cost). */
export type PricingSlice = GetApiPricingSlicesResponse[number];
/** A customer bid (spec entity Customer bid). */
export type Bid = GetApiPricingBidsResponse[number];
/** What the ledger sums to, in all, per slice and per month. */
export type LedgerTotals = Pick<LedgerSummary, 'meetingsCharged' | 'total' | 'noShows'>;
/** GET /api/pricing/ledger. */
export type LedgerSummary = GetApiPricingLedgerResponse;

/** Query keys of the marketplace; a saved bid refetches slices and bids (spec section 7). */
export const pricingKeys = {
  slices: (workspace: string) => ['pricing', workspace, 'slices'] as const,
  bids: (workspace: string) => ['pricing', workspace, 'bids'] as const,
  ledger: (workspace: string) => ['pricing', workspace, 'ledger'] as const,
};

// The spec's calls name the workspace in the query (section 7).
const get = <T>(key: readonly unknown[], path: string) => {
  const workspace = currentWorkspace();
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<T>(`${path}?workspace=${encodeURIComponent(workspace)}`, { signal }),
  });
};

export const slicesQueryOptions = () => get<GetApiPricingSlicesResponse>(pricingKeys.slices(currentWorkspace()), '/api/pricing/slices');
export const bidsQueryOptions = () => get<GetApiPricingBidsResponse>(pricingKeys.bids(currentWorkspace()), '/api/pricing/bids');
export const ledgerQueryOptions = () => get<GetApiPricingLedgerResponse>(pricingKeys.ledger(currentWorkspace()), '/api/pricing/ledger');

/** POST /api/pricing/bid with the spec's body (workspaceId included); on success the slices and bids are fetched again. */
export function useSaveBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bid: Bid) =>
      apiRequest<PostApiPricingBidResponse>('/api/pricing/bid', {
        method: 'POST',
        body: { workspaceId: currentWorkspace(), ...bid } satisfies PostApiPricingBidBody,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.slices(currentWorkspace()) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.bids(currentWorkspace()) }),
      ]),
  });
}
