import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiExperimentsResponse,
  GetApiExperimentsSummaryResponse,
  PostApiExperimentsIdRollbackResponse,
} from '../../../lib/api-types.generated.ts';
import { DASHBOARD_REFRESH_MS } from './dashboard-queries.ts';

/** GET /api/experiments item: an experiment with each arm's counts, posterior mean, interval and P(best). */
export type Experiment = GetApiExperimentsResponse[number];
/** GET /api/experiments/summary: this month's experiments and the learning score. */
export type ExperimentsSummary = GetApiExperimentsSummaryResponse;

export const experimentKeys = {
  all: ['experiments'] as const,
  list: () => [...experimentKeys.all, 'list'] as const,
  summary: () => [...experimentKeys.all, 'summary'] as const,
};

/** The workspace's experiments, refreshed with the dashboard. */
export function experimentsQueryOptions() {
  return queryOptions({
    queryKey: experimentKeys.list(),
    queryFn: ({ signal }) => apiRequest<Experiment[]>('/api/experiments', { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** This month's experiments and the learning score. */
export function experimentsSummaryQueryOptions() {
  return queryOptions({
    queryKey: experimentKeys.summary(),
    queryFn: ({ signal }) => apiRequest<ExperimentsSummary>('/api/experiments/summary', { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** "Roll back": the winner an experiment applied stops being its population's first template. */
export function useRollBackExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PostApiExperimentsIdRollbackResponse>(`/api/experiments/${encodeURIComponent(id)}/rollback`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experimentKeys.all }),
  });
}
