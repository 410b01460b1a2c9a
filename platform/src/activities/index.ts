import type { BoundActivity } from '@meetflow/plugin-sdk';
import type { Models } from '../db/models.ts';
import { createLearningActivities } from './learning.ts';
import { applyProspectRuns } from '../superagent/process-prospect.ts';
import { createBatchActivities } from './pipeline-batch.ts';
import { createPipelineActivities } from './pipeline.ts';
import { createSequenceActivities } from './sequence.ts';
import { createSystemActivities } from './system.ts';

/**
 * Every activity the worker registers: the plugins' (as `<plugin>.<activity>`), the pipeline
 * interpreter's, the sequences' outbox, the learning cycle's, and the platform's own checks.
 */
export function createActivities(deps: { db: Models; plugins: Record<string, BoundActivity> }) {
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
