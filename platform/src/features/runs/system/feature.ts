// The platform's own checks that a worker runs its activities.
import { defineFeature } from '../../context.ts';
import { systemCheckModel } from './model.ts';

export const systemFeature = defineFeature({
  name: 'system',
  domain: 'runs',
  models: (connection) => ({ systemChecks: systemCheckModel(connection) }),
});
