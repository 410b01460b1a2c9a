import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  ActivityEntry,
  AgentPerformanceEntry,
  ConfigEntry,
  DashboardMetrics,
  Insight,
  LearningStatus,
  PlatformHealth,
  ScoringRefit,
  TrendPoint,
  TrendRange,
} from './types.ts';

/** The dashboard's refresh cycle (spec sections 7 and 9). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Query keys of the dashboard; `all` refetches every panel after a learning cycle is triggered. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  metrics: () => [...dashboardKeys.all, 'metrics'] as const,
  trends: (range?: TrendRange) => [...dashboardKeys.all, 'trends', range ?? 'weeks'] as const,
  insights: () => [...dashboardKeys.all, 'insights'] as const,
  activity: () => [...dashboardKeys.all, 'activity'] as const,
  config: () => [...dashboardKeys.all, 'config'] as const,
  learning: () => [...dashboardKeys.all, 'learning-status'] as const,
  health: () => [...dashboardKeys.all, 'health'] as const,
};

const polled = <T>(queryKey: readonly unknown[], path: string, acceptStatuses: number[] = []) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest<T>(path, { signal, acceptStatuses }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

/** The six GETs of spec section 7, fetched together and refreshed every 30 s. */
export function dashboardQueries() {
  return [
    polled<DashboardMetrics>(dashboardKeys.metrics(), '/api/dashboard/metrics'),
    polled<TrendPoint[]>(dashboardKeys.trends(), '/api/dashboard/trends'),
    polled<Insight[]>(dashboardKeys.insights(), '/api/dashboard/insights'),
    // The sidebar reads the same key, so both show one answer.
    polled<AgentPerformanceEntry[]>(['agents', 'status'], '/api/agents/status'),
    polled<ActivityEntry[]>(dashboardKeys.activity(), '/api/activity'),
    polled<ConfigEntry[]>(dashboardKeys.config(), '/api/config'),
  ] as const;
}

/** The Learning Progress chart's points for a range. */
export function trendRangeQueryOptions(range: TrendRange) {
  return polled<TrendPoint[]>(dashboardKeys.trends(range), `/api/dashboard/trends?range=${range}`);
}

/** The Learning Queue: next cycle, gathered samples. */
export function learningStatusQueryOptions() {
  return polled<LearningStatus>(dashboardKeys.learning(), '/api/learning/status');
}

/** System health: a 503 answer (something down) is data, not an error. */
export function healthQueryOptions() {
  return polled<PlatformHealth>(dashboardKeys.health(), '/api/health', [503]);
}

/** "Trigger Learning Cycle": starts a cycle; every panel refetches after it (and as the cycle lands, on the 30 s cycle). */
export function useTriggerLearning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ cycleId: string }>('/api/learning/trigger', { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['agents', 'status'] }),
      ]),
  });
}

/** "Roll back" on the scoring refit: the weights in force before that cycle come back (sales ops and above). */
export function useRollBackRefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cycleId: string) =>
      apiRequest<ScoringRefit>(`/api/learning/refits/${encodeURIComponent(cycleId)}/rollback`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
