import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiAgentsStatusResponse } from '../../../lib/api-types.generated.ts';

/** An agent as GET /api/agents/status lists it. */
export type AgentStatus = Pick<GetApiAgentsStatusResponse[number], 'agentName' | 'status' | 'activity'>;

/** The dashboard's refresh cycle (spec section 9), which the sidebar's status list follows. */
export const AGENT_STATUS_REFRESH_MS = 30_000;

/** The agents and their live status, refreshed with the dashboard's 30-second cycle. */
export function agentsStatusQueryOptions() {
  return queryOptions({
    queryKey: ['agents', 'status'],
    queryFn: ({ signal }) => apiRequest<AgentStatus[]>('/api/agents/status', { signal }),
    refetchInterval: AGENT_STATUS_REFRESH_MS,
  });
}
