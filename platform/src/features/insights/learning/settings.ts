import { ScheduleNotFoundError, type Client } from '@temporalio/client';
import type { WorkspaceConfig } from '../workspace-config/schemas.ts';
import { ensureLearningSchedule, learningScheduleId } from './schedule.ts';

/** Where a workspace's learning schedule lives. */
export interface LearningScheduleTarget {
  client: Client;
  taskQueue: string;
}

const PAUSED_NOTE = 'Automatic Learning Cycles switched off on /agents';

/**
 * Makes the workspace's weekly learning schedule follow its "Automatic Learning Cycles" switch:
 * on creates (or keeps) the schedule and unpauses it; off pauses it, so a manual trigger still
 * works and switching back on resumes the same schedule. Idempotent.
 */
export async function applyLearningSettings(
  target: LearningScheduleTarget,
  workspaceId: string,
  settings: WorkspaceConfig['learningSettings'],
): Promise<void> {
  if (settings.automaticCycles) {
    await ensureLearningSchedule(target.client, { workspaceId, taskQueue: target.taskQueue });
    const handle = target.client.schedule.getHandle(learningScheduleId(workspaceId));
    if ((await handle.describe()).state.paused) await handle.unpause('Automatic Learning Cycles switched on on /agents');
    return;
  }
  const handle = target.client.schedule.getHandle(learningScheduleId(workspaceId));
  try {
    if (!(await handle.describe()).state.paused) await handle.pause(PAUSED_NOTE);
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error; // no schedule: nothing runs anyway
  }
}

/** A config-change hook (PUT/DELETE /api/config/:key) that keeps the schedule in step with the switch. */
export function learningSettingsChanged(target: LearningScheduleTarget) {
  return async (workspaceId: string, entry: { configKey: string; configValue: unknown }): Promise<void> => {
    if (entry.configKey === 'learningSettings')
      await applyLearningSettings(target, workspaceId, entry.configValue as WorkspaceConfig['learningSettings']);
  };
}

/** When the workspace's next scheduled cycle runs; null when its schedule is paused or absent. */
export async function nextScheduledCycle(client: Client, workspaceId: string): Promise<Date | null> {
  try {
    const description = await client.schedule.getHandle(learningScheduleId(workspaceId)).describe();
    return description.state.paused ? null : (description.info.nextActionTimes[0] ?? null);
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return null;
    throw error;
  }
}
