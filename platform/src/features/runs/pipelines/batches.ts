import { randomUUID } from 'node:crypto';
import type { StepRecord } from './run-model.ts';
import { InputError, NotFoundError } from '../../../core/errors.ts';
import type { Models } from '../../models.ts';
import type { PipelineBatch } from './batch-model.ts';
import { preparePipeline } from './definition.ts';
import { assertStorable } from '../../../core/storable.ts';
import { assertNoWorkspaceField, type PipelineRunner } from './runs.ts';
import type { RunPrincipal } from '@meetflow/plugin-sdk';

/** A started batch. */
export interface StartedBatch {
  batchId: string;
  workflowId: string;
  /** Temporal run id of the batch's first execution (it may continue as new). */
  firstRunId: string;
  runIds: string[];
}

/** A started batch as the API answers it: its ids and how many runs it holds (not each run's id). */
export function startedBatchAnswer(batch: StartedBatch) {
  return { batchId: batch.batchId, workflowId: batch.workflowId, firstRunId: batch.firstRunId, total: batch.runIds.length };
}

const MAX_BATCH = 10_000;
const DEFAULT_CHUNK = 50;
/**
 * Runs per slice of a larger batch (see runBatch's sliceSize): a slice's workflow state, and the
 * state it carries over continue-as-new, stay well under Temporal's 2 MB payload limit.
 */
const DEFAULT_SLICE = 1_000;

/** The Temporal workflow id of a batch. */
export const batchWorkflowId = (batchId: string) => `pipeline-batch-${batchId}`;

/**
 * Prepares one run record per input (all pinned to the same validated definition), records the
 * batch, and starts the batch workflow over them. Chunk size: how many runs one activity call
 * handles. `retryOf` links a batch of another batch's failed runs to it.
 */
export async function startPipelineBatch(
  runner: PipelineRunner,
  options: {
    workspaceId: string;
    /** Who starts it: the authority its steps run with (the request's principal, or the platform's own). */
    principal: RunPrincipal;
    definition: unknown;
    inputs: unknown[];
    chunkSize?: number;
    concurrency?: number;
    maxHistory?: number;
    /** Runs per slice (default {@link DEFAULT_SLICE}). */
    sliceSize?: number;
    retryOf?: string;
  },
): Promise<StartedBatch> {
  if (options.inputs.length === 0 || options.inputs.length > MAX_BATCH) {
    throw new InputError(`A batch needs between 1 and ${MAX_BATCH} inputs (got ${options.inputs.length})`);
  }
  const definition = preparePipeline(options.definition, runner.activities, options.principal);
  // Before the batch or any run is recorded.
  for (const [index, input] of options.inputs.entries()) {
    assertStorable(input, `Input ${index + 1}`);
    assertNoWorkspaceField(input, `inputs.${index}`);
  }
  const batchId = randomUUID();
  const steps = Object.fromEntries(
    definition.nodes.map((node): [string, StepRecord] => [node.id, { status: 'pending', activity: node.activity, attempts: 0 }]),
  );
  const workflowId = batchWorkflowId(batchId);
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK;
  const runs = options.inputs.map((input) => ({
    runId: randomUUID(),
    workspaceId: options.workspaceId,
    pipelineId: definition.id,
    pipelineVersion: definition.version,
    definition,
    input: input ?? {},
    startedBy: options.principal,
    status: 'pending' as const,
    steps,
    workflowId,
    batchId,
  }));
  await runner.db.pipelineBatches.create({
    batchId,
    workspaceId: options.workspaceId,
    pipelineId: definition.id,
    pipelineVersion: definition.version,
    definition,
    total: runs.length,
    chunkSize,
    workflowId,
    startedAt: new Date(),
    ...(options.retryOf ? { retryOf: options.retryOf } : {}),
  });
  await runner.db.pipelineRuns.insertMany(runs, { ordered: false });
  const runIds = runs.map((run) => run.runId);
  const handle = await runner.temporal.workflow.start('runBatch', {
    taskQueue: runner.taskQueue,
    workflowId,
    args: [
      {
        batchId,
        definition,
        runIds,
        chunkSize,
        concurrency: options.concurrency,
        maxHistory: options.maxHistory,
        sliceSize: options.sliceSize ?? DEFAULT_SLICE,
      },
    ],
  });
  return { batchId, workflowId, firstRunId: handle.firstExecutionRunId, runIds };
}

/**
 * The workspace's batch, or a 404 naming it. A batch started before batches were recorded gets
 * its record now, from its runs (one read of them, once).
 */
export async function findBatch(
  db: Pick<Models, 'pipelineBatches' | 'pipelineRuns'>,
  workspaceId: string,
  batchId: string,
): Promise<PipelineBatch> {
  const batch = await db.pipelineBatches.findOne({ workspaceId, batchId }).lean<PipelineBatch>();
  if (batch) return batch;
  const [first, total] = await Promise.all([
    db.pipelineRuns.findOne({ workspaceId, batchId }, { definition: 1, workflowId: 1, createdAt: 1 }).lean(),
    db.pipelineRuns.countDocuments({ workspaceId, batchId }),
  ]);
  if (!first) throw new NotFoundError(`No batch ${batchId} in this workspace`);
  const found = {
    pipelineId: first.definition.id,
    pipelineVersion: first.definition.version,
    definition: first.definition,
    total,
    chunkSize: DEFAULT_CHUNK,
    workflowId: first.workflowId ?? batchWorkflowId(batchId),
    startedAt: first.createdAt ?? new Date(),
  };
  // Two first reads at once may both try: the unique batch id keeps one.
  await db.pipelineBatches.updateOne({ workspaceId, batchId }, { $setOnInsert: found }, { upsert: true });
  const recorded: PipelineBatch = { batchId, workspaceId, ...found };
  return recorded;
}
