import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { BatchActivities, ChunkInput, ChunkResult, FinishRunsInput } from '@meetflow/workflows';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { Models } from '../../models.ts';
import { createStepRunner, settledSteps, summarise, type StepRunnerDeps } from './activities.ts';

const CANCEL_CHECK_MS = 1_000;

/**
 * Activities of the batch runner: a step runs for a whole chunk of runs in one activity,
 * heartbeating per run. A run that fails for good is recorded and the chunk goes on; a
 * transient error fails the chunk after the others are done, and the retry skips the runs
 * already completed, so nothing runs twice.
 */
export function createBatchActivities(
  deps: StepRunnerDeps & {
    db: Pick<Models, 'pipelineRuns' | 'stepOutputs' | 'pipelineBatches'>;
  },
) {
  const { pipelineRuns, stepOutputs, pipelineBatches } = deps.db;
  const { runStep } = createStepRunner(deps);
  // A batch knows its runs by id only (UUIDs, unique across workspaces); it has no caller to scope by.
  const byRunId = ACROSS_WORKSPACES;

  /** Throws once the batch has been cancelled, looking at most once a second (by its unique id). */
  const cancellationCheck = (batchId: string | undefined) => {
    let lookedAt = 0;
    return async () => {
      if (!batchId || Date.now() - lookedAt < CANCEL_CHECK_MS) return;
      lookedAt = Date.now();
      const batch = await pipelineBatches.findOne({ batchId }, { cancelledAt: 1 }, byRunId).lean();
      if (batch?.cancelledAt) {
        throw ApplicationFailure.create({ type: 'BatchCancelled', nonRetryable: true, message: `batch ${batchId} was cancelled` });
      }
    };
  };
  return {
    /** Marks the batch's runs running. */
    async startRuns({ runIds }: { runIds: string[] }): Promise<void> {
      await pipelineRuns.updateMany(
        { runId: { $in: runIds }, status: 'pending' },
        { $set: { status: 'running', startedAt: new Date() } },
        byRunId,
      );
    },

    /** Runs one node for every run of the chunk. */
    async executeStepChunk({ nodeId, runIds, watch }: ChunkInput): Promise<ChunkResult[]> {
      const runs = await pipelineRuns.find({ runId: { $in: runIds } }, null, byRunId).lean();
      const results: ChunkResult[] = [];
      const stopIfCancelled = cancellationCheck(runs[0]?.batchId);
      let transient: unknown;
      for (const [done, run] of runs.entries()) {
        Context.current().heartbeat({ nodeId, done });
        await stopIfCancelled(); // a cancelled batch's runs were ended by the cancel: run none of them
        const recorded = run.steps[nodeId];
        if (recorded?.status === 'completed') {
          const stored = await stepOutputs.findOne({ runId: run.runId, nodeId }).lean();
          results.push({ runId: run.runId, status: 'completed', summary: summarise(stored?.output, watch) });
          continue;
        }
        try {
          results.push({ runId: run.runId, status: 'completed', summary: await runStep(run, nodeId, watch) });
        } catch (error) {
          if (error instanceof ApplicationFailure && error.nonRetryable)
            results.push({ runId: run.runId, status: 'failed', error: error.message });
          else transient ??= error;
        }
      }
      if (transient) throw transient;
      return results;
    },

    /** Records how each run ended, in one bulk write. */
    async finishRuns({ runs }: FinishRunsInput): Promise<void> {
      // Idempotent, so a retry of this call after a cut does no harm. What a run found is applied by its own steps.
      const now = new Date();
      await pipelineRuns.bulkWrite(
        runs.map((run) => ({
          updateOne: {
            filter: { runId: run.runId },
            update: {
              $set: { status: run.status, endedAt: now, ...settledSteps(run.settled, now), ...(run.error ? { error: run.error } : {}) },
            },
          },
        })),
      );
    },
  } satisfies BatchActivities;
}
