import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiInboxIdResponse,
  GetApiInboxResponse,
  PostApiInboxIdBookResponse,
  PostApiInboxIdReplyBody,
  PostApiInboxIdReplyResponse,
} from '../../../lib/api-types.generated.ts';

/** A reply as the Inbox lists it. */
export type InboxItem = GetApiInboxResponse['items'][number];
/** One reply and the whole conversation with its prospect. */
export type InboxThread = GetApiInboxIdResponse;
export type ThreadEntry = InboxThread['thread'][number];
/** A free slot meeting booking offers. */
export interface Slot {
  start: string;
  end: string;
  label: string;
}

export type InboxFilter = 'open' | 'done' | 'all';

export const inboxKeys = {
  all: ['inbox'] as const,
  list: (status: InboxFilter, category: string) => [...inboxKeys.all, 'list', status, category] as const,
  thread: (id: string) => [...inboxKeys.all, 'thread', id] as const,
  slots: () => [...inboxKeys.all, 'slots'] as const,
};

/** The replies of a status (and category), newest first. */
export const inboxQueryOptions = (status: InboxFilter, category: string) =>
  queryOptions({
    queryKey: inboxKeys.list(status, category),
    queryFn: ({ signal }) =>
      apiRequest<GetApiInboxResponse>(
        `/api/inbox?status=${status}&limit=100${category ? `&category=${encodeURIComponent(category)}` : ''}`,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    // New replies arrive by IMAP and the webhook: the list looks again every half minute.
    refetchInterval: 30_000,
  });

/** One reply with its conversation (while an answer or an invitation is on its way, it looks again). */
export const threadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inboxKeys.thread(id),
    queryFn: ({ signal }) => apiRequest<InboxThread>(`/api/inbox/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.thread.some((entry) => entry.kind === 'sent' && entry.status !== 'sent') ? 5_000 : false,
  });

/** Free slots to offer when the reply proposed none (or none that fits). */
export const slotsQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.slots(),
    queryFn: ({ signal }) => apiRequest<{ slots: Slot[] }>('/api/meetings/slots?count=5', { signal }),
  });

/** After any action: the lists, the thread and the meetings are read again (not waited for: the toast says at once what was done). */
function useInboxMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['meetings'] });
    },
  });
}

const post = <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body });
const at = (id: string, action: string) => `/api/inbox/${encodeURIComponent(id)}/${action}`;

/** Books a meeting from a reply; the prospect gets the invitation by email. */
export const useBookFromInbox = () =>
  useInboxMutation(({ id, scheduledAt }: { id: string; scheduledAt: string }) =>
    post<PostApiInboxIdBookResponse>(at(id, 'book'), { scheduledAt }),
  );

/** Answers a reply through the mailbox. */
export const useReplyFromInbox = () =>
  useInboxMutation(({ id, ...body }: { id: string } & PostApiInboxIdReplyBody) => post<PostApiInboxIdReplyResponse>(at(id, 'reply'), body));

/** Not interested, suppress or archive: the message is done. */
export const useCloseMessage = () =>
  useInboxMutation(({ id, action }: { id: string; action: 'not-interested' | 'suppress' | 'archive' }) =>
    post<InboxThread>(at(id, action)),
  );
