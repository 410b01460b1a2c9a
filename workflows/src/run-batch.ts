import {
  condition,
  continueAsNew,
  defineQuery,
  executeChild,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { msToNumber } from '@temporalio/common';
import type { BatchActivities, ChunkResult } from './activities.ts';
import {
  chunkKey,
  conditionHolds,
  levelsOf,
  LIVE_FAILURES,
  parentsOf,
  splitReference,
  watchedPaths,
  withSlices,
  type BatchLiveProgress,
  type BatchProgress,
  type BatchRunState,
  type ConditionOutcomes,
  type PipelineDefinition,
  type StepStatus,
} from './pipeline/index.ts';

export type { BatchLiveProgress, BatchProgress, BatchRunState };

/** Where a batch stands; carried over `continueAsNew`. */
export interface BatchState {
  /** Index of the next level of nodes to run. */
  level: number;
  /** Per run, per node: how the step ended. */
  steps: Record<string, Record<string, StepStatus>>;
  /** Per run, per node: the output values later conditions read. */
  summaries: Record<string, Record<string, Record<string, unknown>>>;
  /** Per run: the first failure. */
  errors: Record<string, string>;
}

/**
 * Marks batches that hold a stage to `concurrency` chunks in flight. Before it every chunk waited
 * on a condition already true for all of them, so all started at once; their histories replay so.
 */
export const BATCH_CONCURRENCY_PATCH = 'batch-concurrency';
/** A chunk's heartbeat timeout at most (shorter for a step whose own timeout is shorter). */
const CHUNK_HEARTBEAT_TIMEOUT_MS = 60_000;
/**
 * How a chunk that failed as a whole is retried. A step's own refusal of a run is final at once
 * (non-retryable, recorded per run); what fails the whole chunk is transient, mostly the database
 * or Temporal out of reach. The waits between tries add up to 211 s (1, 2, 4, 8, 16, then 30 s), so
 * a chunk rides out an outage of about 3 minutes before its runs are failed: with 5 tries and 15 s
 * of waits, a database stopped for 60 s failed the enrolment of a chunk (the outage fault test).
 */
const CHUNK_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 12 } as const;

/** A batch: many prepared runs of one pinned definition. */
export interface RunBatchInput {
  batchId: string;
  definition: PipelineDefinition;
  runIds: string[];
  /** Runs per activity call. */
  chunkSize: number;
  /** Chunks in flight at once. */
  concurrency?: number;
  /** History events after which the workflow continues as new (default 2,000). */
  maxHistory?: number;
  /**
   * Runs per slice. A batch of more runs than this runs them as child batches of at most this
   * many, one after another, so no workflow's state or history grows with the whole batch
   * (absent: every run in this workflow, as batches started before slices were).
   */
  sliceSize?: number;
  /** Of a slice: its place among the batch's slices, from 1. */
  slice?: number;
  state?: BatchState;
}

export const batchProgressQuery = defineQuery<BatchLiveProgress>('progress');
const { startRuns, finishRuns } = proxyActivities<BatchActivities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 10 } });

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/**
 * Runs a pipeline for many inputs, stage by stage: each node runs for chunks of runs in one
 * activity (heartbeating per run), a few chunks at a time. Per-run conditions and failures
 * work as in a single run. History stays short: after each level the workflow may continue
 * as new, carrying its state.
 */
export async function runBatch(input: RunBatchInput): Promise<BatchProgress> {
  if (input.sliceSize && input.runIds.length > input.sliceSize) return runSlices(input, input.sliceSize);
  const { definition, runIds } = input;
  const levels = levelsOf(definition);
  const parents = parentsOf(definition);
  const watch = watchedPaths(definition);
  const state: BatchState = input.state ?? { level: 0, steps: {}, summaries: {}, errors: {} };
  // Per node, the runs of the chunks being run now. Memory only (no command depends on it), so
  // histories recorded before it replay unchanged; empty between levels, so never carried over.
  const inFlightRuns = new Map<string, Set<string>>();
  // The chunks being run now, by node and first run (memory only, as inFlightRuns): whoever asks adds
  // the progress these chunks' heartbeats tell, and only theirs (withChunksUnderWay).
  const chunksUnderWay = new Map<string, { nodeId: string; firstRunId: string }>();
  const progress = (): BatchProgress => {
    const nodes: BatchProgress['nodes'] = {};
    for (const node of definition.nodes) {
      const counts: Partial<Record<StepStatus, number>> = {};
      const running = inFlightRuns.get(node.id);
      for (const runId of runIds) {
        const status = state.steps[runId]?.[node.id] ?? (running?.has(runId) ? 'running' : 'pending');
        counts[status] = (counts[status] ?? 0) + 1;
      }
      nodes[node.id] = counts;
    }
    return { total: runIds.length, levels: levels.length, level: state.level, nodes };
  };
  const runState = (runId: string): BatchRunState => {
    if (state.errors[runId]) return 'failed';
    const settled = definition.nodes.filter((node) => state.steps[runId]?.[node.id]).length;
    if (settled === definition.nodes.length) return 'completed';
    return settled > 0 || [...inFlightRuns.values()].some((running) => running.has(runId)) ? 'running' : 'pending';
  };
  const live = (): BatchLiveProgress => {
    const runs: BatchLiveProgress['runs'] = { pending: 0, running: 0, completed: 0, failed: 0 };
    const failures: BatchLiveProgress['failures'] = [];
    for (const runId of runIds) {
      runs[runState(runId)] += 1;
      const error = state.errors[runId];
      if (error && failures.length < LIVE_FAILURES) failures.push({ runId, error });
    }
    return { ...progress(), runs, failures, conditions: conditionOutcomes(), chunks: [...chunksUnderWay.values()] };
  };
  // As the run records count them (step-conditions.ts): decided once the step a condition reads has
  // completed (heard of when its chunk returns; a chunk under way tells its own: ChunkProgress).
  const conditionOutcomes = (): Record<string, ConditionOutcomes> => {
    const outcomes: Record<string, ConditionOutcomes> = {};
    for (const node of definition.nodes) {
      const watched = node.when && splitReference(node.when.path);
      if (!node.when || !watched) continue;
      const counts = (outcomes[node.id] = { met: 0, unmet: 0 });
      for (const runId of runIds) {
        const summary = state.summaries[runId]?.[watched.source];
        if (summary) counts[conditionHolds(node.when, summary[watched.path]) ? 'met' : 'unmet'] += 1;
      }
    }
    return outcomes;
  };
  setHandler(batchProgressQuery, live);
  if (!input.state) await startRuns({ runIds });

  for (; state.level < levels.length; state.level++) {
    await Promise.all(
      levels[state.level]!.map(async (nodeId) => {
        const node = definition.nodes.find((candidate) => candidate.id === nodeId)!;
        const eligible: string[] = [];
        for (const runId of runIds) {
          const steps = (state.steps[runId] ??= {});
          const watched = node.when && splitReference(node.when.path);
          const parentsDone = (parents.get(nodeId) ?? []).every((parent) => steps[parent] === 'completed');
          const conditionMet =
            !node.when || !watched || conditionHolds(node.when, state.summaries[runId]?.[watched.source]?.[watched.path]);
          if (parentsDone && conditionMet) eligible.push(runId);
          else steps[nodeId] = 'skipped';
        }
        const timeoutMs = msToNumber((node.timeout ?? '5 minutes') as Parameters<typeof msToNumber>[0]);
        const { executeStepChunk } = proxyActivities<BatchActivities>({
          startToCloseTimeout: timeoutMs * input.chunkSize + 60_000,
          // A heartbeat every 10 s while the group of runs under way is younger than the step's
          // timeout (stepTimeoutMs below): a chunk whose worker died is retried within a minute,
          // not after a whole step's time; one whose group hung, once that time and this have passed.
          heartbeatTimeout: Math.min(timeoutMs + 5_000, CHUNK_HEARTBEAT_TIMEOUT_MS),
          retry: CHUNK_RETRY,
        });
        const chunks = chunk(eligible, input.chunkSize);
        let inFlight = 0;
        const limit = input.concurrency ?? 4;
        await Promise.all(
          chunks.map(async (runIdsOfChunk) => {
            if (patched(BATCH_CONCURRENCY_PATCH)) {
              // Checked and taken in one step, so no two chunks take the same free place.
              while (inFlight >= limit) await condition(() => inFlight < limit);
            } else {
              await condition(() => inFlight < limit);
            }
            inFlight++;
            const running = inFlightRuns.get(nodeId) ?? new Set<string>();
            inFlightRuns.set(nodeId, running);
            for (const runId of runIdsOfChunk) running.add(runId);
            const underWay = { nodeId, firstRunId: runIdsOfChunk[0]! };
            chunksUnderWay.set(chunkKey(underWay), underWay);
            try {
              record(
                nodeId,
                await executeStepChunk({ nodeId, runIds: runIdsOfChunk, watch: watch[nodeId] ?? [], stepTimeoutMs: timeoutMs }),
              );
            } catch (error) {
              const message = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
              for (const runId of runIdsOfChunk) record(nodeId, [{ runId, status: 'failed', error: message }]);
            } finally {
              inFlight--;
              chunksUnderWay.delete(chunkKey(underWay));
              for (const runId of runIdsOfChunk) running.delete(runId);
            }
          }),
        );
      }),
    );
    if (
      state.level + 1 < levels.length &&
      (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > (input.maxHistory ?? 2_000))
    ) {
      return continueAsNew<typeof runBatch>({ ...input, state: { ...state, level: state.level + 1 } });
    }
  }

  for (const runIdsOfChunk of chunk(runIds, 200)) {
    await finishRuns({
      runs: runIdsOfChunk.map((runId) => {
        const steps = state.steps[runId] ?? {};
        const settled = Object.fromEntries(
          Object.entries(steps).filter(([, status]) => status === 'skipped' || status === 'failed'),
        ) as Record<string, 'skipped' | 'failed'>;
        return { runId, status: state.errors[runId] ? 'failed' : 'completed', settled, error: state.errors[runId] };
      }),
    });
  }
  if (!input.slice) return progress();
  // A slice answers its parent with what the parent's own answer adds up, its conditions' outcomes too.
  const sliceResult: BatchLiveProgress = live();
  return sliceResult;

  function record(nodeId: string, results: ChunkResult[]) {
    for (const result of results) {
      (state.steps[result.runId] ??= {})[nodeId] = result.status;
      if (result.status === 'completed') (state.summaries[result.runId] ??= {})[nodeId] = result.summary;
      else state.errors[result.runId] ??= `step "${nodeId}" failed: ${result.error}`;
    }
  }
}

/**
 * A batch of more runs than a slice: its runs in slices of `sliceSize`, each a child batch run to
 * its end before the next starts (each slice starts and finishes its own runs). The batch answers
 * where it stands from its finished slices' answers, its slices to come (pending) and the slice
 * under way, named so the asker adds that slice's own answer (withSlices).
 */
async function runSlices(input: RunBatchInput, sliceSize: number): Promise<BatchLiveProgress> {
  const { definition, runIds } = input;
  const slices = chunk(runIds, sliceSize);
  const levels = levelsOf(definition).length;
  const { workflowId } = workflowInfo();
  const finished: BatchLiveProgress[] = [];
  let running: { workflowId: string; total: number } | undefined;
  const answer = (): BatchLiveProgress => {
    const toCome = slices.slice(finished.length + (running ? 1 : 0)).reduce((sum, slice) => sum + slice.length, 0);
    const pendingNodes = Object.fromEntries(definition.nodes.map((node) => [node.id, toCome > 0 ? { pending: toCome } : {}]));
    const pending: BatchLiveProgress = {
      total: runIds.length,
      levels,
      level: toCome > 0 ? 0 : levels,
      nodes: pendingNodes,
      runs: { pending: toCome, running: 0, completed: 0, failed: 0 },
      failures: [],
    };
    return { ...withSlices(pending, finished), ...(running ? { slices: { running: [running] } } : {}) };
  };
  setHandler(batchProgressQuery, answer);
  for (const [index, runIdsOfSlice] of slices.entries()) {
    running = { workflowId: `${workflowId}-slice-${index + 1}`, total: runIdsOfSlice.length };
    const slice = await executeChild(runBatch, {
      workflowId: running.workflowId,
      args: [{ ...input, runIds: runIdsOfSlice, sliceSize: undefined, slice: index + 1, state: undefined }],
    });
    finished.push(slice as BatchLiveProgress);
  }
  running = undefined;
  return answer();
}
