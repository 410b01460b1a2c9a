import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiMeetingsResponse,
  GetApiMeetingsSlotsResponse,
  GetApiProspectsResponse,
  PostApiMeetingsBody,
  PostApiMeetingsIdOutcomeBody,
  PostApiMeetingsIdOutcomeResponse,
  PostApiMeetingsResponse,
} from '../../../lib/api-types.generated.ts';

/** A meeting as GET /api/meetings lists it (spec entity Meeting). */
export type Meeting = GetApiMeetingsResponse[number];
/** A free slot to offer. */
export type Slot = GetApiMeetingsSlotsResponse['slots'][number];
/** Where the slots were checked: the connected calendar, and why it could not be read. */
export type SlotSource = GetApiMeetingsSlotsResponse['source'];
/** A prospect to meet, as the prospect list gives it. */
export type ProspectOption = Pick<GetApiProspectsResponse[number], 'id' | 'firstName' | 'lastName' | 'email' | 'company'>;
type Outcome = PostApiMeetingsIdOutcomeBody['outcome'];

export const meetingKeys = {
  all: ['meetings'] as const,
  list: () => [...meetingKeys.all, 'list'] as const,
  slots: () => [...meetingKeys.all, 'slots'] as const,
  prospects: (search: string) => ['meetings', 'prospect-options', search] as const,
};

/** The workspace's meetings, earliest first. */
export const meetingsQueryOptions = () =>
  queryOptions({
    queryKey: meetingKeys.list(),
    queryFn: ({ signal }) => apiRequest<Meeting[]>('/api/meetings', { signal }),
  });
/**
 * The next free slots (five to choose from), with where they were checked. The Meeting Scheduler
 * names the calendar and the scheduling dialog offers them from one read (a booking reads again).
 */
export const slotsQueryOptions = () =>
  queryOptions({
    queryKey: meetingKeys.slots(),
    queryFn: ({ signal }) => apiRequest<GetApiMeetingsSlotsResponse>('/api/meetings/slots?count=5', { signal }),
    staleTime: 30_000,
  });
/** Prospects matching what was typed, for the scheduling dialog's picker. */
export const prospectOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: meetingKeys.prospects(search),
    queryFn: ({ signal }) =>
      apiRequest<ProspectOption[]>(`/api/prospects?limit=20${search ? `&search=${encodeURIComponent(search)}` : ''}`, { signal }),
  });

/** Books a meeting on an offered slot; the list and the slots are fetched again. */
export function useBookMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ prospect, slot }: { prospect: ProspectOption; slot: Slot }) =>
      apiRequest<PostApiMeetingsResponse>('/api/meetings', {
        method: 'POST',
        body: {
          prospectId: prospect.id,
          prospect: { name: `${prospect.firstName} ${prospect.lastName}`, email: prospect.email },
          scheduledAt: slot.start,
        } satisfies PostApiMeetingsBody,
      }),
    // Booked as soon as the API says so: the list and the slots (a read of the calendar) are fetched again meanwhile, not waited for.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
    },
  });
}

/** Records what happened to a meeting (the pricing ledger charges attended ones). */
export function useMarkOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome, reason }: { id: string; outcome: Outcome; reason?: string }) =>
      apiRequest<PostApiMeetingsIdOutcomeResponse>(`/api/meetings/${encodeURIComponent(id)}/outcome`, {
        method: 'POST',
        body: reason === undefined ? { outcome } : { outcome, reason },
      }),
    // Done as soon as the API says so: the list and the slots are fetched again meanwhile, not waited for.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
    },
  });
}
