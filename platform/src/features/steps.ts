// The platform's built-in pipeline steps: the activities of the platform itself (not of a plugin)
// a pipeline may place, with how each runs. Composed here, above the domains that own them.
import type { ActivityOptions } from './runs/pipelines/definition.ts';
import { ENROLL_ACTIVITY, ENROLL_OPTIONS } from './email/sequences/enrollment.ts';
import { APPLY_SCORE_ACTIVITY, APPLY_SCORE_OPTIONS } from './prospecting/superagent/apply-score.ts';

/**
 * Built-in activities pipelines may use beside the plugins', with who may place them and their
 * timeouts: enrolling sends email from the workspace's mailboxes, and applying a prospect's score
 * writes its prospects and the outcomes the learning engine learns from, so both take sales ops.
 */
export const BUILTIN_ACTIVITIES: ReadonlyMap<string, ActivityOptions> = new Map<string, ActivityOptions>([
  [ENROLL_ACTIVITY, ENROLL_OPTIONS],
  [APPLY_SCORE_ACTIVITY, APPLY_SCORE_OPTIONS],
]);
