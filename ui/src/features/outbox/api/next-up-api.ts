import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiOutboxNextUpResponse } from '../../../lib/api-types.generated.ts';

/** GET /api/outbox/next-up: what comes up next, soonest first. */
export type NextUp = GetApiOutboxNextUpResponse;

/** One email coming up: waiting for its send, or a sequence's next step not written yet. */
export type NextUpItem = NextUp['items'][number];

/** How many the Review Queue shows. */
export const NEXT_UP_SHOWN = 10;

/** The next emails; fetched again every minute (sends and steps come due). */
export const nextUpQueryOptions = () =>
  queryOptions({
    queryKey: ['review-queue', 'outbox', 'next-up'],
    queryFn: ({ signal }) => apiRequest<NextUp>(`/api/outbox/next-up?limit=${NEXT_UP_SHOWN}`, { signal }),
    refetchInterval: 60_000,
  });
