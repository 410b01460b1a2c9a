import type { Connection } from 'mongoose';
import { activityEntryModels } from './insights/learning/activity-model.ts';
import { scoringRefitModels } from './insights/learning/refit-model.ts';
import { agentActivityModel } from './insights/agents/activity-model.ts';
import { authModels } from './accounts/auth/model.ts';
import { auditModels } from './accounts/audit/model.ts';
import { campaignModel } from './prospecting/campaigns/model.ts';
import { invitationModels } from './accounts/members/model.ts';
import { mailboxModels } from './email/mailboxes/model.ts';
import { inboundKeyModels } from './email/inbound/inbound-key.ts';
import { heldReplyModels } from './email/replies/held-reply-model.ts';
import { inboxModels } from './email/inbox/model.ts';
import { mailLinkModels } from './email/sending/mail-links.ts';
import { counterModel } from '../core/db/counter.ts';
import { eventModel } from '../core/events.ts';
import { dashboardRollupModels } from './insights/outcomes/rollup-model.ts';
import { outcomeEventModels } from './insights/outcomes/event-model.ts';
import { outboxModels } from './email/outbox/model.ts';
import { sequenceDirectoryModels } from './email/sequences/directory.ts';
import { savedPipelineModel } from './runs/pipelines/model.ts';
import { prospectModel } from './prospecting/prospects/model.ts';
import { prospectSearchKeyModel } from './prospecting/prospects/search-keys.ts';
import { workspaceConfigModels } from './insights/workspace-config/model.ts';
import { workspaceOfferModels } from './prospecting/offer/model.ts';
import { workspaceIcpModels } from './prospecting/icp/model.ts';
import { pipelineRunModels } from './runs/pipelines/run-model.ts';
import { pipelineBatchModel } from './runs/pipelines/batch-model.ts';
import { systemCheckModel } from './runs/system/model.ts';
import { workspaceModel } from './accounts/workspaces/model.ts';
import { experimentsModels } from './insights/experiments/model.ts';
import { calendarModels } from './revenue/calendars/model.ts';
import { oauthModels } from './revenue/oauth/model.ts';
import { bookingLinkModels } from './revenue/booking-links/model.ts';
import { webhooksModels } from './revenue/webhooks/model.ts';
import { crmModels } from './revenue/crm/model.ts';

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
    ...sequenceDirectoryModels(connection),
    agentActivity: agentActivityModel(connection),
    prospects: prospectModel(connection),
    prospectSearchKeys: prospectSearchKeyModel(connection),
    campaigns: campaignModel(connection),
    counters: counterModel(connection),
    events: eventModel(connection),
    ...workspaceConfigModels(connection),
    ...workspaceOfferModels(connection),
    ...mailboxModels(connection),
    ...inboundKeyModels(connection),
    ...mailLinkModels(connection),
    ...heldReplyModels(connection),
    ...inboxModels(connection),
    ...outcomeEventModels(connection),
    ...dashboardRollupModels(connection),
    ...activityEntryModels(connection),
    ...scoringRefitModels(connection),
    ...workspaceIcpModels(connection),
    ...experimentsModels(connection),
    ...calendarModels(connection),
    ...oauthModels(connection),
    ...bookingLinkModels(connection),
    ...webhooksModels(connection),
    ...crmModels(connection),
  };
}

export type Models = ReturnType<typeof createModels>;
