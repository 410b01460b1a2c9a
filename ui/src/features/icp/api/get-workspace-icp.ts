import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import type { IcpAnalysis } from './types.ts';

/** Query keys of the ICP feature. */
export const icpKeys = {
  all: ['icp'] as const,
  workspace: () => [...icpKeys.all, 'workspace'] as const,
  sampleSites: () => [...icpKeys.all, 'sample-sites'] as const,
};

/** Fetches the workspace's stored ICP, or null while none has been analysed (the API's 404). */
export async function getWorkspaceIcp(signal?: AbortSignal): Promise<IcpAnalysis | null> {
  try {
    return await apiRequest<IcpAnalysis>('/api/icp', { signal });
  } catch (error) {
    // A workspace without an ICP is the normal first visit, not a failure to show.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Query options for the stored ICP; an analysis replaces its data (the API stores each result). */
export function workspaceIcpQueryOptions() {
  return queryOptions({
    queryKey: icpKeys.workspace(),
    queryFn: ({ signal }) => getWorkspaceIcp(signal),
  });
}
