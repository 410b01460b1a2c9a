// Shapes of /api/batches/{id}…: the types `npm run api-types` generates from the API's own schemas.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiBatchesIdResponse,
  PostApiBatchesIdCancelResponse,
  PostApiBatchesIdRetryFailedResponse,
} from '../../../lib/api-types.generated.ts';
import { batchIsLive } from '../utils/batch.ts';

/** GET /api/batches/{id}. */
export type BatchDetail = GetApiBatchesIdResponse;
export type BatchStatus = BatchDetail['status'];
/** One stage (node) of a batch: its runs by where that step stands, and how its condition came out. */
export type BatchStage = BatchDetail['stages'][number];
/** A failed run: the step that failed, what it met, and its input in one line. */
export type BatchFailure = BatchDetail['failures'][number];
/** 201 of POST /api/batches/{id}/retry-failed: the new batch. */
export type RetryBatch = PostApiBatchesIdRetryFailedResponse;

export const batchKeys = {
  all: ['batches'] as const,
  detail: (batchId: string) => [...batchKeys.all, batchId] as const,
};

/** How often a running batch is read again. */
export const BATCH_POLL_MS = 1_500;

/** The batch; polled while it may change, so its bars move on their own, and no more once it has ended. */
export const batchQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: batchKeys.detail(batchId),
    queryFn: ({ signal }) => apiRequest<BatchDetail>(`/api/batches/${encodeURIComponent(batchId)}`, { signal }),
    refetchInterval: (query) => (batchIsLive(query.state.data) ? BATCH_POLL_MS : false),
  });

/** Starts a new batch of the batch's failed runs; the batch is read again (its retries list the new one). */
export function useRetryFailed(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RetryBatch>(`/api/batches/${encodeURIComponent(batchId)}/retry-failed`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKeys.detail(batchId) }),
  });
}

/** Cancels the batch; its answer is the batch, cancelled. */
export function useCancelBatch(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PostApiBatchesIdCancelResponse>(`/api/batches/${encodeURIComponent(batchId)}/cancel`, { method: 'POST' }),
    onSuccess: (batch) => queryClient.setQueryData(batchKeys.detail(batchId), batch),
  });
}
