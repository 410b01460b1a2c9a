import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { getPath, reachable, watchedPaths, type PipelineDefinition } from '@meetflow/workflows/pipeline';
import { outputRef, storeOutput } from './activities.ts';
import type { Models } from '../../models.ts';
import type { PipelineRun, StepRecord } from './run-model.ts';
import { decidedConditions } from './step-conditions.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { preparePipeline, type ActivityOptions } from './definition.ts';
import { definitionToRerun, type BuiltInPipelines } from './built-ins.ts';
import { assertStorable } from '../../../core/storable.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { workspaceFieldsIn, type RunPrincipal } from '@meetflow/plugin-sdk';

/**
 * What starting a run needs: the database, Temporal, the installed activities (for validation), and
 * the built-in pipelines (what a rerun of theirs runs, what the pipelines list and the editor show).
 */
export interface PipelineRunner {
  db: Pick<Models, 'pipelineRuns' | 'stepOutputs' | 'pipelineBatches'>;
  temporal: Client;
  taskQueue: string;
  activities: ReadonlyMap<string, ActivityOptions>;
  /**
   * The pipelines that ship with Meetflow, as the composition gives them
   * (features/built-in-pipelines.ts): what a rerun of theirs runs, what the list and the editor show.
   */
  builtIns: BuiltInPipelines;
}

interface StartOptions {
  /** The workspace it runs in and the principal starting it: the request's, or the platform's own, never the input's. */
  workspaceId: string;
  principal: RunPrincipal;
  definition: unknown;
  input: unknown;
  /** Outputs of steps already done elsewhere: node ids of `fromRunId` to copy instead of running. */
  seed?: { fromRunId: string; nodeIds: string[] };
  lineage?: Pick<PipelineRun, 'retryOf' | 'restartedFrom'>;
  /** A test run of an unsaved draft (the editor's Test run). */
  draft?: boolean;
}

/** Copies the seeded steps' outputs into the new run; returns their records and the values conditions read. */
async function seedSteps(runner: PipelineRunner, runId: string, definition: PipelineDefinition, seed: StartOptions['seed']) {
  const records: Record<string, StepRecord> = {};
  const summaries: Record<string, Record<string, unknown>> = {};
  const decided: Record<string, boolean> = {}; // the conditions the copied outputs decide, by the conditional step
  const watch = watchedPaths(definition);
  for (const nodeId of seed?.nodeIds ?? []) {
    const stored = await runner.db.stepOutputs.findOne({ runId: seed!.fromRunId, nodeId }).lean();
    if (!stored) continue;
    await runner.db.stepOutputs.updateOne(...storeOutput(runId, nodeId, stored.output));
    const node = definition.nodes.find((candidate) => candidate.id === nodeId)!;
    records[nodeId] = { status: 'completed', activity: node.activity, attempts: 0, outputRef: outputRef(runId, nodeId) };
    summaries[nodeId] = Object.fromEntries((watch[nodeId] ?? []).map((path) => [path, getPath(stored.output, path)]));
    Object.assign(decided, decidedConditions(definition, nodeId, stored.output));
  }
  return { records, summaries, decided };
}

/**
 * Refuses a run input that sets the workspace anywhere (a 422 naming each place, under `at`):
 * a step runs in its run's workspace, which the platform decides, and an input saying otherwise
 * is refused rather than silently ignored.
 */
export function assertNoWorkspaceField(input: unknown, at: string): void {
  const paths = workspaceFieldsIn(input);
  if (paths.length === 0) return;
  const fields = Object.fromEntries(
    paths.map((path) => [`${at}.${path}`, 'the workspace is the one the run starts in; no input can set it']),
  );
  throw new UnprocessableError(
    `${Object.keys(fields).join(', ')}: a run acts in the workspace it is started in, and no input can set it`,
    fields,
  );
}

/**
 * A stored run input as a rerun takes it: prospect runs recorded before the run context carried the
 * workspace had it at the top of their input, where the platform itself put it; it is dropped (the
 * rerun runs in its own workspace either way) rather than refusing the rerun.
 */
export function withoutLegacyWorkspace(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input) || !('workspaceId' in input)) return input;
  const { workspaceId: _legacy, ...rest } = input as Record<string, unknown>;
  return rest;
}

/**
 * Validates a pipeline against the installed activities (an unknown activity is a 422, before
 * anything starts), records the run with its pinned definition, and starts its workflow.
 */
export async function startPipelineRun(runner: PipelineRunner, options: StartOptions): Promise<PipelineRun> {
  const definition = preparePipeline(options.definition, runner.activities, options.principal);
  assertStorable(options.input, 'The run input');
  assertNoWorkspaceField(options.input, 'input');
  const runId = randomUUID();
  const seeded = await seedSteps(runner, runId, definition, options.seed);
  const steps = Object.fromEntries(
    definition.nodes.map((node): [string, StepRecord] => [
      node.id,
      seeded.records[node.id] ?? {
        status: 'pending',
        activity: node.activity,
        attempts: 0,
        ...(node.id in seeded.decided ? { conditionMet: seeded.decided[node.id] } : {}),
      },
    ]),
  );
  const workflowId = `pipeline-run-${runId}`;
  const run = await runner.db.pipelineRuns.create({
    runId,
    workspaceId: options.workspaceId,
    pipelineId: definition.id,
    pipelineVersion: definition.version,
    definition,
    input: options.input ?? {},
    startedBy: options.principal,
    status: 'pending',
    steps,
    workflowId,
    ...options.lineage,
    ...(options.draft ? { draft: true } : {}),
  });
  await runner.temporal.workflow.start('runPipeline', {
    taskQueue: runner.taskQueue,
    workflowId,
    args: [{ runId, definition, completedSteps: seeded.summaries }],
  });
  return run.toObject();
}

/**
 * Reruns a run with its pinned definition (or the one its built-in reruns it with:
 * definitionToRerun): whole (`retryOf`), or from one step (`restartedFrom`), seeded with the
 * recorded outputs of the completed steps not downstream of it, so those are not run again. A
 * new input replaces the old one when given. It runs with the authority of whoever reruns it,
 * checked again (their role now, not the first run's).
 */
export async function rerunPipeline(
  runner: PipelineRunner,
  workspaceId: string,
  principal: RunPrincipal,
  runId: string,
  options: { fromNodeId?: string; input?: unknown } = {},
): Promise<PipelineRun> {
  const previous = await runner.db.pipelineRuns.findOne({ runId, workspaceId }).lean();
  if (!previous) throw new NotFoundError(`No run ${runId} in this workspace`);
  const input = options.input ?? withoutLegacyWorkspace(previous.input);
  // The pinned definition, or what its built-in runs instead (a prospect run before v3 gains its apply step).
  const definition = definitionToRerun(runner.builtIns, previous.definition);
  if (!options.fromNodeId) return startPipelineRun(runner, { workspaceId, principal, definition, input, lineage: { retryOf: runId } });
  if (!definition.nodes.some((node) => node.id === options.fromNodeId)) {
    throw new NotFoundError(`Run ${runId} has no step "${options.fromNodeId}"`);
  }
  const rerun = new Set([options.fromNodeId, ...reachable(definition, options.fromNodeId, 'down')]);
  const nodeIds = Object.entries(previous.steps)
    .filter(([id, step]) => step.status === 'completed' && !rerun.has(id))
    .map(([id]) => id);
  return startPipelineRun(runner, {
    workspaceId,
    principal,
    definition,
    input,
    seed: { fromRunId: runId, nodeIds },
    lineage: { restartedFrom: { runId, nodeId: options.fromNodeId } },
  });
}
