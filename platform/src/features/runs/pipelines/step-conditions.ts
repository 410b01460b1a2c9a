import { conditionHolds, getPath, splitReference, type PipelineDefinition } from '@meetflow/workflows/pipeline';
import type { StepRecord } from './run-model.ts';

/**
 * The conditions a step's output decides: for each step of the definition whose condition (`when`)
 * reads `nodeId`'s output, whether it holds, by that step's id. Recorded on those steps'
 * records (`conditionMet`) when `nodeId` completes, so every view of the runs (a batch's, a
 * campaign's) says how a condition came out as soon as the step it reads has answered, not only
 * once the conditional step's turn comes.
 */
export function decidedConditions(definition: Pick<PipelineDefinition, 'nodes'>, nodeId: string, output: unknown): Record<string, boolean> {
  const decided: Record<string, boolean> = {};
  for (const node of definition.nodes) {
    if (!node.when) continue;
    const { source, path } = splitReference(node.when.path);
    if (source === nodeId) decided[node.id] = conditionHolds(node.when, getPath(output, path));
  }
  return decided;
}

/**
 * How a step's condition came out for its run: recorded when the step it reads completed; for a
 * run recorded before that was, true once the step has run (it ran because it held); undefined
 * while not known (or for a step without a condition).
 */
export function conditionOf(step: Pick<StepRecord, 'status' | 'conditionMet'> | undefined): boolean | undefined {
  if (!step) return undefined;
  if (typeof step.conditionMet === 'boolean') return step.conditionMet;
  return step.status === 'running' || step.status === 'completed' || step.status === 'failed' ? true : undefined;
}
