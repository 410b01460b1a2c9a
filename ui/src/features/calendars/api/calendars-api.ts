import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiCalendarsIdResponse,
  GetApiCalendarsResponse,
  PostApiCalendarsBody,
  PostApiCalendarsIdTestResponse,
  PostApiCalendarsResponse,
  PostApiOauthPluginIdStartResponse,
} from '../../../lib/api-types.generated.ts';

// The API's calendar views and bodies, as its OpenAPI document states them (ui/src/lib/api-types.generated.ts).

/** The workspace's connected calendar (GET /api/calendars): its password only as `secretSet`. */
export type ConnectedCalendar = GetApiCalendarsResponse['calendars'][number];

/** An installed calendar plugin, with the fields its connect form asks for. */
export type CalendarProvider = GetApiCalendarsResponse['providers'][number];

/** POST /api/calendars. */
export type ConnectCalendar = PostApiCalendarsBody;

/** What Test answers: a calendar refusing the login or not answering is an answer, in plain words. */
export type CalendarTestResult = PostApiCalendarsIdTestResponse;

export const calendarKeys = { all: ['calendars'] as const };

/** The workspace's calendar and the plugins it can be connected with; every member may read them. */
export const calendarsQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.all,
    queryFn: ({ signal }) => apiRequest<GetApiCalendarsResponse>('/api/calendars', { signal }),
  });

/** After a change the calendar list and the Meeting Scheduler's slots (which read the calendar) are fetched again. */
function useRefetch() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['meetings'] }),
    ]);
  };
}

/** POST /api/calendars: connects the workspace's calendar once its free/busy answers (admins and owners). */
export function useConnectCalendar() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (input: ConnectCalendar) => apiRequest<PostApiCalendarsResponse>('/api/calendars', { method: 'POST', body: input }),
    onSuccess: refetch,
  });
}

/** POST /api/calendars/{id}/test: reads the next hour's free/busy with the stored login (admins and owners). */
export function useTestCalendar() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PostApiCalendarsIdTestResponse>(`/api/calendars/${id}/test`, { method: 'POST' }),
    onSettled: refetch,
  });
}

/**
 * POST /api/oauth/{pluginId}/start, then the browser goes to the provider's sign-in (Google,
 * Microsoft), which sends it back to the API's callback and from there to this page (admins and owners).
 */
export function useStartOAuth() {
  return useMutation({
    mutationFn: (pluginId: string) =>
      apiRequest<PostApiOauthPluginIdStartResponse>(`/api/oauth/${encodeURIComponent(pluginId)}/start`, { method: 'POST' }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });
}

/** DELETE /api/calendars/{id}: disconnects it and deletes its stored password or tokens, revoking an OAuth calendar's access (admins and owners). */
export function useDisconnectCalendar() {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DeleteApiCalendarsIdResponse>(`/api/calendars/${id}`, { method: 'DELETE' }),
    onSuccess: refetch,
  });
}
