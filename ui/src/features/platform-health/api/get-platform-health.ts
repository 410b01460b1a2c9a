import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The result of probing one dependency of the platform. */
export interface HealthCheck {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** Body of GET /api/health, identical for 200 (all up) and 503 (something down). */
export interface PlatformHealth {
  status: 'ok' | 'degraded';
  checks: { database: HealthCheck; temporal: HealthCheck };
}

/** Fetches the platform health; a 503 is a valid "degraded" answer, not an error. */
export function getPlatformHealth(signal?: AbortSignal): Promise<PlatformHealth> {
  return apiRequest<PlatformHealth>('/api/health', { acceptStatuses: [503], signal });
}

/** Query options for the platform health, polled every 5 s so outages show up unprompted. */
export function platformHealthQueryOptions() {
  return queryOptions({
    queryKey: ['platform-health'],
    queryFn: ({ signal }) => getPlatformHealth(signal),
    refetchInterval: 5_000,
  });
}
