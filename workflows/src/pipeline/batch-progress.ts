// Where a batch stands, as its workflow answers and as a sliced batch's answers add up: pure, shared
// by the batch workflow and the platform.
import type { StepStatus } from './types.ts';

/** Progress, as the batch returns it when done. */
export interface BatchProgress {
  total: number;
  levels: number;
  level: number;
  /** Counts of step statuses per node (`running`: in a chunk being run now). */
  nodes: Record<string, Partial<Record<StepStatus, number>>>;
}

/** Where each run of a batch stands while it runs. */
export type BatchRunState = 'pending' | 'running' | 'completed' | 'failed';

/** How many failures the progress query lists (the run records hold them all once the batch ends). */
export const LIVE_FAILURES = 50;

/** Progress, as the batch query answers it while the batch runs: also each run's state and the first failures. */
export interface BatchLiveProgress extends BatchProgress {
  /** Runs by state: pending (no step run yet), running, completed (every step settled), failed (a step failed). */
  runs: Record<BatchRunState, number>;
  /** The first failures, at most {@link LIVE_FAILURES}, in the order of the batch's runs. */
  failures: Array<{ runId: string; error: string }>;
  /**
   * By node id, of the nodes with a condition: of the runs whose step the condition reads has
   * completed, how many it held for and how many not, as far as the workflow has heard (its chunks
   * under way tell theirs: ChunkProgress). Absent from workflows started before it was answered.
   */
  conditions?: Record<string, ConditionOutcomes>;
  /**
   * Of a batch run in slices: the slice running now, whose runs the counts above leave out (they
   * count the finished slices and, as pending, those to come). Whoever asks adds its own answer
   * (withSlices), or counts its runs pending while it cannot answer yet.
   */
  slices?: { running: Array<{ workflowId: string; total: number }> };
  /**
   * The chunks being run now (absent from workflows started before it was answered). Their runs
   * count running until a chunk returns; whoever asks adds what each chunk's heartbeats have told
   * since (withChunksUnderWay).
   */
  chunks?: ChunkUnderWay[];
}

/** A chunk being run, named by its node and its first run. */
export interface ChunkUnderWay {
  nodeId: string;
  firstRunId: string;
}

/** A chunk's name as one string, to find it by. */
export const chunkKey = (chunk: ChunkUnderWay): string => `${chunk.nodeId}\u0000${chunk.firstRunId}`;

/**
 * A chunk's heartbeat details: how its runs stand so far (each group's records written, and the
 * runs a retried chunk found completed). The workflow hears of a chunk's runs only once it returns;
 * whoever watches the batch reads these from the chunk's pending activity (withChunksUnderWay).
 */
export interface ChunkProgress extends ChunkUnderWay {
  /** Runs of the chunk whose group has ended. */
  done: number;
  completed: number;
  /** Failed for good (a transient failure leaves its run running, for the chunk's retry). */
  failed: number;
  /** By node id, of the nodes whose condition reads this node: how it came out for the runs completed so far. */
  conditions: Record<string, ConditionOutcomes>;
}

/** How a step's condition came out over a batch's runs so far. */
export interface ConditionOutcomes {
  met: number;
  unmet: number;
}

/** Adds `counts` into `into`, key by key. */
function addCounts<K extends string>(into: Partial<Record<K, number>>, counts: Partial<Record<K, number>>): void {
  for (const [key, count] of Object.entries(counts) as Array<[K, number]>) into[key] = (into[key] ?? 0) + count;
}

/**
 * A sliced batch's answer with its running slices' answers added (null: not answering yet, so its
 * runs count pending). Counts add up; failures keep the batch's order, at most {@link LIVE_FAILURES}.
 */
export function withSlices(batch: BatchLiveProgress, running: ReadonlyArray<BatchLiveProgress | null>): BatchLiveProgress {
  const nodes: BatchProgress['nodes'] = Object.fromEntries(Object.entries(batch.nodes).map(([nodeId, counts]) => [nodeId, { ...counts }]));
  const runs = { ...batch.runs };
  const conditions: Record<string, ConditionOutcomes> = Object.fromEntries(
    Object.entries(batch.conditions ?? {}).map(([nodeId, counts]) => [nodeId, { ...counts }]),
  );
  let failures = [...batch.failures];
  let level = batch.level;
  for (const [index, slice] of running.entries()) {
    if (!slice) {
      const { total } = batch.slices!.running[index]!;
      runs.pending += total;
      for (const counts of Object.values(nodes)) counts.pending = (counts.pending ?? 0) + total;
      level = 0;
      continue;
    }
    addCounts(runs, slice.runs);
    for (const [nodeId, counts] of Object.entries(slice.nodes)) addCounts((nodes[nodeId] ??= {}), counts);
    for (const [nodeId, counts] of Object.entries(slice.conditions ?? {})) addCounts((conditions[nodeId] ??= { met: 0, unmet: 0 }), counts);
    failures = [...failures, ...slice.failures].slice(0, LIVE_FAILURES);
    level = Math.min(level, slice.level);
  }
  return { total: batch.total, levels: batch.levels, level, nodes, runs, failures, conditions };
}

/**
 * A batch's (or a slice's) answer with what its chunks under way have told (their pending
 * activities' heartbeat details): each chunk's completed and failed runs move from running, a run
 * failed for good fails its run, and the conditions it decided are counted. Only the chunks the
 * answer names as under way are added: one that returned is in the answer's counts already (its
 * pending activity may still be read just after), one not begun or not heard from yet stays running.
 */
export function withChunksUnderWay(live: BatchLiveProgress, told: readonly ChunkProgress[]): BatchLiveProgress {
  const underWay = new Set((live.chunks ?? []).map(chunkKey));
  const nodes: BatchProgress['nodes'] = Object.fromEntries(Object.entries(live.nodes).map(([nodeId, counts]) => [nodeId, { ...counts }]));
  const runs = { ...live.runs };
  const conditions: Record<string, ConditionOutcomes> = Object.fromEntries(
    Object.entries(live.conditions ?? {}).map(([nodeId, counts]) => [nodeId, { ...counts }]),
  );
  for (const chunk of told) {
    if (!underWay.delete(chunkKey(chunk))) continue; // returned, or told twice
    const counts = (nodes[chunk.nodeId] ??= {});
    const completed = Math.min(chunk.completed, counts.running ?? 0);
    const failed = Math.min(chunk.failed, (counts.running ?? 0) - completed);
    counts.running = (counts.running ?? 0) - completed - failed;
    counts.completed = (counts.completed ?? 0) + completed;
    counts.failed = (counts.failed ?? 0) + failed;
    const runsFailed = Math.min(failed, runs.running);
    runs.running -= runsFailed;
    runs.failed += runsFailed;
    for (const [nodeId, outcomes] of Object.entries(chunk.conditions)) addCounts((conditions[nodeId] ??= { met: 0, unmet: 0 }), outcomes);
  }
  return { ...live, nodes, runs, conditions };
}
