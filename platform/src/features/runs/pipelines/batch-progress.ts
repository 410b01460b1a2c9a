import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { PipelineStage } from 'mongoose';
import type { BatchLiveProgress } from '@meetflow/workflows';
import {
  conditionHolds,
  getPath,
  splitReference,
  type PipelineDefinition,
  type PipelineNode,
  type StepStatus,
  withSlices,
} from '@meetflow/workflows/pipeline';
import type { Models } from '../../models.ts';
import type { PipelineRun } from './run-model.ts';
import type { PipelineBatch } from './batch-model.ts';
import { batchWorkflowId, findBatch } from './batches.ts';
import { conditionOf } from './step-conditions.ts';

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

/** Of a step with a condition: the runs whose value it reads has come, by whether the condition held. */
export interface ConditionCounts {
  met: number;
  unmet: number;
}

/** Where a batch's runs and steps stand. */
export interface BatchCounts {
  runs: RunCounts;
  /** By node id. */
  nodes: Record<string, StepCounts>;
  /** By node id, for the nodes with a condition (`when`): how it came out so far (see step-conditions.ts). */
  conditions: Record<string, ConditionCounts>;
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
 * and just after it started, before its first task can answer. A batch run in slices answers for
 * its finished slices and those to come; the slice under way answers for itself, added here.
 */
export async function liveBatchProgress(temporal: Client, batchId: string): Promise<LiveBatch> {
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
  if (!live?.slices) return { running: true, live };
  const slices = await Promise.all(
    live.slices.running.map((slice) =>
      temporal.workflow
        .getHandle(slice.workflowId)
        .query<BatchLiveProgress>('progress')
        .catch(() => null),
    ),
  );
  return { running: true, live: withSlices(live, slices), sliced: { batch: live, slices } };
}

/** A batch's workflow's answer (see liveBatchProgress). */
export interface LiveBatch {
  running: boolean;
  /** The batch's answer, a sliced batch's with its running slices' added. */
  live: BatchLiveProgress | null;
  /** Of a batch run in slices: its own answer (finished slices and those to come) and the running slices' (null: not answering yet). */
  sliced?: { batch: BatchLiveProgress; slices: Array<BatchLiveProgress | null> };
}

/**
 * Steps of a batch's runs by node, status and how their condition came out, as `$facet` facets:
 * one `$group` per node on its own record's fields (`step:<index>`, in the definition's order).
 * Grouping each node in place reads the records as they are; unwinding the `steps` map instead
 * copied each run's record once per step: a read of 1,000 runs cost the embedded database 35.6 ms
 * of CPU that way, 15.4 ms this way (platform/dev/bench/batch-view-cost.ts).
 */
function stepFacets(definition: PipelineDefinition): Record<string, PipelineStage.FacetPipelineStage[]> {
  return Object.fromEntries(
    definition.nodes.map((node, index) => [
      `step:${index}`,
      [
        {
          $group: {
            _id: { status: `$steps.${node.id}.status`, conditionMet: `$steps.${node.id}.conditionMet` },
            count: { $sum: 1 },
          },
        },
      ],
    ]),
  );
}

/** What stepFacets answer: per node (`step:<index>`), its records grouped by status and condition (a run without a record of the node: no status). */
type StepFacets = Partial<
  Record<`step:${number}`, Array<{ _id: { status?: StepStatus | null; conditionMet?: boolean | null }; count: number }>>
>;

/** The facets of stepFacets as step groups (a run without a record of a node is not counted). */
function stepGroupsOf(definition: PipelineDefinition, facets: StepFacets | undefined): StepGroup[] {
  return definition.nodes.flatMap((node, index) =>
    (facets?.[`step:${index}`] ?? [])
      .filter((group) => group._id.status)
      .map((group) => ({ _id: { nodeId: node.id, status: group._id.status!, conditionMet: group._id.conditionMet }, count: group.count })),
  );
}

type StepGroup = { _id: { nodeId: string; status: StepStatus; conditionMet?: boolean | null }; count: number };

/** Step groups as counts by node id. */
function byNode(groups: readonly StepGroup[]): Record<string, Partial<Record<StepStatus, number>>> {
  const nodes: Record<string, Partial<Record<StepStatus, number>>> = {};
  for (const { _id, count } of groups) {
    const counts = (nodes[_id.nodeId] ??= {});
    counts[_id.status] = (counts[_id.status] ?? 0) + count;
  }
  return nodes;
}

/** Step groups as each conditional node's outcomes so far: the one reading of a step's condition (conditionOf), counted. */
function conditionCounts(definition: PipelineDefinition, groups: readonly StepGroup[]): Record<string, ConditionCounts> {
  const conditional = new Set(definition.nodes.filter((node) => node.when).map((node) => node.id));
  const counts: Record<string, ConditionCounts> = Object.fromEntries([...conditional].map((nodeId) => [nodeId, { met: 0, unmet: 0 }]));
  for (const { _id, count } of groups) {
    if (!conditional.has(_id.nodeId)) continue;
    const held = conditionOf({ status: _id.status, conditionMet: _id.conditionMet ?? undefined });
    if (held === true) counts[_id.nodeId]!.met += count;
    if (held === false) counts[_id.nodeId]!.unmet += count;
  }
  return counts;
}

/** The facets of one pass over a batch's run records, its steps' among them (stepFacets). */
type RecordedFacets = StepFacets & {
  runs: Array<{ _id: PipelineRun['status']; count: number; lastEndedAt: Date | null }>;
  failures: Array<Pick<PipelineRun, 'runId' | 'error' | 'input'>>;
};

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
        failures: [{ $match: { status: 'failed' } }, { $limit: FAILURES_LISTED }, { $project: { runId: 1, error: 1, input: 1 } }],
        ...stepFacets(definition),
      },
    },
  ]);
  const steps = stepGroupsOf(definition, facets);
  const ended = (facets?.runs ?? []).map((group) => group.lastEndedAt?.getTime() ?? 0);
  return {
    runs: { ...NO_RUNS, ...Object.fromEntries((facets?.runs ?? []).map((group) => [group._id, group.count])) },
    nodes: stepCounts(definition, byNode(steps)),
    conditions: conditionCounts(definition, steps),
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

/**
 * Runs by state while the batch runs: the workflow's answer, with the runs its records show failed
 * (a step recorded failed) that the workflow has not heard of yet (their chunk is still under way,
 * so it counts them running).
 */
function mergedRuns(live: BatchLiveProgress, recordedFailed: number): RunCounts {
  // A workflow started before runs were counted in its answer has no `runs`: all are under way.
  const runs = { ...NO_RUNS, ...(live.runs ?? { running: live.total }) };
  const heardOfLater = Math.min(Math.max(0, recordedFailed - runs.failed), runs.running);
  return { ...runs, running: runs.running - heardOfLater, failed: runs.failed + heardOfLater };
}

/** A running batch's counts: its workflow's answer merged with its run records (see mergedSteps and mergedRuns); failures from the workflow. */
export async function liveBatchCounts(
  db: Pick<Models, 'pipelineRuns'>,
  batch: Pick<PipelineBatch, 'workspaceId' | 'batchId' | 'definition' | 'total'>,
  live: BatchLiveProgress,
): Promise<BatchCounts> {
  return mergedWithRecords(db, batch, live, batch.total, { workspaceId: batch.workspaceId, batchId: batch.batchId });
}

/**
 * A running sliced batch's counts: the finished slices and those to come as the batch answers
 * (final, or not begun), plus the slice under way merged with its run records as a batch's are
 * (liveBatchCounts). Its runs are the batch's runs recorded running, so only they are read (the
 * `batchId, status` index), however many slices came before.
 */
async function slicedBatchCounts(
  db: Pick<Models, 'pipelineRuns'>,
  batch: Pick<PipelineBatch, 'workspaceId' | 'batchId' | 'definition' | 'total'>,
  sliced: NonNullable<LiveBatch['sliced']>,
): Promise<BatchCounts> {
  const { definition } = batch;
  const runningSlices = sliced.batch.slices?.running ?? [];
  const sliceTotal = runningSlices.reduce((sum, slice) => sum + slice.total, 0);
  // The slices under way as one answer (a slice not answering yet: all its runs pending).
  const underWay = withSlices(
    {
      ...sliced.batch,
      total: sliceTotal,
      nodes: {},
      runs: { pending: 0, running: 0, completed: 0, failed: 0 },
      failures: [],
      conditions: {},
    },
    sliced.slices,
  );
  const [rest, current] = await Promise.all([
    liveCounts(db, batch, sliced.batch, sliced.batch.total - sliceTotal),
    mergedWithRecords(db, batch, underWay, sliceTotal, { workspaceId: batch.workspaceId, batchId: batch.batchId, status: 'running' }),
  ]);
  const add = <K extends string>(a: Record<K, number>, b: Record<K, number>) =>
    Object.fromEntries(Object.keys(a).map((key) => [key, a[key as K] + b[key as K]])) as Record<K, number>;
  return {
    runs: add(rest.runs, current.runs),
    nodes: Object.fromEntries(definition.nodes.map((node) => [node.id, add(rest.nodes[node.id]!, current.nodes[node.id]!)])),
    conditions: Object.fromEntries(
      Object.keys(rest.conditions).map((nodeId) => [nodeId, add(rest.conditions[nodeId]!, current.conditions[nodeId]!)]),
    ),
    failures: [...rest.failures, ...current.failures].slice(0, FAILURES_LISTED),
    lastEndedAt: null,
  };
}

/**
 * Counts as a workflow answers them alone: of finished or not begun runs, where nothing in their
 * records is newer (merged with no records: mergedSteps, mergedRuns), with the failures' inputs.
 */
async function liveCounts(
  db: Pick<Models, 'pipelineRuns'>,
  batch: Pick<PipelineBatch, 'workspaceId' | 'definition'>,
  live: BatchLiveProgress,
  total: number,
): Promise<BatchCounts> {
  return {
    runs: mergedRuns(live, 0),
    nodes: mergedSteps(batch.definition, total, live.nodes, {}),
    conditions: Object.fromEntries(
      batch.definition.nodes.filter((node) => node.when).map((node) => [node.id, { met: 0, unmet: 0, ...live.conditions?.[node.id] }]),
    ),
    failures: await withInputs(db, batch.workspaceId, live.failures),
    lastEndedAt: null,
  };
}

/** The failures with their runs' inputs (one read by run id). */
async function withInputs(
  db: Pick<Models, 'pipelineRuns'>,
  workspaceId: string,
  failed: BatchLiveProgress['failures'],
): Promise<CountedFailure[]> {
  const inputs =
    failed.length === 0
      ? []
      : await db.pipelineRuns.find({ workspaceId, runId: { $in: failed.map((failure) => failure.runId) } }, { runId: 1, input: 1 }).lean();
  const inputOf = new Map(inputs.map((run) => [run.runId, run.input]));
  return failed.map((failure) => ({ ...failure, input: inputOf.get(failure.runId) }));
}

/**
 * A workflow's answer for `total` runs merged with the records of those runs (`scope`: one
 * aggregation and one count on the batch's index), as liveBatchCounts describes.
 */
async function mergedWithRecords(
  db: Pick<Models, 'pipelineRuns'>,
  batch: Pick<PipelineBatch, 'workspaceId' | 'definition'>,
  live: BatchLiveProgress,
  total: number,
  scope: { workspaceId: string; batchId: string; status?: 'running' },
): Promise<BatchCounts> {
  const { definition } = batch;
  const [[facets], recordedFailed, failures] = await Promise.all([
    db.pipelineRuns.aggregate<StepFacets>([{ $match: scope }, { $facet: stepFacets(definition) }]),
    db.pipelineRuns.countDocuments({ ...scope, $or: definition.nodes.map((node) => ({ [`steps.${node.id}.status`]: 'failed' })) }),
    withInputs(db, batch.workspaceId, live.failures ?? []),
  ]);
  const steps = stepGroupsOf(definition, facets);
  return {
    runs: mergedRuns(live, recordedFailed),
    nodes: mergedSteps(definition, total, live.nodes, byNode(steps)),
    conditions: conditionCounts(definition, steps),
    failures,
    lastEndedAt: null,
  };
}

/** What reading where a batch stands needs: its records and Temporal (the running workflow answers for itself). */
export interface BatchStandingDeps {
  db: Pick<Models, 'pipelineBatches' | 'pipelineRuns'>;
  temporal: Client;
}

/** Where a batch stands, as every view of it reads it: the batch page, a campaign's progress, the counts they show. */
export interface BatchStanding {
  batch: PipelineBatch;
  status: 'running' | 'completed' | 'cancelled';
  /** When its last run ended (or it was cancelled); null while it runs. */
  finishedAt: Date | null;
  counts: BatchCounts;
}

/**
 * The one computation of a batch's progress. While it runs, its workflow answers, merged with its
 * run records (see liveBatchCounts); once it has ended, or been cancelled, its run records (see
 * recordedBatchCounts); just after it started, before the workflow can answer, its run records too.
 */
export async function batchStanding(deps: BatchStandingDeps, workspaceId: string, batchId: string): Promise<BatchStanding> {
  const batch = await findBatch(deps.db, workspaceId, batchId);
  const { running, live, sliced } = await liveBatchProgress(deps.temporal, batchId);
  // A cancelled batch's runs were settled when it was cancelled, even if its workflow is still closing.
  const underWay = running && !batch.cancelledAt;
  const counts =
    underWay && sliced
      ? await slicedBatchCounts(deps.db, batch, sliced)
      : underWay && live
        ? await liveBatchCounts(deps.db, batch, live)
        : await recordedBatchCounts(deps.db, workspaceId, batchId, batch.definition);
  return {
    batch,
    status: batch.cancelledAt ? 'cancelled' : underWay ? 'running' : 'completed',
    finishedAt: underWay ? null : (counts.lastEndedAt ?? batch.cancelledAt ?? null),
    counts,
  };
}
