import { queryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import type { GetApiAuthMeResponse } from '../../../lib/api-types.generated.ts';
import { setMemberWorkspaces } from '../../../lib/workspace.ts';

/** The signed-in user and their workspaces, oldest membership first (the API's AccountView). */
export type Account = GetApiAuthMeResponse;

/** One workspace the user belongs to, and their role in it. */
export type Membership = Account['workspaces'][number];

/** A user's role in a workspace (the API's `ROLES`). */
export type Role = Membership['role'];

/** The key of "who is signed in": null when nobody is. */
export const accountKey = ['auth', 'me'] as const;

/** True for the account query, which a sign-in or a workspace switch keeps while everything else is fetched again. */
export const isAccountQuery = (query: Query) => query.queryKey[0] === accountKey[0];

/** Tells the workspace choice whose workspaces count (lib/workspace.ts), and answers the account. */
function remember(account: Account | null): Account | null {
  setMemberWorkspaces(account ? account.workspaces.map((workspace) => workspace.slug) : null);
  return account;
}

/** GET /api/auth/me: the account, or null when nobody is signed in (a 401 is an answer here, not an error). */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountKey,
    queryFn: async ({ signal }) => {
      try {
        return remember(await apiRequest<Account>('/api/auth/me', { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return remember(null);
        throw error;
      }
    },
  });

/** Sets who is signed in without asking the API (it just said so): signing in and a session found ended. */
export function setAccount(queryClient: QueryClient, account: Account | null): void {
  queryClient.setQueryData(accountKey, remember(account));
}
