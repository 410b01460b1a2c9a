import type { Client } from '@temporalio/client';
import type { z } from 'zod';
import type { Models } from '../../models.ts';
import type { PipelineBatch } from './batch-model.ts';
import type { BatchViewSchema } from './batches-api-schemas.ts';
import { batchPace } from './batch-pace.ts';
import { liveBatchCounts, liveBatchProgress, recordedBatchCounts, type BatchCounts } from './batch-progress.ts';
import { findBatch } from './batches.ts';
import { inputSummary, parseRunError } from './run-text.ts';

/** What reading a batch needs: its records and Temporal (the running workflow answers for itself). */
export interface BatchDeps {
  db: Pick<Models, 'pipelineBatches' | 'pipelineRuns'>;
  temporal: Client;
}

export type BatchView = z.infer<typeof BatchViewSchema>;

/**
 * Where a batch stands. While it runs, its workflow answers, merged with one aggregation of its
 * run records' steps (see liveBatchCounts); once it has ended, or been cancelled, one aggregation
 * of its run records. Pace and time left follow from the step counts.
 */
export async function batchView(deps: BatchDeps, workspaceId: string, batchId: string): Promise<BatchView> {
  const batch = await findBatch(deps.db, workspaceId, batchId);
  const [{ running, live }, retries] = await Promise.all([
    liveBatchProgress(deps.temporal, batchId),
    deps.db.pipelineBatches
      .find({ workspaceId, retryOf: batchId }, { batchId: 1, startedAt: 1, total: 1 })
      .sort({ startedAt: 1 })
      .lean<Array<Pick<PipelineBatch, 'batchId' | 'startedAt' | 'total'>>>(),
  ]);
  // A cancelled batch's runs were settled when it was cancelled, even if its workflow is still closing.
  const underWay = running && !batch.cancelledAt;
  const counts: BatchCounts =
    underWay && live
      ? await liveBatchCounts(deps.db, batch, live)
      : await recordedBatchCounts(deps.db, workspaceId, batchId, batch.definition);
  const finishedAt = underWay ? null : (counts.lastEndedAt ?? batch.cancelledAt ?? null);
  const pace = batchPace({
    total: batch.total,
    nodes: counts.nodes,
    startedAt: batch.startedAt,
    until: finishedAt ?? new Date(),
    running: underWay,
    cancelled: Boolean(batch.cancelledAt),
  });
  return {
    batchId,
    pipeline: { id: batch.pipelineId, name: batch.definition.name, version: batch.pipelineVersion },
    status: batch.cancelledAt ? 'cancelled' : underWay ? 'running' : 'completed',
    startedAt: batch.startedAt.toISOString(),
    finishedAt: finishedAt?.toISOString() ?? null,
    total: batch.total,
    runs: counts.runs,
    stages: batch.definition.nodes.map((node) => ({
      nodeId: node.id,
      label: node.label ?? node.id,
      activity: node.activity,
      total: batch.total,
      ...counts.nodes[node.id]!,
    })),
    ...pace,
    failures: counts.failures.map((failure) => {
      const { nodeId, message } = parseRunError(failure.error);
      return { runId: failure.runId, nodeId, error: message, input: inputSummary(failure.input) };
    }),
    retryOf: batch.retryOf ?? null,
    retries: retries.map((retry) => ({ batchId: retry.batchId, startedAt: retry.startedAt.toISOString(), total: retry.total })),
  };
}
