import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { LEARNING_ENGINE } from '@meetflow/plugin-sdk/contracts/agents';
import { PROSPECT_PIPELINE, withAppliedScore } from '../../prospecting/superagent/prospect-pipeline.ts';

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

/** The built-in pipelines, in the order the list shows them. */
export const BUILT_IN_PIPELINES: readonly BuiltInPipeline[] = [
  {
    definition: PROSPECT_PIPELINE,
    description:
      'Researches the prospect’s site, scores it against the ICP with the learned weights, applies the score to the ' +
      'prospect (and records it for learning), writes a cited sequence when it qualifies and enrols the prospect. ' +
      'Every processed prospect and campaign batch runs it.',
    recordsRuns: true,
    // Its runs before version 3 had their score applied from outside the run: run again, they get the apply step.
    rerunAs: withAppliedScore,
  },
  {
    definition: LEARNING_CYCLE,
    description:
      'Claims the outcomes since the last cycle, lets the learning engine tune scoring weights, template rates and ' +
      'cadence, then writes what it applied into the workspace config. Runs on the weekly learning schedule, or from ' +
      '“Trigger Learning Cycle” on the Learning Dashboard.',
    cannotDuplicate:
      'The learning cycle is its own workflow, not a pipeline: its first and last steps are platform activities ' +
      '(gatherOutcomes, applyLearningResult) that pipelines cannot run.',
    recordsRuns: false,
  },
];

/** True when `id` is a built-in pipeline's: the read routes answer the built-in for it. */
export function isBuiltInPipeline(id: string): boolean {
  return BUILT_IN_PIPELINES.some((builtIn) => builtIn.definition.id === id);
}

/** The built-in pipeline with this id, if there is one. */
export function builtInPipeline(id: string): BuiltInPipeline | undefined {
  return BUILT_IN_PIPELINES.find((builtIn) => builtIn.definition.id === id);
}

/** The definition runs pinned to `pinned` are run again with (a rerun, a batch's retry): as pinned, unless its built-in says otherwise. */
export function definitionToRerun(pinned: PipelineDefinition): PipelineDefinition {
  return builtInPipeline(pinned.id)?.rerunAs?.(pinned) ?? pinned;
}
