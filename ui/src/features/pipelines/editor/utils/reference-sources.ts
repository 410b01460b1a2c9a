import type { PipelineDefinition } from '../../api/types.ts';
import { upstreamOf } from './definition-edits.ts';
import { outputPaths, type OutputPath } from './output-paths.ts';
import type { StepActivity } from './palette.ts';

/** A step a reference can read: one upstream of the step being edited, with the paths of its output. */
export interface ReferenceSource {
  nodeId: string;
  /** Its label, else its id. */
  name: string;
  activity: string;
  paths: OutputPath[];
}

/** The reference to a path of a step's output: `score.totalScore`, or `score` for the whole output. */
export const referenceTo = (nodeId: string, path: string): string => (path ? `${nodeId}.${path}` : nodeId);

/** What step `nodeId` can read: each step upstream of it with its output's paths (only the whole output when its activity is unknown). */
export function referenceSources(
  definition: PipelineDefinition,
  nodeId: string,
  activities: ReadonlyMap<string, StepActivity>,
): ReferenceSource[] {
  return upstreamOf(definition, nodeId).map((node) => ({
    nodeId: node.id,
    name: node.label ?? node.id,
    activity: node.activity,
    paths: outputPaths(activities.get(node.activity)?.activity.output),
  }));
}
