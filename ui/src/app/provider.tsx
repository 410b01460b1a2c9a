import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { signOutWhenSessionEnds } from '../features/auth/index.ts';
import { createQueryClient } from './query-client.ts';

// One client for the page's lifetime so the cache survives re-renders.
const queryClient = createQueryClient();
// A 401 from any call signs the user out here, once for every screen; the app's pages then send them to Sign In.
signOutWhenSessionEnds(queryClient);

/** Wraps the app in the providers every screen relies on. */
export function AppProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
