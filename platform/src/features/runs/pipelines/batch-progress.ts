import { WorkflowNotFoundError, type Client, type WorkflowExecutionDescription, type WorkflowHandle } from '@temporalio/client';
import type { PipelineStage } from 'mongoose';
import { z } from 'zod';
import type { BatchLiveProgress } from '@meetflow/workflows';
import { type ChunkProgress, type PipelineDefinition, type StepStatus, withChunksUnderWay, withSlices } from '@meetflow/workflows/pipeline';
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
 * Whether the batch's workflow still runs, and while it does, its own answer of where it stands with
 * what its chunks under way have told in their heartbeats (withChunksUnderWay): read from Temporal
 * alone, nothing from the database, so polling stays cheap however many runs the batch has. `live`
 * is null once it has ended, and just after it started, before its first task can answer. A batch
 * run in slices answers for its finished slices and those to come; the slice under way answers for
 * itself, added here.
 */
export async function liveBatchProgress(temporal: Client, batchId: string): Promise<LiveBatch> {
  const handle = temporal.workflow.getHandle(batchWorkflowId(batchId));
  const description = await describeBatch(handle);
  if (description?.status.name !== 'RUNNING') return { running: false, live: null };
  const live = await handle.query<BatchLiveProgress>('progress').catch(() => null);
  if (!live?.slices) return { running: true, live: live && withChunksUnderWay(live, chunksTold(temporal, description)) };
  const slices = await Promise.all(
    live.slices.running.map(async (slice) => {
      const sliceHandle = temporal.workflow.getHandle(slice.workflowId);
      const [answer, described] = await Promise.all([
        sliceHandle.query<BatchLiveProgress>('progress').catch(() => null),
        sliceHandle.describe().catch(() => null),
      ]);
      return answer && withChunksUnderWay(answer, described ? chunksTold(temporal, described) : []);
    }),
  );
  return { running: true, live: withSlices(live, slices) };
}

/** The batch's workflow as Temporal describes it; null once past Temporal's retention (the run records say it all). */
async function describeBatch(handle: WorkflowHandle): Promise<WorkflowExecutionDescription | null> {
  return handle.describe().catch((error: unknown) => {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  });
}

/** Whether the batch's workflow still runs (one describe call, nothing asked of the workflow). */
export async function batchRunning(temporal: Client, batchId: string): Promise<boolean> {
  return (await describeBatch(temporal.workflow.getHandle(batchWorkflowId(batchId))))?.status.name === 'RUNNING';
}

/** A batch's workflow's answer (see liveBatchProgress). */
export interface LiveBatch {
  running: boolean;
  /** The batch's answer with its chunks' heartbeats, a sliced batch's with its running slices' added. */
  live: BatchLiveProgress | null;
}

/**
 * What the workflow's chunks under way have told: each pending `executeStepChunk` activity's last
 * heartbeat details (ChunkProgress; the worker sends them within HEARTBEAT_THROTTLE). Details of
 * another shape (a chunk of a worker from before they told this) are left out: its runs stay running.
 */
function chunksTold(temporal: Client, description: WorkflowExecutionDescription): ChunkProgress[] {
  const converter = temporal.options.loadedDataConverter.payloadConverter;
  return (description.raw.pendingActivities ?? []).flatMap((activity) => {
    const payload = activity.activityType?.name === 'executeStepChunk' ? activity.heartbeatDetails?.payloads?.[0] : undefined;
    if (!payload) return [];
    try {
      const told = ChunkProgressSchema.safeParse(converter.fromPayload(payload));
      return told.success ? [told.data] : [];
    } catch {
      return []; // not a payload this converter reads: as if not told
    }
  });
}

const Outcomes = z.object({ met: z.number().int().min(0), unmet: z.number().int().min(0) });
const ChunkProgressSchema = z.object({
  nodeId: z.string(),
  firstRunId: z.string(),
  done: z.number().int().min(0),
  completed: z.number().int().min(0),
  failed: z.number().int().min(0),
  conditions: z.record(z.string(), Outcomes),
}) satisfies z.ZodType<ChunkProgress>;

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
 * A running batch's counts, as its workflow answers them with its chunks' heartbeats (liveBatchProgress),
 * zeros filled in; the failures with their runs' inputs.
 */
export async function liveBatchCounts(
  db: Pick<Models, 'pipelineRuns'>,
  batch: Pick<PipelineBatch, 'workspaceId' | 'definition' | 'total'>,
  live: BatchLiveProgress,
): Promise<BatchCounts> {
  const { definition, total } = batch;
  return {
    // A workflow started before runs were counted in its answer has no `runs`: all are under way.
    runs: { ...NO_RUNS, ...(live.runs ?? { running: live.total }) },
    nodes: Object.fromEntries(
      definition.nodes.map((node) => {
        const { running = 0, completed = 0, failed = 0, skipped = 0 } = live.nodes[node.id] ?? {};
        return [node.id, { pending: total - running - completed - failed - skipped, running, completed, failed, skipped }];
      }),
    ),
    conditions: Object.fromEntries(
      definition.nodes.filter((node) => node.when).map((node) => [node.id, { met: 0, unmet: 0, ...live.conditions?.[node.id] }]),
    ),
    failures: await withInputs(db, batch.workspaceId, live.failures ?? []),
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
 * The one computation of a batch's progress. While it runs, its workflow answers, with what its
 * chunks under way told in their heartbeats (see liveBatchProgress); once it has ended, or been cancelled, its run records (see
 * recordedBatchCounts); just after it started, before the workflow can answer, its run records too.
 */
export async function batchStanding(deps: BatchStandingDeps, workspaceId: string, batchId: string): Promise<BatchStanding> {
  const batch = await findBatch(deps.db, workspaceId, batchId);
  const { running, live } = await liveBatchProgress(deps.temporal, batchId);
  // A cancelled batch's runs were settled when it was cancelled, even if its workflow is still closing.
  const underWay = running && !batch.cancelledAt;
  const counts =
    underWay && live
      ? await liveBatchCounts(deps.db, batch, live)
      : await recordedBatchCounts(deps.db, workspaceId, batchId, batch.definition);
  return {
    batch,
    status: batch.cancelledAt ? 'cancelled' : underWay ? 'running' : 'completed',
    finishedAt: underWay ? null : (counts.lastEndedAt ?? batch.cancelledAt ?? null),
    counts,
  };
}
