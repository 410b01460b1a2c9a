// The pipelines that ship with Meetflow, as the runs domain knows them: their shape, its own (the
// learning cycle), and the lookups over the list the composition gives the runner. The pipelines of
// the domains above (the prospect pipeline) come in that way, never by import
// (features/built-in-pipelines.ts composes them).
import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { LEARNING_ENGINE } from '@meetflow/plugin-sdk/contracts/agents';
import type { Models } from '../../models.ts';

/** A pipeline that ships with Meetflow: read-only, defined in code, the same in every workspace. */
export interface BuiltInPipeline {
  definition: PipelineDefinition;
  /** What it does and where it runs, for the pipelines list. */
  description: string;
  /** Why it cannot be duplicated into an editable pipeline; absent when it can. */
  cannotDuplicate?: string;
  /** False when its runs are not recorded as pipeline runs (it runs as its own workflow). */
  recordsRuns: boolean;
  /**
   * The definition a run pinned to an earlier definition under this id runs again with (a rerun,
   * a batch's retry), when the earlier one cannot keep its promise any more; absent: as pinned.
   */
  rerunAs?: (pinned: PipelineDefinition) => PipelineDefinition;
}

/**
 * The learning cycle (workflows/src/learning-cycle.ts) drawn as the steps it really takes. It is
 * its own workflow, not a pipeline: its first and last steps are the learning feature's platform
 * activities `gatherOutcomes` and `applyLearningResult` (named `platform.<name>` here, as
 * definitions name platform activities), which pipelines cannot call. Like every step, each acts in
 * the workspace of its run context (the cycle's), never one named by its input.
 */
const LEARNING_CYCLE: PipelineDefinition = {
  id: 'learning-cycle',
  name: 'Learning cycle: gather outcomes → learn → apply',
  version: 1,
  nodes: [
    {
      id: 'gather',
      label: 'Gather outcomes',
      activity: 'platform.gatherOutcomes',
      input: { cycleId: '{{ input.cycleId }}' },
    },
    {
      id: 'learn',
      label: 'Learning engine',
      activity: LEARNING_ENGINE.runLearningCycle,
      input: {
        cycleId: '{{ input.cycleId }}',
        outcomes: '{{ gather.outcomes }}',
        current: '{{ gather.current }}',
        autoApply: '{{ gather.autoApply }}',
      },
    },
    {
      id: 'apply',
      label: 'Apply what was learned',
      activity: 'platform.applyLearningResult',
      input: { cycleId: '{{ input.cycleId }}', result: '{{ learn }}' },
    },
  ],
  edges: [
    { from: 'gather', to: 'learn' },
    { from: 'learn', to: 'apply' },
  ],
};

/**
 * What building a prospect's run input reads (the prospect, the workspace's ICP, offer and config):
 * a route that builds one passes its own collections, so its feature names these among its `uses`.
 */
export type ProspectRunInputDb = Pick<Models, 'prospects' | 'workspaceIcp' | 'workspaceOffers' | 'workspaceConfig'>;

/**
 * The built-in pipelines a runner knows, and how the editor's test run builds a prospect's input
 * (`prospectId`): given by the composition (features/built-in-pipelines.ts), which sees every domain.
 */
export interface BuiltInPipelines {
  /** In the order the list shows them. */
  pipelines: readonly BuiltInPipeline[];
  /**
   * A prospect's run input, built as the prospect pipeline's is: 404 for no such prospect in the
   * workspace, 409 when the workspace cannot build it (no ICP, no offer).
   */
  prospectRunInput: (db: ProspectRunInputDb, workspaceId: string, prospectId: number) => Promise<unknown>;
}

/** The learning cycle as the pipelines list shows it. */
export const LEARNING_CYCLE_PIPELINE: BuiltInPipeline = {
  definition: LEARNING_CYCLE,
  description:
    'Claims the outcomes since the last cycle, lets the learning engine tune scoring weights, template rates and ' +
    'cadence, then writes what it applied into the workspace config. Runs on the weekly learning schedule, or from ' +
    '“Trigger Learning Cycle” on the Learning Dashboard.',
  cannotDuplicate:
    'The learning cycle is its own workflow, not a pipeline: its first and last steps are platform activities ' +
    '(gatherOutcomes, applyLearningResult) that pipelines cannot run.',
  recordsRuns: false,
};

/** The built-in pipeline with this id, if there is one. */
export function builtInPipeline(builtIns: BuiltInPipelines, id: string): BuiltInPipeline | undefined {
  return builtIns.pipelines.find((builtIn) => builtIn.definition.id === id);
}

/** True when `id` is a built-in pipeline's: the read routes answer the built-in for it. */
export function isBuiltInPipeline(builtIns: BuiltInPipelines, id: string): boolean {
  return builtInPipeline(builtIns, id) !== undefined;
}

/** The definition runs pinned to `pinned` are run again with (a rerun, a batch's retry): as pinned, unless its built-in says otherwise. */
export function definitionToRerun(builtIns: BuiltInPipelines, pinned: PipelineDefinition): PipelineDefinition {
  return builtInPipeline(builtIns, pinned.id)?.rerunAs?.(pinned) ?? pinned;
}
