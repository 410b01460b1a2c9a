// What the runs domain offers the domains above it (and only this: lint refuses a deeper import):
// starting and reading pipeline runs and batches, and calling plugins through their declared activities and services.
export { batchStanding, type BatchStanding } from './pipelines/batch-progress.ts';
export { startPipelineBatch } from './pipelines/batches.ts';
export type { BuiltInPipeline } from './pipelines/built-ins.ts';
export { findPipeline } from './pipelines/catalog.ts';
export type { ActivityOptions } from './pipelines/definition.ts';
export type { PipelineRun } from './pipelines/run-model.ts';
export { parseRunError } from './pipelines/run-text.ts';
export { ownTimes } from './pipelines/run-times.ts';
export { conditionOf } from './pipelines/step-conditions.ts';
export { startPipelineRun } from './pipelines/runs.ts';
export type { PipelineRunner } from './pipelines/runs.ts';
export { callDeclaredActivity, callPluginActivity, callPluginService, rootReason } from './plugins/call-activity.ts';
export type { DeclaredCallOptions, PluginApiDeps } from './plugins/call-activity.ts';
export type { InProcessCalendar, InProcessChannel, InProcessCrm, PluginHost } from './plugins/host.ts';
