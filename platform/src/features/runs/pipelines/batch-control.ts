import { setTimeout as sleep } from 'node:timers/promises';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { ConflictError } from '../../../core/errors.ts';
import type { Models } from '../../models.ts';
import { settledSteps } from './activities.ts';
import { batchRunning } from './batch-progress.ts';
import { findBatch, startPipelineBatch, type StartedBatch } from './batches.ts';
import { definitionToRerun } from './built-ins.ts';
import { withoutLegacyWorkspace, type PipelineRunner } from './runs.ts';
import type { RunPrincipal } from '@meetflow/plugin-sdk';

/** How long a cancel waits for the workflow to close before settling the runs anyway (a worker that is down closes it later). */
const CLOSE_WAIT_MS = 5_000;

/** The error a run cancelled with its batch records. */
export const cancelledError = (batchId: string) => `cancelled: batch ${batchId} was cancelled before this run finished`;

/**
 * Cancels the workflow and waits (a little) until it has closed. A batch may continue as new
 * between levels; a cancel that lands on a run just closing that way is sent again to the next.
 */
async function cancelWorkflow(temporal: Client, workflowId: string): Promise<void> {
  const deadline = Date.now() + CLOSE_WAIT_MS;
  let cancelled: string | undefined;
  for (;;) {
    const { runId, status } = await temporal.workflow.getHandle(workflowId).describe();
    if (status.name !== 'RUNNING' || Date.now() > deadline) return;
    if (runId !== cancelled) {
      await temporal.workflow
        .getHandle(workflowId, runId)
        .cancel()
        .catch((error: unknown) => {
          if (!(error instanceof WorkflowNotFoundError)) throw error; // that run has just closed: the next look says how
        });
      cancelled = runId;
    }
    await sleep(100);
  }
}

/**
 * Ends the runs a cancelled batch left unfinished (one read of them, one bulk write by run id):
 * a run with a failed step ends failed, any other cancelled; their steps not run end skipped.
 */
async function settleCancelledRuns(db: Pick<Models, 'pipelineRuns'>, workspaceId: string, batchId: string): Promise<void> {
  const unfinished = await db.pipelineRuns
    .find({ workspaceId, batchId, status: { $in: ['pending', 'running'] } }, { runId: 1, steps: 1 })
    .lean();
  if (unfinished.length === 0) return;
  const now = new Date();
  await db.pipelineRuns.bulkWrite(
    unfinished.map((run) => {
      const steps = Object.entries(run.steps);
      const failed = steps.find(([, step]) => step.status === 'failed');
      const open = steps.filter(([, step]) => step.status === 'pending' || step.status === 'running');
      return {
        updateOne: {
          // By run id alone: the unique index answers it (the runs were read in this workspace above).
          filter: { runId: run.runId },
          update: {
            $set: {
              status: failed ? 'failed' : 'cancelled',
              endedAt: now,
              error: failed ? `step "${failed[0]}" failed: ${failed[1].error ?? 'failed'}` : cancelledError(batchId),
              ...settledSteps(Object.fromEntries(open.map(([nodeId]) => [nodeId, 'skipped' as const])), now),
            },
          },
        },
      };
    }),
  );
}

/**
 * Cancels a running batch: its chunks stop before their next run, its workflow is cancelled, and
 * its unfinished runs end cancelled (see settleCancelledRuns). Cancelling it again changes
 * nothing; a batch that has ended is a 409.
 */
export async function cancelBatch(
  deps: { db: Pick<Models, 'pipelineBatches' | 'pipelineRuns'>; temporal: Client },
  workspaceId: string,
  batchId: string,
): Promise<void> {
  const batch = await findBatch(deps.db, workspaceId, batchId);
  if (batch.cancelledAt) return;
  if (!(await batchRunning(deps.temporal, batchId))) {
    throw new ConflictError(`Batch ${batchId} has already finished: there is nothing left to cancel`);
  }
  // First, so the chunks under way see it before their next run.
  await deps.db.pipelineBatches.updateOne({ workspaceId, batchId }, { $set: { cancelledAt: new Date() } });
  await cancelWorkflow(deps.temporal, batch.workflowId);
  await settleCancelledRuns(deps.db, workspaceId, batchId);
}

/**
 * Starts a new batch of a batch's failed runs: their inputs, the same pinned definition (or the
 * one its built-in reruns it with: definitionToRerun) and chunk size, linked to it (`retryOf`).
 * 409 while the batch or an earlier retry of it still runs, and when none of its runs failed.
 */
export async function retryFailedRuns(
  runner: PipelineRunner,
  workspaceId: string,
  principal: RunPrincipal,
  batchId: string,
): Promise<StartedBatch & { retryOf: string }> {
  const { db, temporal } = runner;
  const batch = await findBatch(db, workspaceId, batchId);
  if (!batch.cancelledAt && (await batchRunning(temporal, batchId))) {
    throw new ConflictError(`Batch ${batchId} is still running: retry its failed runs once it has finished (or cancel it)`);
  }
  const retries = await db.pipelineBatches.find({ workspaceId, retryOf: batchId }, { batchId: 1, cancelledAt: 1 }).lean();
  for (const retry of retries) {
    if (!retry.cancelledAt && (await batchRunning(temporal, retry.batchId))) {
      throw new ConflictError(`Batch ${retry.batchId}, a retry of batch ${batchId}, is still running: wait for it to finish`);
    }
  }
  const failed = await db.pipelineRuns.find({ workspaceId, batchId, status: 'failed' }, { input: 1 }).lean();
  if (failed.length === 0) throw new ConflictError(`Nothing to retry: no run of batch ${batchId} failed`);
  const started = await startPipelineBatch(runner, {
    workspaceId,
    principal,
    definition: definitionToRerun(runner.builtIns, batch.definition),
    inputs: failed.map((run) => withoutLegacyWorkspace(run.input)),
    chunkSize: batch.chunkSize,
    retryOf: batchId,
  });
  return { ...started, retryOf: batchId };
}
