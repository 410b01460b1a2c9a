import type { Connection } from 'mongoose';
import { activityEntryModels } from '../../features/learning/activity-model.ts';
import { agentActivityModel } from '../../features/agents/activity-model.ts';
import { authModels } from '../../features/auth/model.ts';
import { auditModels } from '../../features/audit/model.ts';
import { campaignModel } from '../../features/campaigns/model.ts';
import { invitationModels } from '../../features/members/model.ts';
import { mailboxModels } from '../../features/mailboxes/model.ts';
import { inboundKeyModels } from '../../features/inbound/inbound-key.ts';
import { heldReplyModels } from '../../features/replies/held-reply-model.ts';
import { mailLinkModels } from '../../features/sending/mail-links.ts';
import { counterModel } from './counter.ts';
import { dashboardRollupModels } from '../../features/outcomes/rollup-model.ts';
import { outcomeEventModels } from '../../features/outcomes/event-model.ts';
import { outboxModels } from '../../features/sequences/outbox-model.ts';
import { savedPipelineModel } from '../../features/pipelines/model.ts';
import { prospectModel } from '../../features/prospects/model.ts';
import { workspaceConfigModels } from '../../features/workspace-config/model.ts';
import { workspaceOfferModels } from '../../features/offer/model.ts';
import { workspaceIcpModels } from '../../features/icp/model.ts';
import { pipelineRunModels } from '../../features/pipelines/run-model.ts';
import { pipelineBatchModel } from '../../features/pipelines/batch-model.ts';
import { systemCheckModel } from '../../features/system/model.ts';
import { workspaceModel } from '../../features/workspaces/model.ts';

/** The platform's mongoose models on one connection: what `db` means when injected. */
export function createModels(connection: Connection) {
  return {
    workspaces: workspaceModel(connection),
    ...authModels(connection),
    ...invitationModels(connection),
    ...auditModels(connection),
    systemChecks: systemCheckModel(connection),
    ...pipelineRunModels(connection),
    pipelineBatches: pipelineBatchModel(connection),
    pipelines: savedPipelineModel(connection),
    ...outboxModels(connection),
    agentActivity: agentActivityModel(connection),
    prospects: prospectModel(connection),
    campaigns: campaignModel(connection),
    counters: counterModel(connection),
    ...workspaceConfigModels(connection),
    ...workspaceOfferModels(connection),
    ...mailboxModels(connection),
    ...inboundKeyModels(connection),
    ...mailLinkModels(connection),
    ...heldReplyModels(connection),
    ...outcomeEventModels(connection),
    ...dashboardRollupModels(connection),
    ...activityEntryModels(connection),
    ...workspaceIcpModels(connection),
  };
}

export type Models = ReturnType<typeof createModels>;
