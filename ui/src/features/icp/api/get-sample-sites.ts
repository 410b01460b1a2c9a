import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiIcpSampleSitesResponse } from '../../../lib/api-types.generated.ts';
import { icpKeys } from './get-workspace-icp.ts';

/** Body of GET /api/icp/sample-sites: the bundled sample customer sites, empty when none are served. */
export type SampleSites = GetApiIcpSampleSitesResponse;

/**
 * Fetches the sample customer sites. Any failure (an API without the route, a non-JSON answer)
 * means "no sample sites": the offer to use them is a convenience, never an error to show.
 */
export async function getSampleSites(signal?: AbortSignal): Promise<SampleSites> {
  try {
    const answer = await apiRequest<Partial<SampleSites> | undefined>('/api/icp/sample-sites', { signal });
    const urls = Array.isArray(answer?.urls) ? answer.urls.filter((url): url is string => typeof url === 'string') : [];
    return { urls };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { urls: [] };
  }
}

/** Query options for the sample customer sites (fixed for the life of the API process). */
export function sampleSitesQueryOptions() {
  return queryOptions({
    queryKey: icpKeys.sampleSites(),
    queryFn: ({ signal }) => getSampleSites(signal),
  });
}
