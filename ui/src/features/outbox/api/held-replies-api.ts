import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiRepliesHeldResponse } from '../../../lib/api-types.generated.ts';

/** GET /api/replies/held: the held replies and how many. */
type HeldReplies = GetApiRepliesHeldResponse;

/**
 * A message in no thread Meetflow sent, from a prospect's address (GET /api/replies/held item):
 * held until a person confirms it as that prospect's reply or dismisses it.
 */
export type HeldReply = HeldReplies['items'][number];

export const heldReplyKeys = { held: ['review-queue', 'held-replies'] as const };

/** The replies waiting for a person, newest first (fetched again now and then: IMAP reads new ones every 30 s). */
export const heldRepliesQueryOptions = () =>
  queryOptions({
    queryKey: heldReplyKeys.held,
    queryFn: ({ signal }) => apiRequest<HeldReplies>('/api/replies/held', { signal }),
    refetchInterval: 30_000,
  });

/** POST /api/replies/held/{id}/confirm or /dismiss; the list is fetched again. */
export function useDecideHeldReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'confirm' | 'dismiss' }) =>
      apiRequest<unknown>(`/api/replies/held/${encodeURIComponent(id)}/${decision}`, { method: 'POST', body: {} }),
    // A confirmed reply lands in the Inbox too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: heldReplyKeys.held }),
        queryClient.invalidateQueries({ queryKey: ['inbox'] }),
      ]),
  });
}
