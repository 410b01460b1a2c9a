// Every workflow the Meetflow worker runs. Bundle-pure: no Node builtins, no I/O here.
export { runPluginActivity, type RunPluginActivityInput } from './run-plugin-activity.ts';
export { systemCheck, type SystemCheckResult } from './system-check.ts';
export { runPipeline, TRUE_DAG_PATCH, type RunPipelineInput, type RunPipelineResult } from './run-pipeline.ts';
export {
  approveSignal,
  controlSignal,
  prospectSequence,
  rejectSignal,
  SENDING_PATCH,
  MEETING_PROPOSAL_PATCH,
  PROPOSAL_STEP,
  replySignal,
  sequenceStateQuery,
  unsubscribeSignal,
  type ProspectSequenceInput,
  type SequenceControl,
  type ReplySignal,
  type SequenceState,
  type SequenceStep,
  type SequenceHandlers,
} from './prospect-sequence.ts';
export {
  memberSignal,
  memberStatesQuery,
  sequenceGroup,
  type MemberSignal,
  type MemberSignalName,
  type SequenceGroupInput,
  type SequenceGroupResult,
  type SequenceMember,
} from './sequence-group.ts';
export {
  BATCH_CONCURRENCY_PATCH,
  batchProgressQuery,
  runBatch,
  type BatchLiveProgress,
  type BatchProgress,
  type BatchRunState,
  type BatchState,
  type RunBatchInput,
} from './run-batch.ts';
export { learningCycle } from './learning-cycle.ts';
export { inboxPolling, type InboxPollingInput } from './inbox-polling.ts';
export { sendEmail, type SendEmailInput } from './send-email.ts';
export { webhookDelivery, webhookDispatch, type WebhookDeliveryInput, type WebhookDispatchInput } from './webhooks.ts';
export { crmSync, crmSyncNowSignal, type CrmSyncActivities, type CrmSyncInput, type CrmSyncPage } from './crm-sync.ts';
export {
  calendarConnectedSignal,
  calendarSync,
  CALENDAR_READS_PER_RUN,
  type CalendarReadBack,
  type CalendarSyncActivities,
  type CalendarSyncInput,
} from './calendar-sync.ts';
export { billingCycle, type BillingCycleActivities, type BillingCycleInput, type CloseMonthResult } from './billing-cycle.ts';
export type {
  BatchActivities,
  ChunkInput,
  ChunkProgress,
  ChunkResult,
  ExecuteStepInput,
  FinishRunInput,
  FinishRunsInput,
  LearnedKey,
  LegacySendStepInput,
  InboxActivities,
  LearningActivities,
  LearningCycleInput,
  LearningCycleSummary,
  PipelineActivities,
  RecordSystemCheckInput,
  DeliverStepInput,
  DeliverStepResult,
  QueueStepInput,
  QueueStepResult,
  SequenceActivities,
  SystemActivities,
  WebhookActivities,
} from './activities.ts';
