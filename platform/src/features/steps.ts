// The platform's built-in pipeline steps: the activities of the platform itself (not of a plugin)
// a pipeline may place, with how each runs, as the features declare them (`steps` in feature.ts).
import type { ActivityOptions } from './runs/pipelines/definition.ts';
import { FEATURES } from './index.ts';

/**
 * Built-in activities pipelines may use beside the plugins', with who may place them and their
 * timeouts: enrolling sends email from the workspace's mailboxes, and applying a prospect's score
 * writes its prospects and the outcomes the learning engine learns from, so both take sales ops.
 */
export const BUILTIN_ACTIVITIES: ReadonlyMap<string, ActivityOptions> = new Map(
  FEATURES.flatMap((feature) => [...(feature.steps?.options ?? [])]),
);
