import { QueryClient } from '@tanstack/react-query';

/**
 * Creates the query client with the defaults of spec section 7: no retries, data never
 * stale, no refetch on window focus. Polling is opted into per query, never by default.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
