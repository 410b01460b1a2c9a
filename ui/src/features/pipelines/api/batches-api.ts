// Shapes of /api/batches/{id}… (platform/src/features/runs/pipelines/batches-api-schemas.ts is the contract; these mirror it).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiBatchesIdResponse } from '../../../lib/api-types.generated.ts';
import { batchIsLive } from '../utils/batch.ts';

export type BatchStatus = 'running' | 'completed' | 'cancelled';

/** One stage (node) of a batch: its runs by where that step stands, and how its condition came out. */
export type BatchStage = GetApiBatchesIdResponse['stages'][number];

/** A failed run: the step that failed, what it met, and its input in one line. */
export interface BatchFailure {
  runId: string;
  nodeId: string | null;
  error: string;
  input: { prospectId: number | string | null; summary: string };
}

/** GET /api/batches/{id}. */
export interface BatchDetail {
  batchId: string;
  pipeline: { id: string; name: string; version: number };
  status: BatchStatus;
  startedAt: string;
  finishedAt: string | null;
  total: number;
  runs: { pending: number; running: number; completed: number; failed: number; cancelled: number };
  stages: BatchStage[];
  /** Runs finished per minute so far (a run counts in part as each step ends). */
  runsPerMinute: number | null;
  etaSeconds: number | null;
  /** The first 50 failed runs; `runs.failed` counts them all. */
  failures: BatchFailure[];
  retryOf: string | null;
  retries: Array<{ batchId: string; startedAt: string; total: number }>;
}

/** 201 of POST /api/batches/{id}/retry-failed: the new batch. */
export interface RetryBatch {
  batchId: string;
  total: number;
  retryOf: string;
}

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
    mutationFn: () => apiRequest<BatchDetail>(`/api/batches/${encodeURIComponent(batchId)}/cancel`, { method: 'POST' }),
    onSuccess: (batch) => queryClient.setQueryData(batchKeys.detail(batchId), batch),
  });
}
