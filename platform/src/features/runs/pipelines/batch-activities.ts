import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { BatchActivities, ChunkInput, ChunkProgress, ChunkResult, FinishRunsInput } from '@meetflow/workflows';
import { ACROSS_WORKSPACES, type ListResult } from '@meetflow/plugin-sdk';
import type { Models } from '../../models.ts';
import { referencesIn, splitReference } from '@meetflow/workflows/pipeline';
import {
  completedStep,
  createStepRunner,
  errorMessage,
  outputId,
  settledSteps,
  storeOutput,
  summarise,
  type RunnableStep,
  type StepRunnerDeps,
} from './activities.ts';
import type { PipelineRun } from './run-model.ts';
import { decidedConditions } from './step-conditions.ts';
import { HEARTBEAT_EVERY_MS, progressHeartbeat } from '../../../core/temporal/heartbeating.ts';

const CANCEL_CHECK_MS = 1_000;
/**
 * How long a chunk's step runs before its runs are marked running. A step that ends sooner (most
 * steps but research, about half a second for 25 runs) is recorded completed or failed without
 * that write: marking 25 run records running and then recording them rewrote each whole record
 * twice on the embedded database. A second is about what the views poll at (the run page's stream
 * every half second, the batch page every 1.5 s), so a step is shown running at most a second late.
 */
const MARK_RUNNING_AFTER_MS = 1_000;
/**
 * Runs of a chunk whose step runs in one list call and whose records are then written together:
 * bounds what a killed worker makes run again, and how long between heartbeats.
 */
const FLUSH_EVERY = 25;

type BatchDb = Pick<Models, 'pipelineRuns' | 'stepOutputs' | 'pipelineBatches'>;
type RunWrite = Parameters<Models['pipelineRuns']['bulkWrite']>[0][number];
type OutputWrite = Parameters<Models['stepOutputs']['bulkWrite']>[0][number];

/** A chunk's step records and outputs not written yet, each run's its own, written with one bulk write per collection. */
class ChunkWrites {
  private outputs: OutputWrite[] = [];
  private records: RunWrite[] = [];
  constructor(private readonly nodeId: string) {}

  /** A run whose step completed: its output, and its record completed with its own start and end. */
  completed(run: PipelineRun, version: string | undefined, startedAt: Date, endedAt: Date, output: unknown): void {
    const [filter, update, options] = storeOutput(run.runId, this.nodeId, output);
    this.outputs.push({ updateOne: { filter, update, ...options } });
    const done = completedStep(run, this.nodeId, output, endedAt);
    this.records.push({
      updateOne: {
        filter: { runId: run.runId },
        update: { ...done, $set: { ...done.$set, ...this.started(startedAt, version) }, $inc: { [`steps.${this.nodeId}.attempts`]: 1 } },
      },
    });
  }

  /** A run whose step threw: failed for good (`failed`), or still running with its error for the chunk's retry. */
  failed(runId: string, version: string | undefined, startedAt: Date, endedAt: Date, error: string, failed: boolean): void {
    const step = `steps.${this.nodeId}`;
    this.records.push({
      updateOne: {
        filter: { runId },
        update: {
          $set: {
            ...this.started(startedAt, version),
            [`${step}.error`]: error,
            ...(failed ? { [`${step}.status`]: 'failed', [`${step}.endedAt`]: endedAt } : { [`${step}.status`]: 'running' }),
          },
          $inc: { [`${step}.attempts`]: 1 },
        },
      },
    });
  }

  /** Outputs first, so a record that says completed always points at a stored output. */
  async flush(db: BatchDb): Promise<void> {
    if (this.outputs.length > 0) await db.stepOutputs.bulkWrite(this.outputs, { ordered: false });
    this.outputs = [];
    if (this.records.length > 0) await db.pipelineRuns.bulkWrite(this.records, { ordered: false });
    this.records = [];
  }

  private started(at: Date, version: string | undefined): Record<string, unknown> {
    const step = `steps.${this.nodeId}`;
    return { [`${step}.startedAt`]: at, ...(version ? { [`${step}.pluginVersion`]: version } : {}) };
  }
}

/**
 * Activities of the batch runner: a step runs for a whole chunk of runs in one activity,
 * heartbeating per run. A run that fails for good is recorded and the chunk goes on; a
 * transient error fails the chunk after the others are done, and the retry skips the runs
 * already completed, so nothing runs twice.
 */
export function createBatchActivities(
  deps: StepRunnerDeps & {
    db: BatchDb;
    /** How long a chunk's step runs before its runs are marked running (default {@link MARK_RUNNING_AFTER_MS}); tests set it. */
    markRunningAfterMs?: number;
  },
) {
  const markRunningAfterMs = deps.markRunningAfterMs ?? MARK_RUNNING_AFTER_MS;
  const { pipelineRuns, stepOutputs, pipelineBatches } = deps.db;
  const { stepOf, stepInput, callSteps } = createStepRunner(deps);
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
  /**
   * The stored outputs a chunk reads: each completed run's own (its summary) and the outputs the
   * other runs' step inputs refer to. One query by `_id` (outputId); any not found so (stored
   * before that id) by its exact `{runId, nodeId}`.
   */
  async function readOutputs(runs: PipelineRun[], nodeId: string, steps: ReadonlyMap<string, RunnableStep | ApplicationFailure>) {
    const key = (runId: string, source: string) => `${runId}\u0000${source}`;
    const wanted = new Map<string, { runId: string; nodeId: string }>();
    for (const run of runs) {
      const step = steps.get(run.runId);
      const sources = !step
        ? [nodeId]
        : step instanceof ApplicationFailure
          ? []
          : referencesIn(step.node.input)
              .map((reference) => splitReference(reference).source)
              .filter((source) => source !== 'input');
      for (const source of sources) wanted.set(key(run.runId, source), { runId: run.runId, nodeId: source });
    }
    const found = new Map<string, unknown>();
    if (wanted.size > 0) {
      const ids = [...wanted.values()].map((pair) => outputId(pair.runId, pair.nodeId));
      for (const stored of await stepOutputs.find({ _id: { $in: ids } }, { runId: 1, nodeId: 1, output: 1 }).lean()) {
        found.set(key(stored.runId, stored.nodeId), stored.output);
      }
      const missing = [...wanted].filter(([pairKey]) => !found.has(pairKey));
      await Promise.all(
        missing.map(async ([pairKey, pair]) => found.set(pairKey, (await stepOutputs.findOne(pair, { output: 1 }).lean())?.output)),
      );
    }
    return { get: (runId: string, source: string) => found.get(key(runId, source)) };
  }

  /** A chunk's step for each of its runs (executeStepChunk's work); `beats` hears as each group of runs begins. */
  async function runChunk(
    { nodeId, runIds, watch }: ChunkInput,
    beats: ReturnType<typeof progressHeartbeat> | null,
  ): Promise<ChunkResult[]> {
    // In the chunk's order (the batch's), whatever order the database answers in.
    const place = new Map(runIds.map((runId, index) => [runId, index]));
    const runs = (await pipelineRuns.find({ runId: { $in: runIds } }, null, byRunId).lean()).sort(
      (a, b) => place.get(a.runId)! - place.get(b.runId)!,
    );
    const results: ChunkResult[] = [];
    const stopIfCancelled = cancellationCheck(runs[0]?.batchId);
    // Checked before anything is written: a step that may not run fails for good, its record untouched (as a single run's).
    const steps = new Map<string, RunnableStep | ApplicationFailure>();
    for (const run of runs) {
      if (run.steps[nodeId]?.status === 'completed') continue;
      try {
        steps.set(run.runId, stepOf(run, nodeId));
      } catch (error) {
        if (!(error instanceof ApplicationFailure)) throw error;
        steps.set(run.runId, error);
      }
    }
    const outputs = await readOutputs(runs, nodeId, steps);
    const toRun = [...steps].filter(([, step]) => !(step instanceof ApplicationFailure)).map(([runId]) => runId);
    const chunkStartedAt = new Date();
    // Shown running once the chunk has run for markRunningAfterMs; each run's own start is written with its end.
    // Only a step still pending in a run still running is marked: never one recorded meanwhile, nor a cancelled batch's.
    let marking: Promise<unknown> | undefined;
    const markTimer =
      toRun.length > 0
        ? setTimeout(() => {
            marking = pipelineRuns
              .updateMany(
                { runId: { $in: toRun }, status: 'running', [`steps.${nodeId}.status`]: 'pending' },
                { $set: { [`steps.${nodeId}.status`]: 'running', [`steps.${nodeId}.startedAt`]: chunkStartedAt } },
                byRunId,
              )
              // Only what the views show: the records say how each run ended once its group is written.
              .catch(() => undefined);
          }, markRunningAfterMs)
        : undefined;
    const pending = new ChunkWrites(nodeId);
    // How the chunk's runs stand, as its heartbeats tell whoever watches the batch (ChunkProgress).
    const progress: ChunkProgress = { nodeId, firstRunId: runIds[0]!, done: 0, completed: 0, failed: 0, conditions: {} };
    /** Counts a group's runs that answered (`produced`: the outputs of those completed). */
    const tell = (group: PipelineRun[], answered: ReadonlyMap<string, ChunkResult>, produced: ReadonlyMap<string, unknown>) => {
      for (const run of group) {
        const status = answered.get(run.runId)?.status;
        if (status === 'failed') progress.failed += 1;
        if (status !== 'completed') continue;
        progress.completed += 1;
        for (const [id, held] of Object.entries(decidedConditions(run.definition, nodeId, produced.get(run.runId)))) {
          (progress.conditions[id] ??= { met: 0, unmet: 0 })[held ? 'met' : 'unmet'] += 1;
        }
      }
    };
    const beat = () => {
      const details: ChunkProgress = structuredClone(progress); // as it stands now, whenever the beat is sent
      if (beats) beats.progress(details);
      else Context.current().heartbeat(details);
    };
    let transient: unknown;
    try {
      // A group of runs at a time: their step in one list call (callSteps), their records in one flush.
      for (let first = 0; first < runs.length; first += FLUSH_EVERY) {
        progress.done = first;
        beat();
        await stopIfCancelled(); // a cancelled batch's runs were ended by the cancel: run none of them
        const group = runs.slice(first, first + FLUSH_EVERY);
        const answered = new Map<string, ChunkResult>();
        const produced = new Map<string, unknown>();
        const calls: Array<{ run: PipelineRun; step: RunnableStep; input: unknown }> = [];
        const startedAt = new Date();
        for (const run of group) {
          const step = steps.get(run.runId);
          if (!step) {
            produced.set(run.runId, outputs.get(run.runId, nodeId));
            answered.set(run.runId, { runId: run.runId, status: 'completed', summary: summarise(produced.get(run.runId), watch) });
          } else if (step instanceof ApplicationFailure)
            answered.set(run.runId, { runId: run.runId, status: 'failed', error: step.message });
          else calls.push({ run, step, input: await stepInput(run, step, (source) => outputs.get(run.runId, source)) });
        }
        let ended: ListResult[];
        try {
          ended = await callSteps(calls);
        } catch (error) {
          ended = calls.map(() => ({ ok: false, error })); // a list call that failed as a whole: each of its runs is retried
        }
        for (const [index, { run, step }] of calls.entries()) {
          const result = ended[index]!;
          const [began, endedAt] = [result.startedAt ?? startedAt, result.endedAt ?? new Date()];
          if (result.ok) {
            pending.completed(run, step.version, began, endedAt, result.output);
            produced.set(run.runId, result.output);
            answered.set(run.runId, { runId: run.runId, status: 'completed', summary: summarise(result.output, watch) });
            continue;
          }
          // Retryable errors leave the step running (Temporal retries the chunk); the workflow records the final failure.
          const failed = result.error instanceof ApplicationFailure && result.error.nonRetryable === true;
          pending.failed(run.runId, step.version, began, endedAt, errorMessage(result.error), failed);
          if (failed) answered.set(run.runId, { runId: run.runId, status: 'failed', error: (result.error as ApplicationFailure).message });
          else transient ??= result.error;
        }
        for (const run of group) if (answered.has(run.runId)) results.push(answered.get(run.runId)!);
        await pending.flush(deps.db);
        // Told once written, as the records would say it.
        tell(group, answered, produced);
        progress.done = first + group.length;
        beat();
      }
    } finally {
      clearTimeout(markTimer);
      // What ran is recorded even when the chunk stops early (cancelled, or a write failed): a retry then skips it.
      await pending.flush(deps.db);
      await marking;
    }
    if (transient) throw transient;
    return results;
  }

  return {
    /** Marks the batch's runs running. */
    async startRuns({ runIds }: { runIds: string[] }): Promise<void> {
      await pipelineRuns.updateMany(
        { runId: { $in: runIds }, status: 'pending' },
        { $set: { status: 'running', startedAt: new Date() } },
        byRunId,
      );
    },

    /**
     * Runs one node for every run of the chunk, paying the platform's round trips per chunk: the
     * runs in one read, the stored outputs the chunk needs in one more (by `_id`: outputId), the
     * runs to run marked running together once the chunk has run {@link MARK_RUNNING_AFTER_MS}
     * (not at all when it ends sooner); then {@link FLUSH_EVERY} runs at a time, their step in
     * one list call (an activity that takes a list pays its own reads and writes per group; any
     * other is called once per run) and their step records and outputs written with one bulk write
     * per collection, each run's success or failure its own. A retry of the chunk skips the runs recorded completed; a run
     * whose step ran but was not written yet (the worker killed mid-chunk) runs again, as every
     * step is idempotent.
     */
    async executeStepChunk(input: ChunkInput): Promise<ChunkResult[]> {
      // Beats while each group is younger than the step's timeout (ChunkInput.stepTimeoutMs), at a third of the heartbeat timeout at most.
      const heartbeatTimeoutMs = Context.current().info.heartbeatTimeoutMs ?? 0;
      const beats = input.stepTimeoutMs
        ? progressHeartbeat(input.stepTimeoutMs, Math.min(HEARTBEAT_EVERY_MS, Math.max(1_000, heartbeatTimeoutMs / 3)))
        : null;
      try {
        return await runChunk(input, beats);
      } finally {
        beats?.stop();
      }
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
