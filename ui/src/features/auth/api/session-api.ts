import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, setSessionEndedHandler } from '../../../lib/api-client.ts';
import { setMemberWorkspaces } from '../../../lib/workspace.ts';
import { signInPath } from '../utils/next-path.ts';
import { isAccountQuery, setAccount, type Account } from './account.ts';

/** What the Sign In form sends. */
export interface SignInInput {
  email: string;
  password: string;
}

/** What the Sign Up form sends; without a workspace name the API names it "<name>'s workspace". */
export interface SignUpInput extends SignInInput {
  name: string;
  workspaceName?: string;
}

/** Starts using the app as `account`: nothing fetched before (as nobody, or as someone else) is shown again. */
function signedIn(queryClient: QueryClient, account: Account) {
  queryClient.removeQueries({ predicate: (query) => !isAccountQuery(query) });
  setAccount(queryClient, account);
}

/** POST /api/auth/login; on success the account query holds the user (the Sign In page then moves on). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiRequest<Account>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: (account) => signedIn(queryClient, account),
  });
}

/** POST /api/auth/signup: a new account and its own workspace, signed in. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => apiRequest<Account>('/api/auth/signup', { method: 'POST', body: input }),
    onSuccess: (account) => signedIn(queryClient, account),
  });
}

/**
 * POST /api/auth/logout, then a fresh page at /signin (coming back to `next` after the next
 * sign-in, when given): no data, open stream or pending request of this user outlives their
 * session in the page's memory.
 */
export function useSignOut(next?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ signedOut: true }>('/api/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.clear();
      setMemberWorkspaces(null);
      window.location.assign(next ? signInPath(next) : '/signin');
    },
  });
}

/**
 * Makes a 401 from any API call (the session expired or was ended elsewhere) sign the user out
 * in this page; the app's pages then send them to Sign In and back here afterwards (RequireSignIn).
 */
export function signOutWhenSessionEnds(queryClient: QueryClient): void {
  setSessionEndedHandler(() => setAccount(queryClient, null));
}
