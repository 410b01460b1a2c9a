// The platform's own checks that a worker runs its activities.
import { defineFeature } from '../../context.ts';
import { systemCheckModel } from './model.ts';
import { createSystemActivities } from './activities.ts';

export const systemFeature = defineFeature({
  name: 'system',
  domain: 'runs',
  uses: ['systemChecks'],
  models: (connection) => ({ systemChecks: systemCheckModel(connection) }),
  activities: (worker) => createSystemActivities(worker.db),
});
