import type { Connection } from 'mongoose';
import { activityEntryModels } from '../../features/insights/learning/activity-model.ts';
import { agentActivityModel } from '../../features/insights/agents/activity-model.ts';
import { authModels } from '../../features/accounts/auth/model.ts';
import { auditModels } from '../../features/accounts/audit/model.ts';
import { campaignModel } from '../../features/prospecting/campaigns/model.ts';
import { invitationModels } from '../../features/accounts/members/model.ts';
import { mailboxModels } from '../../features/email/mailboxes/model.ts';
import { inboundKeyModels } from '../../features/email/inbound/inbound-key.ts';
import { heldReplyModels } from '../../features/email/replies/held-reply-model.ts';
import { mailLinkModels } from '../../features/email/sending/mail-links.ts';
import { counterModel } from './counter.ts';
import { dashboardRollupModels } from '../../features/insights/outcomes/rollup-model.ts';
import { outcomeEventModels } from '../../features/insights/outcomes/event-model.ts';
import { outboxModels } from '../../features/email/outbox/model.ts';
import { savedPipelineModel } from '../../features/runs/pipelines/model.ts';
import { prospectModel } from '../../features/prospecting/prospects/model.ts';
import { workspaceConfigModels } from '../../features/accounts/workspace-config/model.ts';
import { workspaceOfferModels } from '../../features/prospecting/offer/model.ts';
import { workspaceIcpModels } from '../../features/prospecting/icp/model.ts';
import { pipelineRunModels } from '../../features/runs/pipelines/run-model.ts';
import { pipelineBatchModel } from '../../features/runs/pipelines/batch-model.ts';
import { systemCheckModel } from '../../features/runs/system/model.ts';
import { workspaceModel } from '../../features/accounts/workspaces/model.ts';

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
