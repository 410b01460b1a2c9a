// Saved pipelines, the studio's editor, runs and batches (/api/pipelines, /api/runs, /api/batches); the interpreter runs them on the worker.
import { defineFeature } from '../../context.ts';
import { pipelinesRouter, pipelinesRoutes } from './routes.ts';
import { pipelineEditorRouter, pipelineEditorRoutes } from './editor-routes.ts';
import { runsRouter, runsRoutes } from './runs-routes.ts';
import { batchesRouter, batchesRoutes } from './batches-routes.ts';
import { pipelineRunModels } from './run-model.ts';
import { pipelineBatchModel } from './batch-model.ts';
import { savedPipelineModel } from './model.ts';
import { createPipelineActivities } from './activities.ts';
import { createBatchActivities } from './batch-activities.ts';

export const pipelinesFeature = defineFeature({
  name: 'pipelines',
  domain: 'runs',
  uses: ['pipelines', 'pipelineRuns', 'stepOutputs', 'pipelineBatches', 'prospects', 'workspaceIcp', 'workspaceOffers', 'workspaceConfig'],
  models: (connection) => ({
    ...pipelineRunModels(connection),
    pipelineBatches: pipelineBatchModel(connection),
    pipelines: savedPipelineModel(connection),
  }),
  routes: [
    { routes: pipelinesRoutes, build: ({ product }) => pipelinesRouter(product.db, product.runner) },
    { routes: pipelineEditorRoutes, build: ({ product }) => pipelineEditorRouter(product.db, product.runner) },
    { routes: runsRoutes, build: ({ product }) => runsRouter(product.db, product.runner, product.runEventsRecheckMs) },
    { routes: batchesRoutes, build: ({ product }) => batchesRouter(product.db, product.runner) },
  ],
  activities: (worker) => ({ ...createPipelineActivities(worker), ...createBatchActivities(worker) }),
});
