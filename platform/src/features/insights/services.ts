// What the insights domain offers the domains above it (and only this: lint refuses a deeper import):
// recording outcomes and activity, the outcome collections, and each workspace's settings.
export { recordActivity } from './learning/activity-log.ts';
export type { ActivityLogDb } from './learning/activity-log.ts';
export { outcomeEventModels } from './outcomes/event-model.ts';
export { correctAttendance, recordOutcome, recordOutcomes } from './outcomes/record.ts';
export type { OutcomesDb } from './outcomes/record.ts';
export { dashboardRollupModels } from './outcomes/rollup-model.ts';
export type { WorkspaceConfig } from './workspace-config/schemas.ts';
export { getWorkspaceConfig, setWorkspaceConfig } from './workspace-config/workspace-config.ts';
export type { ConfigStoreDb } from './workspace-config/workspace-config.ts';
export { creditProspectOutcomes } from './experiments/credit.ts';
export { countSentTrials } from './experiments/counts.ts';
export type { SentTrialsDb } from './experiments/counts.ts';
export type { ExperimentCreditDb } from './experiments/credit.ts';
export { experimentCreditModels } from './experiments/credit-models.ts';
export { DECIDE_ACTIVITY } from './experiments/decide.ts';
