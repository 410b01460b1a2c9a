import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { icpKeys } from './get-workspace-icp.ts';
import type { IcpAnalysis } from './types.ts';

/** Researches the customer sites and builds the workspace's ICP (the form sends its filled URLs: see filledUrls). */
export function analyzeIcp(urls: readonly string[]): Promise<IcpAnalysis> {
  return apiRequest<IcpAnalysis>('/api/superagent/analyze-icp', {
    method: 'POST',
    body: { urls },
  });
}

/** Mutation for an analysis: its result is now the workspace's stored ICP, so it becomes that query's data. */
export function useAnalyzeIcp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeIcp,
    onSuccess: (analysis) => queryClient.setQueryData(icpKeys.workspace(), analysis),
  });
}
