// Outcome events (sent, replied, booked…) and the rollups the dashboard reads.
import { defineFeature } from '../../context.ts';
import { outcomeEventModels } from './event-model.ts';
import { dashboardRollupModels } from './rollup-model.ts';

export const outcomesFeature = defineFeature({
  name: 'outcomes',
  domain: 'insights',
  uses: [],
  models: (connection) => ({ ...outcomeEventModels(connection), ...dashboardRollupModels(connection) }),
});
