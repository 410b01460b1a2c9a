import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiCrmIdResponse,
  GetApiCrmResponse,
  PostApiCrmBody,
  PostApiCrmIdSyncResponse,
  PostApiCrmIdTestResponse,
  PostApiCrmResponse,
  PostApiOauthPluginIdStartBody,
  PostApiOauthPluginIdStartResponse,
} from '../../../lib/api-types.generated.ts';

// The API's CRM views and bodies, as its OpenAPI document states them (ui/src/lib/api-types.generated.ts).

/** GET /api/crm: the workspace's connection (never its token), the CRMs it can connect, the sync log. */
export type CrmOverview = GetApiCrmResponse;
export type CrmConnection = NonNullable<GetApiCrmResponse['connection']>;
export type CrmProvider = GetApiCrmResponse['providers'][number];
export type CrmLogRow = GetApiCrmResponse['log'][number];

export const crmKeys = { all: ['crm'] as const };

/** The workspace's CRM, read again every 2 s while a sync runs (so its counts move) and every minute otherwise. */
export const crmQueryOptions = () =>
  queryOptions({
    queryKey: crmKeys.all,
    queryFn: ({ signal }) => apiRequest<GetApiCrmResponse>('/api/crm', { signal }),
    refetchInterval: (query) => (query.state.data?.connection?.sync.running ? 2_000 : 60_000),
  });

function useRefetch() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: crmKeys.all });
}

/** POST /api/crm: connects once the CRM accepted the token; its first sync starts (admins and owners). */
export function useConnectCrm() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (input: PostApiCrmBody) => apiRequest<PostApiCrmResponse>('/api/crm', { method: 'POST', body: input }),
    onSuccess: refetch,
  });
}

/**
 * POST /api/oauth/{pluginId}/start for a CRM that connects through its provider's sign-in
 * (Salesforce, HubSpot; Pipedrive with its form's settings that are not secret, which the sign-in
 * carries): the browser then goes there, and the API's callback brings it back to Settings →
 * Integrations with the CRM connected and its first sync started (admins and owners).
 */
export function useStartCrmOAuth() {
  return useMutation({
    mutationFn: ({ pluginId, account }: { pluginId: string } & PostApiOauthPluginIdStartBody) =>
      apiRequest<PostApiOauthPluginIdStartResponse>(`/api/oauth/${encodeURIComponent(pluginId)}/start`, {
        method: 'POST',
        ...(account ? { body: { account } } : {}),
      }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });
}

/** POST /api/crm/{id}/test. */
export function useTestCrm() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PostApiCrmIdTestResponse>(`/api/crm/${id}/test`, { method: 'POST' }),
    onSettled: refetch,
  });
}

/** POST /api/crm/{id}/sync: Sync now. */
export function useSyncCrm() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PostApiCrmIdSyncResponse>(`/api/crm/${id}/sync`, { method: 'POST' }),
    onSettled: refetch,
  });
}

/** DELETE /api/crm/{id}: disconnects it, revoking an OAuth grant at the CRM, deleting its stored token, its sync log and its exclusions. */
export function useDisconnectCrm() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DeleteApiCrmIdResponse>(`/api/crm/${id}`, { method: 'DELETE' }),
    onSuccess: refetch,
  });
}
