import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// The API's OfferSchema (@meetflow/plugin-sdk/contracts/offer), as the UI reads and sends it;
// the UI imports nothing from the SDK, so the shape is declared here, as for every other route.

/** One reason to buy: the buyer's problem (a short noun phrase) and what changes (a clause that can follow "so"). */
export interface ValueProp {
  pain: string;
  value: string;
}
/** A result the team may cite, and optionally for whom and what. */
export interface ProofPoint {
  text: string;
  customer?: string;
  result?: string;
}
/** What the workspace sells and how it wants to sound: everything the copywriter may say about the sender. */
export interface Offer {
  companyName: string;
  website?: string;
  /** Completes "<companyName> …". */
  oneLiner: string;
  /** 2 to 5. */
  valueProps: ValueProp[];
  /** Up to 10. */
  proofPoints: ProofPoint[];
  personas: { titles: string[]; seniority?: string[] };
  tone: 'formal' | 'plain';
  callToAction: { meetingMinutes: number; bookingLink?: string };
  senderName: string;
  senderTitle?: string;
  /** True for the seeded demo offer; the API drops it when someone saves. */
  sample?: boolean;
}
/** GET and PUT /api/offer. */
export interface OfferView {
  offer: Offer | null;
}

export const offerKeys = { offer: ['agent-config', 'offer'] as const };

/** The workspace's offer, null until someone saves one. */
export const offerQueryOptions = () =>
  queryOptions({
    queryKey: offerKeys.offer,
    queryFn: ({ signal }) => apiRequest<OfferView>('/api/offer', { signal }),
  });

/** Saves the offer whole (PUT /api/offer; admins and owners); the answer, as stored, replaces the cached one. */
export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: Offer) => apiRequest<OfferView>('/api/offer', { method: 'PUT', body: offer }),
    onSuccess: (saved) => queryClient.setQueryData(offerKeys.offer, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.offer }),
  });
}
