import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiBookTokenResponse,
  PostApiBookTokenBody,
  PostApiBookTokenCancelResponse,
  PostApiBookTokenRescheduleResponse,
  PostApiBookTokenResponse,
} from '../../../lib/api-types.generated.ts';

/** What the booking page shows for a link (GET /api/book/{token}): public, the link's token is the only credential. */
export type BookingPageData = GetApiBookTokenResponse;

/** A meeting booked through the link. */
export type LinkMeeting = PostApiBookTokenResponse['meeting'];

const path = (token: string, rest = '') => `/api/book/${encodeURIComponent(token)}${rest}`;

export const bookingKeys = { page: (token: string) => ['booking-page', token] as const };

/** The link's page: who books with whom, the free times, the meeting booked with it. A 404 or 410 is an answer, not retried. */
export const bookingPageQueryOptions = (token: string) =>
  queryOptions({
    queryKey: bookingKeys.page(token),
    queryFn: ({ signal }) => apiRequest<BookingPageData>(path(token), { signal }),
    retry: false,
  });

/** The link's .ics invitation, for the prospect's calendar. */
export const invitationHref = (token: string) => path(token, '/invite.ics');

/** POST /api/book/{token}: books the link's meeting at a start (the same start again answers the same meeting). */
export function useBookSlot(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (start: string) =>
      apiRequest<PostApiBookTokenResponse>(path(token), { method: 'POST', body: { start } satisfies PostApiBookTokenBody }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.page(token) }),
  });
}

/** POST /api/book/{token}/reschedule: moves the booked meeting to another start. */
export function useRescheduleMeeting(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (start: string) =>
      apiRequest<PostApiBookTokenRescheduleResponse>(path(token, '/reschedule'), { method: 'POST', body: { start } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.page(token) }),
  });
}

/** POST /api/book/{token}/cancel: cancels the booked meeting; the link is then used up. */
export function useCancelMeeting(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<PostApiBookTokenCancelResponse>(path(token, '/cancel'), { method: 'POST' }),
  });
}
