// Outcome events (sent, replied, booked…) and the rollups the dashboard reads.
import { defineFeature } from '../../context.ts';
import { outcomeEventModels } from './event-model.ts';
import { dashboardRollupModels } from './rollup-model.ts';
import { reconcileAllRollups } from './record.ts';

export const outcomesFeature = defineFeature({
  name: 'outcomes',
  domain: 'insights',
  uses: ['outcomeEvents', 'dashboardRollups'],
  models: (connection) => ({ ...outcomeEventModels(connection), ...dashboardRollupModels(connection) }),
  onStart: { does: 'finish the rollup updates a stop cut short', run: ({ product }) => reconcileAllRollups(product.db) },
});
