import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiCampaignsResponse,
  GetApiExperimentsDecisionPointsResponse,
  GetApiExperimentsResponse,
  GetApiExperimentsSummaryResponse,
  PostApiExperimentsBody,
  PostApiExperimentsIdRollbackResponse,
  PostApiExperimentsIdStopResponse,
  PostApiExperimentsResponse,
} from '../../../lib/api-types.generated.ts';
import { DASHBOARD_REFRESH_MS } from './dashboard-queries.ts';

/** GET /api/experiments item: an experiment with each arm's counts, posterior mean, interval and P(best). */
export type Experiment = GetApiExperimentsResponse[number];
/** GET /api/experiments/summary: this month's experiments and the learning score. */
export type ExperimentsSummary = GetApiExperimentsSummaryResponse;

/** GET /api/experiments/decision-points item: what an installed plugin lets an experiment decide, with the values it may try. */
export type DecisionPoint = GetApiExperimentsDecisionPointsResponse[number];
/** POST /api/experiments body. */
export type NewExperiment = PostApiExperimentsBody;

export const experimentKeys = {
  all: ['experiments'] as const,
  list: () => [...experimentKeys.all, 'list'] as const,
  summary: () => [...experimentKeys.all, 'summary'] as const,
  decisionPoints: () => [...experimentKeys.all, 'decision-points'] as const,
  campaigns: () => [...experimentKeys.all, 'campaigns'] as const,
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

/** "Roll back": the winner an experiment applied stops being its population's default at its decision point. */
export function useRollBackExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PostApiExperimentsIdRollbackResponse>(`/api/experiments/${encodeURIComponent(id)}/rollback`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experimentKeys.all }),
  });
}

/** The decision points the installed plugins declare (they change only with the plugins installed). */
export function decisionPointsQueryOptions() {
  return queryOptions({
    queryKey: experimentKeys.decisionPoints(),
    queryFn: ({ signal }) => apiRequest<DecisionPoint[]>('/api/experiments/decision-points', { signal }),
    staleTime: Infinity,
  });
}

/** The workspace's campaigns, by id and name: the populations an experiment may run in besides the workspace, and their names on the cards. */
export function experimentCampaignsQueryOptions() {
  return queryOptions({
    queryKey: experimentKeys.campaigns(),
    queryFn: async ({ signal }) =>
      (await apiRequest<GetApiCampaignsResponse>('/api/campaigns', { signal })).map(({ id, name, status }) => ({ id, name, status })),
  });
}

/** "Start experiment": from now on each prospect of its population gets an arm when its sequence is written. */
export function useStartExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewExperiment) => apiRequest<PostApiExperimentsResponse>('/api/experiments', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experimentKeys.all }),
  });
}

/** "Stop": a running experiment decides for no more prospects; its counts stay. */
export function useStopExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PostApiExperimentsIdStopResponse>(`/api/experiments/${encodeURIComponent(id)}/stop`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experimentKeys.all }),
  });
}
