import type { BoundActivity } from '@meetflow/plugin-sdk';
import type { Models } from '../core/db/models.ts';
import { createLearningActivities } from '../features/learning/activities.ts';
import { applyProspectRuns } from '../features/superagent/process-prospect.ts';
import { createBatchActivities } from '../features/pipelines/batch-activities.ts';
import { createPipelineActivities } from '../features/pipelines/activities.ts';
import { createSequenceActivities } from '../features/sequences/activities.ts';
import { createSystemActivities } from '../features/system/activities.ts';

/**
 * Every activity the worker registers: the plugins' (as `<plugin>.<activity>`), the pipeline
 * interpreter's, the sequences' outbox, the learning cycle's, and the platform's own checks.
 */
export function createActivities(deps: { db: Models; plugins: Record<string, BoundActivity>; versions?: Record<string, string> }) {
  return {
    ...deps.plugins,
    ...createPipelineActivities(deps),
    ...createBatchActivities({ ...deps, onFinish: (runIds) => applyProspectRuns(deps.db, runIds) }),
    ...createSequenceActivities(deps.db),
    ...createLearningActivities(deps),
    ...createSystemActivities(deps.db),
  };
}

export type Activities = ReturnType<typeof createActivities>;
