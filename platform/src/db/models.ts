import type { Connection } from 'mongoose';
import { activityEntryModels } from './models/activity-entry.ts';
import { agentActivityModel } from './models/agent-activity.ts';
import { campaignModel } from './models/campaign.ts';
import { counterModel } from './models/counter.ts';
import { dashboardRollupModels } from './models/dashboard-rollup.ts';
import { outcomeEventModels } from './models/outcome-event.ts';
import { outboxModels } from './models/outbox.ts';
import { savedPipelineModel } from './models/pipeline.ts';
import { prospectModel } from './models/prospect.ts';
import { sampleProspectModels } from './models/sample-prospects.ts';
import { workspaceConfigModels } from './models/workspace-config.ts';
import { workspaceIcpModels } from './models/workspace-icp.ts';
import { pipelineRunModels } from './models/pipeline-run.ts';
import { systemCheckModel } from './models/system-check.ts';
import { workspaceModel } from './models/workspace.ts';
import { workspaceSeedModel } from './models/workspace-seed.ts';

/** The platform's mongoose models on one connection: what `db` means when injected. */
export function createModels(connection: Connection) {
  return {
    workspaces: workspaceModel(connection),
    workspaceSeeds: workspaceSeedModel(connection),
    systemChecks: systemCheckModel(connection),
    ...pipelineRunModels(connection),
    pipelines: savedPipelineModel(connection),
    ...outboxModels(connection),
    agentActivity: agentActivityModel(connection),
    prospects: prospectModel(connection),
    campaigns: campaignModel(connection),
    counters: counterModel(connection),
    ...workspaceConfigModels(connection),
    ...outcomeEventModels(connection),
    ...dashboardRollupModels(connection),
    ...activityEntryModels(connection),
    ...workspaceIcpModels(connection),
    ...sampleProspectModels(connection),
  };
}

export type Models = ReturnType<typeof createModels>;
