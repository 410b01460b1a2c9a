import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiOfferResponse, PutApiOfferBody, PutApiOfferResponse } from '../../../lib/api-types.generated.ts';

// The API's OfferSchema (@meetflow/plugin-sdk/contracts/offer), as its OpenAPI document states it (ui/src/lib/api-types.generated.ts).

/** The offer as the API stores it. */
export type StoredOffer = NonNullable<GetApiOfferResponse['offer']>;

/** One reason to buy: the buyer's problem (a short noun phrase) and what changes (a clause that can follow "so"). */
export type ValueProp = StoredOffer['valueProps'][number];
/** A result the team may cite, and optionally for whom and what. */
export type ProofPoint = StoredOffer['proofPoints'][number];
/**
 * What the workspace sells and how it wants to sound: everything the copywriter may say about the sender (PUT /api/offer's body).
 * The form checks the API's list limits (OFFER_LIMITS) before sending: 2 to 5 value props, up to 10 proof points.
 */
export type Offer = PutApiOfferBody;
/** GET and PUT /api/offer. */
export type OfferView = GetApiOfferResponse;

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
    mutationFn: (offer: Offer) => apiRequest<PutApiOfferResponse>('/api/offer', { method: 'PUT', body: offer }),
    onSuccess: (saved) => queryClient.setQueryData(offerKeys.offer, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.offer }),
  });
}
