import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { ExecuteStepInput, FinishRunInput, PipelineActivities } from '@meetflow/workflows';
import { getPath, referencesIn, resolveTemplate, splitReference, type StepStatus } from '@meetflow/workflows/pipeline';
import {
  ACROSS_WORKSPACES,
  mayPlace,
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

function errorMessage(error: unknown): string {
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

  async function runStep(run: PipelineRun, nodeId: string, watch: string[]): Promise<Record<string, unknown>> {
    const { runId } = run;
    const principal = run.startedBy ?? PRINCIPAL_BEFORE_CONTEXT;
    // By its run id alone: unique across workspaces, and this run's (already read in its workspace
    // or by that id), so the filter is the unique index's exact key — the embedded database uses an
    // index only then, and otherwise scans every run record for each step update.
    const thisRun = { runId };
    const node = run.definition.nodes.find((candidate) => candidate.id === nodeId);
    const activity = node && deps.plugins[node.activity];
    if (!node || !activity) {
      throw ApplicationFailure.create({
        type: 'UnknownStep',
        nonRetryable: true,
        message: `run ${runId}: no step "${nodeId}" or its activity is not installed`,
      });
    }
    // Checked again here, on the worker: the API checked the role when the run started, and nothing
    // but the platform's own code should ever get a run record past that.
    const access = deps.declared.get(node.activity)?.access;
    if (!access || !mayPlace(principal.role, access)) {
      throw ApplicationFailure.create({
        type: 'StepNotAllowed',
        nonRetryable: true,
        message: `run ${runId}: step "${nodeId}" (${node.activity}) takes ${access ?? 'an access it does not declare'}, and the run was started by ${principal.id} as ${principal.role}`,
      });
    }
    const step = `steps.${nodeId}`;
    const version = deps.versions?.[node.activity.split('.')[0]!];
    await pipelineRuns.updateOne(
      thisRun,
      {
        $set: {
          [`${step}.status`]: 'running',
          [`${step}.startedAt`]: new Date(),
          ...(version ? { [`${step}.pluginVersion`]: version } : {}),
        },
        $inc: { [`${step}.attempts`]: 1 },
      },
      ACROSS_WORKSPACES,
    );

    const sources = new Map<string, unknown>([['input', run.input]]);
    for (const reference of referencesIn(node.input)) {
      const { source } = splitReference(reference);
      if (!sources.has(source)) sources.set(source, (await stepOutputs.findOne({ runId, nodeId: source }).lean())?.output);
    }
    const input = resolveTemplate(node.input, (reference) => {
      const { source, path } = splitReference(reference);
      return getPath(sources.get(source), path);
    });

    let output: unknown;
    try {
      // The platform's context, from the run record: its workspace and who started it (never the input's).
      const context: RunContext = { workspaceId: run.workspaceId, runId, principal, deadline: null };
      output = await boundFor(node, activity)(input, { run: context });
    } catch (error) {
      // Retryable errors leave the step running (Temporal tries again); the workflow records the final failure.
      const failed = error instanceof ApplicationFailure && error.nonRetryable;
      await pipelineRuns.updateOne(
        thisRun,
        {
          $set: {
            [`${step}.error`]: errorMessage(error),
            ...(failed ? { [`${step}.status`]: 'failed', [`${step}.endedAt`]: new Date() } : {}),
          },
        },
        ACROSS_WORKSPACES,
      );
      throw error;
    }
    await stepOutputs.updateOne({ runId, nodeId }, { $set: { output } }, { upsert: true });
    // With its completion, how the conditions reading its output came out (the same write: every view counts both at once).
    const decided = Object.entries(decidedConditions(run.definition, nodeId, output)).map(([id, held]) => [
      `steps.${id}.conditionMet`,
      held,
    ]);
    await pipelineRuns.updateOne(
      thisRun,
      {
        $set: {
          [`${step}.status`]: 'completed',
          [`${step}.endedAt`]: new Date(),
          [`${step}.outputRef`]: outputRef(runId, nodeId),
          ...Object.fromEntries(decided),
        },
        $unset: { [`${step}.error`]: '' },
      },
      ACROSS_WORKSPACES,
    );
    return summarise(output, watch);
  }

  return { runStep };
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
