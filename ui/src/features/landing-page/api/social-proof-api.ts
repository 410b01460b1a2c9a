import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiLandingPageSocialProofResponse } from '../../../lib/api-types.generated.ts';

/** The testimonials, customer logos and figures the deployer supplied (MEETFLOW_SOCIAL_PROOF); none by default. */
export type SocialProof = GetApiLandingPageSocialProofResponse;

/** What the page shows while the answer is on its way, or when it cannot be had: no social proof at all. */
export const NO_SOCIAL_PROOF: SocialProof = { testimonials: [], logos: [], figures: [], mostPopularTier: null };

/** GET /api/landing-page/social-proof: public, the same for everyone, fixed while the server runs. */
export const socialProofQueryOptions = () =>
  queryOptions({
    queryKey: ['landing-page', 'social-proof'],
    queryFn: ({ signal }) => apiRequest<SocialProof>('/api/landing-page/social-proof', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The deployer's social proof, or none (while loading, or if it cannot be had: the sections it fills are then left out). */
export function useSocialProof(): SocialProof {
  return useQuery(socialProofQueryOptions()).data ?? NO_SOCIAL_PROOF;
}
