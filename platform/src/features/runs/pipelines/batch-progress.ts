import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { BatchLiveProgress } from '@meetflow/workflows';
import type { PipelineDefinition, StepStatus } from '@meetflow/workflows/pipeline';
import type { Models } from '../../models.ts';
import type { PipelineRun } from './run-model.ts';
import type { PipelineBatch } from './batch-model.ts';
import { batchWorkflowId } from './batches.ts';

/** A step's runs by status. */
export type StepCounts = Record<StepStatus, number>;

/** Runs by status. */
export type RunCounts = Record<PipelineRun['status'], number>;

/** A failed run as the counts carry it. */
export interface CountedFailure {
  runId: string;
  error: string;
  input: unknown;
}

/** Where a batch's runs and steps stand. */
export interface BatchCounts {
  runs: RunCounts;
  /** By node id. */
  nodes: Record<string, StepCounts>;
  /** The first {@link FAILURES_LISTED} failed runs. */
  failures: CountedFailure[];
  /** When the last run ended; null while none has. */
  lastEndedAt: Date | null;
}

/** How many failed runs a batch's counts list. */
export const FAILURES_LISTED = 50;

const NO_RUNS: RunCounts = { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 };
const NO_STEPS: StepCounts = { pending: 0, running: 0, completed: 0, failed: 0, skipped: 0 };

/** Every status of each node, zeros filled in. */
function stepCounts(definition: PipelineDefinition, counts: Record<string, Partial<Record<string, number>>>) {
  return Object.fromEntries(definition.nodes.map((node) => [node.id, { ...NO_STEPS, ...counts[node.id] } as StepCounts]));
}

/**
 * Whether the batch's workflow still runs, and while it does, its own answer of where it stands
 * (nothing is read from the database, so polling stays cheap). `live` is null once it has ended,
 * and just after it started, before its first task can answer.
 */
export async function liveBatchProgress(temporal: Client, batchId: string): Promise<{ running: boolean; live: BatchLiveProgress | null }> {
  const handle = temporal.workflow.getHandle(batchWorkflowId(batchId));
  const status = await handle.describe().then(
    (description) => description.status.name,
    (error: unknown) => {
      if (error instanceof WorkflowNotFoundError) return 'GONE'; // past Temporal's retention: the run records say it all
      throw error;
    },
  );
  if (status !== 'RUNNING') return { running: false, live: null };
  const live = await handle.query<BatchLiveProgress>('progress').catch(() => null);
  return { running: true, live };
}

/** Steps of a batch's runs by node and status, as an aggregation stage list (unwinds each run's `steps` map). */
const STEP_GROUPS = [
  { $project: { steps: { $objectToArray: '$steps' } } },
  { $unwind: '$steps' },
  { $group: { _id: { nodeId: '$steps.k', status: '$steps.v.status' }, count: { $sum: 1 } } },
];

type StepGroup = { _id: { nodeId: string; status: StepStatus }; count: number };

/** Step groups as counts by node id. */
function byNode(groups: readonly StepGroup[]): Record<string, Partial<Record<StepStatus, number>>> {
  const nodes: Record<string, Partial<Record<StepStatus, number>>> = {};
  for (const { _id, count } of groups) (nodes[_id.nodeId] ??= {})[_id.status] = count;
  return nodes;
}

/** The facets of one pass over a batch's run records. */
interface RecordedFacets {
  runs: Array<{ _id: PipelineRun['status']; count: number; lastEndedAt: Date | null }>;
  steps: StepGroup[];
  failures: Array<Pick<PipelineRun, 'runId' | 'error' | 'input'>>;
}

/**
 * A batch's counts from its run records (right once it has ended): one aggregation over the
 * batch's runs (the `batchId, status` index) counts runs by status and steps by node and status,
 * and lists the first failures.
 */
export async function recordedBatchCounts(
  db: Pick<Models, 'pipelineRuns'>,
  workspaceId: string,
  batchId: string,
  definition: PipelineDefinition,
): Promise<BatchCounts> {
  const [facets] = await db.pipelineRuns.aggregate<RecordedFacets>([
    { $match: { workspaceId, batchId } },
    {
      $facet: {
        runs: [{ $group: { _id: '$status', count: { $sum: 1 }, lastEndedAt: { $max: '$endedAt' } } }],
        steps: STEP_GROUPS,
        failures: [{ $match: { status: 'failed' } }, { $limit: FAILURES_LISTED }, { $project: { runId: 1, error: 1, input: 1 } }],
      },
    },
  ]);
  const ended = (facets?.runs ?? []).map((group) => group.lastEndedAt?.getTime() ?? 0);
  return {
    runs: { ...NO_RUNS, ...Object.fromEntries((facets?.runs ?? []).map((group) => [group._id, group.count])) },
    nodes: stepCounts(definition, byNode(facets?.steps ?? [])),
    failures: (facets?.failures ?? []).map((run) => ({ runId: run.runId, error: run.error ?? 'failed', input: run.input })),
    lastEndedAt: Math.max(0, ...ended) > 0 ? new Date(Math.max(...ended)) : null,
  };
}

/**
 * Where a running batch's steps stand. The workflow learns how each run went when its chunk
 * returns, and knows the skips; the run records say, run by run, which step runs now and which
 * have ended. Both are read (the records in one aggregation on the batch's index) and each count
 * taken from whichever is further along, so a bar moves with every run, not every chunk.
 */
function mergedSteps(
  definition: PipelineDefinition,
  total: number,
  live: BatchLiveProgress['nodes'],
  recorded: Record<string, Partial<Record<StepStatus, number>>>,
): Record<string, StepCounts> {
  return Object.fromEntries(
    definition.nodes.map((node) => {
      const [fromWorkflow, fromRecords] = [live[node.id] ?? {}, recorded[node.id] ?? {}];
      const completed = Math.max(fromWorkflow.completed ?? 0, fromRecords.completed ?? 0);
      const failed = Math.max(fromWorkflow.failed ?? 0, fromRecords.failed ?? 0);
      const skipped = fromWorkflow.skipped ?? 0;
      const running = Math.min(fromRecords.running ?? 0, Math.max(0, total - completed - failed - skipped));
      return [node.id, { pending: total - completed - failed - skipped - running, running, completed, failed, skipped }];
    }),
  );
}

/** A running batch's counts: runs and failures from its workflow's answer, steps merged with its run records (see mergedSteps). */
export async function liveBatchCounts(
  db: Pick<Models, 'pipelineRuns'>,
  batch: Pick<PipelineBatch, 'workspaceId' | 'batchId' | 'definition' | 'total'>,
  live: BatchLiveProgress,
): Promise<BatchCounts> {
  const { workspaceId, batchId, definition } = batch;
  const failed = live.failures ?? [];
  const [steps, inputs] = await Promise.all([
    db.pipelineRuns.aggregate<StepGroup>([{ $match: { workspaceId, batchId } }, ...STEP_GROUPS]),
    failed.length === 0
      ? []
      : db.pipelineRuns.find({ workspaceId, runId: { $in: failed.map((failure) => failure.runId) } }, { runId: 1, input: 1 }).lean(),
  ]);
  const inputOf = new Map(inputs.map((run) => [run.runId, run.input]));
  return {
    // A workflow started before runs were counted in its answer has no `runs`: all are under way.
    runs: { ...NO_RUNS, ...(live.runs ?? { running: live.total }) },
    nodes: mergedSteps(definition, batch.total, live.nodes, byNode(steps)),
    failures: failed.map((failure) => ({ ...failure, input: inputOf.get(failure.runId) })),
    lastEndedAt: null,
  };
}
