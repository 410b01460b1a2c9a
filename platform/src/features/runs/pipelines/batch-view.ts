import type { z } from 'zod';
import type { PipelineBatch } from './batch-model.ts';
import type { BatchViewSchema } from './batches-api-schemas.ts';
import { batchPace } from './batch-pace.ts';
import { batchStanding, type BatchCounts, type BatchStandingDeps } from './batch-progress.ts';
import { inputSummary, parseRunError } from './run-text.ts';

/** What reading a batch needs: its records and Temporal (the running workflow answers for itself). */
export type BatchDeps = BatchStandingDeps;

export type BatchView = z.infer<typeof BatchViewSchema>;

/**
 * Where a batch stands (batchStanding: the one computation every view of it reads), its pace and
 * time left (from the step counts), its failures and its retries.
 */
export async function batchView(deps: BatchDeps, workspaceId: string, batchId: string): Promise<BatchView> {
  const [{ batch, status, finishedAt, counts }, retries] = await Promise.all([
    batchStanding(deps, workspaceId, batchId),
    deps.db.pipelineBatches
      .find({ workspaceId, retryOf: batchId }, { batchId: 1, startedAt: 1, total: 1 })
      .sort({ startedAt: 1 })
      .lean<Array<Pick<PipelineBatch, 'batchId' | 'startedAt' | 'total'>>>(),
  ]);
  const pace = batchPace({
    total: batch.total,
    nodes: counts.nodes,
    startedAt: batch.startedAt,
    until: finishedAt ?? new Date(),
    running: status === 'running',
    cancelled: status === 'cancelled',
  });
  return {
    batchId,
    pipeline: { id: batch.pipelineId, name: batch.definition.name, version: batch.pipelineVersion },
    status,
    startedAt: batch.startedAt.toISOString(),
    finishedAt: finishedAt?.toISOString() ?? null,
    total: batch.total,
    runs: counts.runs,
    stages: batchStages(batch, counts),
    ...pace,
    failures: counts.failures.map((failure) => {
      const { nodeId, message } = parseRunError(failure.error);
      return { runId: failure.runId, nodeId, error: message, input: inputSummary(failure.input) };
    }),
    retryOf: batch.retryOf ?? null,
    retries: retries.map((retry) => ({ batchId: retry.batchId, startedAt: retry.startedAt.toISOString(), total: retry.total })),
  };
}

/** One stage per node of the batch, in the order of its definition: its runs by where that step stands, and how its condition came out. */
export function batchStages(batch: Pick<PipelineBatch, 'definition' | 'total'>, counts: Pick<BatchCounts, 'nodes' | 'conditions'>) {
  return batch.definition.nodes.map((node) => ({
    nodeId: node.id,
    label: node.label ?? node.id,
    activity: node.activity,
    total: batch.total,
    ...counts.nodes[node.id]!,
    condition: counts.conditions[node.id] ?? null,
  }));
}
