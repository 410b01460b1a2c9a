import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptionsStartWorkflowAction,
  type ScheduleSpec,
} from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import type { LearningCycleInput, LearningCycleSummary } from '@meetflow/workflows';

type LearningCycleWorkflow = (input: LearningCycleInput) => Promise<LearningCycleSummary>;

/** Every Monday at 06:00 UTC: the "Automatic Learning Cycles (weekly)" of the /agents screen. */
export const DEFAULT_LEARNING_CRON = '0 6 * * 1';

/** When and where a workspace's learning cycles run. */
export interface LearningScheduleOptions {
  workspaceId: string;
  taskQueue: string;
  /** A cron expression in UTC; the default is `DEFAULT_LEARNING_CRON`. */
  cron?: string;
  /** A fixed interval instead of the cron (e.g. '7 days'); wins over `cron` when given. */
  every?: Duration;
}

/** The schedule id of a workspace's learning cycles. */
export const learningScheduleId = (workspaceId: string) => `learning-cycle-${workspaceId}`;

/**
 * Makes sure the workspace's learning cycle runs on its schedule: creates the Temporal
 * Schedule, or updates its timing and action when it exists. Safe to call at every start-up.
 * Overlapping runs are skipped: a cycle still running when the next one is due keeps going alone.
 */
export async function ensureLearningSchedule(
  client: Client,
  options: LearningScheduleOptions,
): Promise<{ scheduleId: string; created: boolean }> {
  const scheduleId = learningScheduleId(options.workspaceId);
  const spec: ScheduleSpec =
    options.every !== undefined
      ? { intervals: [{ every: options.every }] }
      : { cronExpressions: [options.cron ?? DEFAULT_LEARNING_CRON], timezone: 'UTC' };
  const input: LearningCycleInput = { workspaceId: options.workspaceId };
  // Temporal appends the scheduled time to this id, so each run (and its cycle id) is unique.
  const action: ScheduleOptionsStartWorkflowAction<LearningCycleWorkflow> = {
    type: 'startWorkflow',
    workflowType: 'learningCycle',
    taskQueue: options.taskQueue,
    workflowId: scheduleId,
    args: [input],
  };
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } });
    return { scheduleId, created: true };
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  return { scheduleId, created: false };
}
