import { createHash } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { Types } from 'mongoose';
import { ApplicationFailure } from '@temporalio/common';
import type { ExecuteStepInput, FinishRunInput, PipelineActivities } from '@meetflow/workflows';
import { getPath, referencesIn, resolveTemplate, splitReference, type StepStatus } from '@meetflow/workflows/pipeline';
import {
  ACROSS_WORKSPACES,
  callMany,
  mayPlace,
  type ListResult,
  type ActivityAccess,
  type BoundActivity,
  type RunContext,
  type RunPrincipal,
} from '@meetflow/plugin-sdk';
import type { Models } from '../../models.ts';
import type { StepActivities } from '../plugins/host.ts';
import type { PipelineRun } from './run-model.ts';
import { decidedConditions } from './step-conditions.ts';

/**
 * The principal of a run recorded before runs recorded who started them: the platform's (such a run
 * was checked against the installed activities only, and no internal activity was placeable then).
 */
const PRINCIPAL_BEFORE_CONTEXT: RunPrincipal = Object.freeze({ kind: 'system', id: 'system:run-before-principals', role: 'system' });

/** Where a step's output is stored, as recorded on the run. */
export const outputRef = (runId: string, nodeId: string) => `step-outputs/${runId}/${nodeId}`;

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a step runner needs: the run records and the installed plugin activities. */
export interface StepRunnerDeps {
  db: Pick<Models, 'pipelineRuns' | 'stepOutputs'>;
  plugins: Record<string, BoundActivity>;
  /** The installed plugins' manifest versions by plugin id: each step records the version that ran it. */
  versions?: Record<string, string>;
  /**
   * Who may place each installed activity (its manifest's, or a built-in's, declared access): a
   * step whose activity its run's principal may not place fails for good, whatever let it in.
   */
  declared: ReadonlyMap<string, { access: ActivityAccess }>;
  /**
   * A plugin's activities bound with a step's own `config` over the server's settings
   * (PluginHost.stepActivities). Without it, a step that sets a config fails, never running
   * on the server's settings instead.
   */
  stepActivities?: StepActivities;
}

/** The context a step runs in: its run's workspace and who started the run, from the run record (never the input). */
const runContext = (run: PipelineRun, step: { principal: RunPrincipal }): RunContext => ({
  workspaceId: run.workspaceId,
  runId: run.runId,
  principal: step.principal,
  deadline: null,
});

/** A step's config, when it sets one (an empty one is none). */
const configOf = (node: PipelineRun['definition']['nodes'][number]) =>
  node.config && Object.keys(node.config).length > 0 ? node.config : undefined;

/**
 * Runs one node of one run: marks it running, resolves its input from the run input and the
 * stored outputs it refers to, calls the plugin activity in-process (same validation as when
 * called alone; bound with the step's own config over the server's when it sets one), stores
 * the full output and returns only the values conditions read.
 * Shared by single runs (one activity per step) and batches (one activity per chunk of runs).
 */
export function createStepRunner(deps: StepRunnerDeps) {
  const { pipelineRuns, stepOutputs } = deps.db;

  /** The activity a step runs: the server-wide binding, or the one with the step's config (a config that does not fit fails for good). */
  function boundFor(node: PipelineRun['definition']['nodes'][number], serverWide: BoundActivity): BoundActivity {
    const config = configOf(node);
    if (!config) return serverWide;
    const pluginId = node.activity.slice(0, node.activity.indexOf('.'));
    const nonRetryable = (message: string) => ApplicationFailure.create({ type: 'InvalidStepConfig', nonRetryable: true, message });
    if (!deps.stepActivities) throw nonRetryable(`step "${node.id}" sets a config, and this worker cannot bind a plugin with one`);
    let bound: Record<string, BoundActivity>;
    try {
      bound = deps.stepActivities(pluginId, config);
    } catch (error) {
      throw nonRetryable(`step "${node.id}": ${errorMessage(error)}`);
    }
    const activity = bound[node.activity];
    if (!activity) throw nonRetryable(`step "${node.id}": ${node.activity} is not an activity of plugin "${pluginId}" a step can run`);
    return activity;
  }

  /**
   * The node a step runs and its activity, checked on the worker: the API checked the role when the
   * run started, and nothing but the platform's own code should ever get a run record past that.
   * Fails for good when the node or its activity is missing or the run's principal may not place it.
   */
  function stepOf(run: PipelineRun, nodeId: string) {
    const { runId } = run;
    const principal = run.startedBy ?? PRINCIPAL_BEFORE_CONTEXT;
    const node = run.definition.nodes.find((candidate) => candidate.id === nodeId);
    const activity = node && deps.plugins[node.activity];
    if (!node || !activity) {
      throw ApplicationFailure.create({
        type: 'UnknownStep',
        nonRetryable: true,
        message: `run ${runId}: no step "${nodeId}" or its activity is not installed`,
      });
    }
    const access = deps.declared.get(node.activity)?.access;
    if (!access || !mayPlace(principal.role, access)) {
      throw ApplicationFailure.create({
        type: 'StepNotAllowed',
        nonRetryable: true,
        message: `run ${runId}: step "${nodeId}" (${node.activity}) takes ${access ?? 'an access it does not declare'}, and the run was started by ${principal.id} as ${principal.role}`,
      });
    }
    return { node, activity, principal, version: deps.versions?.[node.activity.split('.')[0]!] };
  }

  /** A step's input: its mapping resolved from the run input and the stored outputs it refers to (`outputOf(source)`). */
  async function stepInput(
    run: PipelineRun,
    step: ReturnType<typeof stepOf>,
    outputOf: (source: string) => unknown | Promise<unknown>,
  ): Promise<unknown> {
    const sources = new Map<string, unknown>([['input', run.input]]);
    for (const reference of referencesIn(step.node.input)) {
      const { source } = splitReference(reference);
      if (!sources.has(source)) sources.set(source, await outputOf(source));
    }
    return resolveTemplate(step.node.input, (reference) => {
      const { source, path } = splitReference(reference);
      return getPath(sources.get(source), path);
    });
  }

  /**
   * Calls a step's activity in-process (bound with the step's config when it sets one) in the
   * platform's context from the run record: its workspace and who started it (never the input's).
   */
  function callStep(run: PipelineRun, step: ReturnType<typeof stepOf>, input: unknown): Promise<unknown> {
    return boundFor(step.node, step.activity)(input, { run: runContext(run, step) });
  }

  /**
   * Calls one node's activity for several runs: the runs whose step binds to the same activity
   * (the server-wide one, or one config's) in one list call ({@link callMany}: one call when the
   * activity takes a list, else one per run), each run in its own context. One result per run, in
   * order; a run whose config does not bind fails alone.
   */
  async function callSteps(
    calls: ReadonlyArray<{ run: PipelineRun; step: ReturnType<typeof stepOf>; input: unknown }>,
  ): Promise<ListResult[]> {
    const results: ListResult[] = new Array(calls.length);
    const groups = new Map<BoundActivity, number[]>();
    for (const [index, { step }] of calls.entries()) {
      let bound: BoundActivity;
      try {
        bound = boundFor(step.node, step.activity);
      } catch (error) {
        results[index] = { ok: false, error };
        continue;
      }
      groups.set(bound, [...(groups.get(bound) ?? []), index]);
    }
    for (const [bound, indexes] of groups) {
      const items = indexes.map((index) => {
        const { run, step, input } = calls[index]!;
        return { input, extra: { run: runContext(run, step) } };
      });
      for (const [position, result] of (await callMany(bound, items)).entries()) results[indexes[position]!] = result;
    }
    return results;
  }

  async function runStep(run: PipelineRun, nodeId: string, watch: string[]): Promise<Record<string, unknown>> {
    const { runId } = run;
    // By its run id alone: unique across workspaces, and this run's (already read in its workspace
    // or by that id), so the filter is the unique index's exact key — the embedded database uses an
    // index only then, and otherwise scans every run record for each step update.
    const thisRun = { runId };
    const step = stepOf(run, nodeId);
    const path = `steps.${nodeId}`;
    await pipelineRuns.updateOne(
      thisRun,
      {
        $set: {
          [`${path}.status`]: 'running',
          [`${path}.startedAt`]: new Date(),
          ...(step.version ? { [`${path}.pluginVersion`]: step.version } : {}),
        },
        $inc: { [`${path}.attempts`]: 1 },
      },
      ACROSS_WORKSPACES,
    );

    const input = await stepInput(run, step, async (source) => (await stepOutputs.findOne({ runId, nodeId: source }).lean())?.output);
    let output: unknown;
    try {
      output = await callStep(run, step, input);
    } catch (error) {
      // Retryable errors leave the step running (Temporal tries again); the workflow records the final failure.
      const failed = error instanceof ApplicationFailure && error.nonRetryable;
      await pipelineRuns.updateOne(
        thisRun,
        {
          $set: {
            [`${path}.error`]: errorMessage(error),
            ...(failed ? { [`${path}.status`]: 'failed', [`${path}.endedAt`]: new Date() } : {}),
          },
        },
        ACROSS_WORKSPACES,
      );
      throw error;
    }
    await stepOutputs.updateOne(...storeOutput(runId, nodeId, output));
    await pipelineRuns.updateOne(thisRun, completedStep(run, nodeId, output, new Date()), ACROSS_WORKSPACES);
    return summarise(output, watch);
  }

  return { runStep, stepOf, stepInput, callStep, callSteps };
}

/** A step checked to run: its node, the activity it calls, the run's principal and the plugin version that runs it. */
export type RunnableStep = ReturnType<ReturnType<typeof createStepRunner>['stepOf']>;

/**
 * The `_id` of a step's stored output, derived from its run and node (the first 12 bytes of a
 * SHA-256 of `runId/nodeId`): a chunk reads the outputs it needs with one `_id $in` query, a
 * single-field unique key the embedded database looks up. The unique `{runId, nodeId}` index is
 * compound, and that server scans the whole collection for a compound key under `$in`. Outputs
 * stored before this id (random `_id`s) are found by their `{runId, nodeId}` instead.
 */
export function outputId(runId: string, nodeId: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`${runId}/${nodeId}`).digest('hex').slice(0, 24));
}

/** The filter, update and options storing a step's output: an idempotent upsert on its unique key, created with {@link outputId}. */
export function storeOutput(runId: string, nodeId: string, output: unknown) {
  return [{ runId, nodeId }, { $set: { output }, $setOnInsert: { _id: outputId(runId, nodeId) } }, { upsert: true }] as const;
}

/**
 * The update marking a step completed on its run record: where its output is stored, and with it
 * how the conditions reading that output came out (the same write: every view counts both at once).
 */
export function completedStep(run: PipelineRun, nodeId: string, output: unknown, at: Date) {
  const step = `steps.${nodeId}`;
  const decided = Object.entries(decidedConditions(run.definition, nodeId, output)).map(([id, held]) => [`steps.${id}.conditionMet`, held]);
  return {
    $set: {
      [`${step}.status`]: 'completed',
      [`${step}.endedAt`]: at,
      [`${step}.outputRef`]: outputRef(run.runId, nodeId),
      ...Object.fromEntries(decided),
    },
    $unset: { [`${step}.error`]: '' },
  };
}

/** The values at the watched paths of an output. */
export function summarise(output: unknown, watch: string[]): Record<string, unknown> {
  return Object.fromEntries(watch.map((path) => [path, getPath(output, path)]));
}

/** Final statuses as `$set` paths on a run record. */
export function settledSteps(settled: FinishRunInput['settled'], at: Date): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settled).flatMap(([nodeId, stepStatus]) => [
      [`steps.${nodeId}.status`, stepStatus],
      [`steps.${nodeId}.endedAt`, at],
    ]),
  );
}

/**
 * The activities behind the pipeline interpreter. A step runs its plugin activity in-process,
 * stores the full output in MongoDB and returns only the few values the workflow's conditions
 * need: payloads stay out of workflow history.
 */
export function createPipelineActivities(deps: StepRunnerDeps) {
  const { pipelineRuns } = deps.db;
  const { runStep } = createStepRunner(deps);
  // The workflow knows its run by id only (a UUID, unique across workspaces); it has no caller to scope by.
  const byRunId = ACROSS_WORKSPACES;

  return {
    /** Marks the run running and records its Temporal ids. */
    async startRun({ runId }: { runId: string }): Promise<void> {
      const { workflowExecution } = Context.current().info;
      await pipelineRuns.updateOne(
        { runId, status: { $in: ['pending', 'running'] } },
        {
          $set: {
            status: 'running',
            workflowId: workflowExecution?.workflowId,
            temporalRunId: workflowExecution?.runId,
            startedAt: new Date(),
          },
        },
        byRunId,
      );
    },

    /** Runs one node of one run. */
    async executeStep({ runId, nodeId, watch }: ExecuteStepInput): Promise<Record<string, unknown>> {
      const run = await pipelineRuns.findOne({ runId }, null, byRunId).lean();
      if (!run) throw ApplicationFailure.create({ type: 'RunNotFound', nonRetryable: true, message: `run ${runId} does not exist` });
      return runStep(run, nodeId, watch);
    },

    /** Records how the run ended and the steps the workflow settled without running. */
    async finishRun({ runId, status, settled, error }: FinishRunInput): Promise<void> {
      const now = new Date();
      await pipelineRuns.updateOne(
        { runId },
        { $set: { status, endedAt: now, ...settledSteps(settled, now), ...(error ? { error } : {}) } },
        byRunId,
      );
    },
  } satisfies PipelineActivities;
}
