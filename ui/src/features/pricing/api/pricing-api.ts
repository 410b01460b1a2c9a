import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentWorkspace } from '../../../lib/workspace.ts';

/** A pricing slice as GET /api/pricing/slices lists it (spec entity Pricing slice, without the internal cost). */
export interface PricingSlice {
  sliceId: string;
  sliceName: string;
  tier: string;
  qualityScore: number;
  leadsVolume: number;
  ppm: number;
  pm: number;
  floor: number;
  cap: number;
  basePrice: number;
  isActive: boolean;
}
/** A customer bid (spec entity Customer bid). */
export interface Bid {
  sliceId: string;
  isEnabled: boolean;
  baseBid: number;
  maxDailyMeetings: number;
  dailyBudgetCap: number;
}
/** What the ledger sums to, in all, per slice and per month. */
export interface LedgerTotals {
  meetingsCharged: number;
  total: number;
  noShows: number;
}
/** GET /api/pricing/ledger. */
export interface LedgerSummary extends LedgerTotals {
  averagePpm: number;
  currency: 'USD';
  bySlice: Array<LedgerTotals & { sliceId: string }>;
  byMonth: Array<LedgerTotals & { month: string }>;
}

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

export const slicesQueryOptions = () => get<PricingSlice[]>(pricingKeys.slices(currentWorkspace()), '/api/pricing/slices');
export const bidsQueryOptions = () => get<Bid[]>(pricingKeys.bids(currentWorkspace()), '/api/pricing/bids');
export const ledgerQueryOptions = () => get<LedgerSummary>(pricingKeys.ledger(currentWorkspace()), '/api/pricing/ledger');

/** POST /api/pricing/bid with the spec's body (workspaceId included); on success the slices and bids are fetched again. */
export function useSaveBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bid: Bid) =>
      apiRequest<Bid & { ppm: number }>('/api/pricing/bid', { method: 'POST', body: { workspaceId: currentWorkspace(), ...bid } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingKeys.slices(currentWorkspace()) }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.bids(currentWorkspace()) }),
      ]),
  });
}
