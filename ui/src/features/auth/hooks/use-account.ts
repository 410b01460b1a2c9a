import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { storeWorkspace, useCurrentWorkspace } from '../../../lib/workspace.ts';
import { accountQueryOptions, isAccountQuery, type Membership, type Role } from '../api/account.ts';

/** Who is signed in: `data` is the account, null when nobody is, undefined while the API is asked. */
export function useAccount() {
  return useQuery(accountQueryOptions());
}

/** The signed-in user's membership of the workspace the app works in, or null (signed out, or not yet known). */
export function useCurrentMembership(): Membership | null {
  const account = useAccount().data;
  const workspace = useCurrentWorkspace();
  return account?.workspaces.find((membership) => membership.slug === workspace) ?? null;
}

/** The signed-in user's role in the current workspace, or null; e.g. a viewer's screens offer no Save. */
export function useCurrentRole(): Role | null {
  return useCurrentMembership()?.role ?? null;
}

/**
 * Switches the app to another of the user's workspaces: drops every screen's data (nothing of the
 * old workspace stays on screen while the new one loads) and stores the choice; the app shell,
 * keyed by the workspace, then mounts afresh and fetches it all in the new one.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useCallback(
    (slug: string) => {
      queryClient.removeQueries({ predicate: (query) => !isAccountQuery(query) });
      storeWorkspace(slug);
    },
    [queryClient],
  );
}
