import { randomUUID } from 'node:crypto';
import type { StepRecord } from './run-model.ts';
import { InputError } from '../../core/errors.ts';
import { preparePipeline } from './definition.ts';
import type { PipelineRunner } from './runs.ts';

/** A started batch. */
export interface StartedBatch {
  batchId: string;
  workflowId: string;
  /** Temporal run id of the batch's first execution (it may continue as new). */
  firstRunId: string;
  runIds: string[];
}

const MAX_BATCH = 5_000;

/**
 * Prepares one run record per input (all pinned to the same validated definition) and starts
 * the batch workflow over them. Chunk size: how many runs one activity call handles.
 */
export async function startPipelineBatch(
  runner: PipelineRunner,
  options: {
    workspaceId: string;
    definition: unknown;
    inputs: unknown[];
    chunkSize?: number;
    concurrency?: number;
    maxHistory?: number;
  },
): Promise<StartedBatch> {
  if (options.inputs.length === 0 || options.inputs.length > MAX_BATCH) {
    throw new InputError(`A batch needs between 1 and ${MAX_BATCH} inputs (got ${options.inputs.length})`);
  }
  const definition = preparePipeline(options.definition, runner.activities);
  const batchId = randomUUID();
  const steps = Object.fromEntries(
    definition.nodes.map((node): [string, StepRecord] => [node.id, { status: 'pending', activity: node.activity, attempts: 0 }]),
  );
  const workflowId = `pipeline-batch-${batchId}`;
  const runs = options.inputs.map((input) => ({
    runId: randomUUID(),
    workspaceId: options.workspaceId,
    pipelineId: definition.id,
    pipelineVersion: definition.version,
    definition,
    input: input ?? {},
    status: 'pending' as const,
    steps,
    workflowId,
    batchId,
  }));
  await runner.db.pipelineRuns.insertMany(runs, { ordered: false });
  const runIds = runs.map((run) => run.runId);
  const handle = await runner.temporal.workflow.start('runBatch', {
    taskQueue: runner.taskQueue,
    workflowId,
    args: [
      { batchId, definition, runIds, chunkSize: options.chunkSize ?? 50, concurrency: options.concurrency, maxHistory: options.maxHistory },
    ],
  });
  return { batchId, workflowId, firstRunId: handle.firstExecutionRunId, runIds };
}
