import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PostApiSuperagentDiscoverProspectsBody } from '../../../lib/api-types.generated.ts';
import type { DiscoverProspectsResponse } from './types.ts';

/** Body of POST /api/superagent/discover-prospects (spec section 7). */
export type DiscoverRequest = PostApiSuperagentDiscoverProspectsBody;

/**
 * Asks the sources for people matching the criteria. An answer with `success: false` (no source
 * could be searched) is thrown as an error carrying the API's reason, so every failure takes one path.
 */
export async function discoverProspects(request: DiscoverRequest): Promise<DiscoverProspectsResponse> {
  const result = await apiRequest<DiscoverProspectsResponse>('/api/superagent/discover-prospects', { method: 'POST', body: request });
  if (!result.success) throw new Error(result.error ?? 'No source could be searched.');
  return result;
}

/** Mutation for one discovery run; a POST that reads data, so it is never cached or retried. */
export function useDiscoverProspects() {
  return useMutation({ mutationFn: discoverProspects });
}
