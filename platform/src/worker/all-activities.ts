import type { BoundActivity } from '@meetflow/plugin-sdk';
import type { Models } from '../core/db/models.ts';
import type { Secrets } from '../core/secrets-key.ts';
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
export function createActivities(deps: {
  db: Models;
  plugins: Record<string, BoundActivity>;
  versions?: Record<string, string>;
  /** Opens mailbox passwords and signs unsubscribe links; without it nothing is sent (the emails wait, saying why). */
  secrets?: Secrets;
  /** The base of the links in sent emails. */
  publicUrl?: string;
}) {
  return {
    ...deps.plugins,
    ...createPipelineActivities(deps),
    ...createBatchActivities({ ...deps, onFinish: (runIds) => applyProspectRuns(deps.db, runIds) }),
    ...createSequenceActivities({
      db: deps.db,
      secrets: deps.secrets ?? { unavailable: 'Sending is off: this worker was started without a secrets key' },
      publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    }),
    ...createLearningActivities(deps),
    ...createSystemActivities(deps.db),
  };
}

export type Activities = ReturnType<typeof createActivities>;
