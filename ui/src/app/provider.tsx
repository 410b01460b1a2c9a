import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';

// One client for the page's lifetime so the cache survives re-renders.
const queryClient = createQueryClient();

/** Wraps the app in the providers every screen relies on. */
export function AppProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
