import type { Connection } from 'mongoose';
import { agentActivityModel } from './models/agent-activity.ts';
import { outboxModels } from './models/outbox.ts';
import { savedPipelineModel } from './models/pipeline.ts';
import { pipelineRunModels } from './models/pipeline-run.ts';
import { systemCheckModel } from './models/system-check.ts';
import { workspaceModel } from './models/workspace.ts';

/** The platform's mongoose models on one connection: what `db` means when injected. */
export function createModels(connection: Connection) {
  return {
    workspaces: workspaceModel(connection),
    systemChecks: systemCheckModel(connection),
    ...pipelineRunModels(connection),
    pipelines: savedPipelineModel(connection),
    ...outboxModels(connection),
    agentActivity: agentActivityModel(connection),
  };
}

export type Models = ReturnType<typeof createModels>;
