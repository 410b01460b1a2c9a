import { CONFIG_KEYS, CONFIG_SCHEMAS, type WorkspaceConfig } from '../config-store/schemas.ts';
import { getWorkspaceConfig, setWorkspaceConfig, type ConfigStoreDb } from '../config-store/workspace-config.ts';
import { recordActivity, type ActivityLogDb } from '../learning/activity-log.ts';
import { gatherOutcomes, type LearningOutcomes } from '../learning/gather.ts';
import type { OutcomesDb } from '../outcomes/record.ts';

/** Input of the `learningCycle` workflow; `cycleId` defaults to the workflow id (unique per scheduled run). */
export interface LearningCycleInput {
  workspaceId: string;
  cycleId?: string;
}

/** What `gatherOutcomes` hands the learning engine: the outcomes and the config in force. */
export interface GatheredOutcomes {
  outcomes: LearningOutcomes;
  current: WorkspaceConfig;
}

/** The part of the engine's `runLearningCycle` output that is applied (plugins/learning-engine/src/schemas.ts). */
export interface LearningResult {
  applied: Record<keyof WorkspaceConfig, boolean>;
  effective: WorkspaceConfig;
  activity: Array<{ title: string; description: string; time: string; icon: string; color: string }>;
}

/** How a cycle ended: the config keys it wrote, and any the engine applied with a value the API would refuse. */
export interface LearningCycleSummary {
  cycleId: string;
  applied: Array<keyof WorkspaceConfig>;
  rejected: Array<keyof WorkspaceConfig>;
}

/** The learning cycle's platform activities: read outcomes and config, write back what the engine applied. */
export function createLearningActivities(deps: { db: ConfigStoreDb & OutcomesDb & ActivityLogDb }) {
  const { db } = deps;
  return {
    /** Claims the workspace's new outcome events for this cycle and sums them, with the config in force. */
    async gatherOutcomes({ workspaceId, cycleId }: { workspaceId: string; cycleId: string }): Promise<GatheredOutcomes> {
      const current = await getWorkspaceConfig(db, workspaceId);
      return { outcomes: await gatherOutcomes(db, workspaceId, cycleId, current), current };
    },

    /**
     * Writes the effective value of each part the engine applied (only those, so an edit made
     * during the cycle survives in the others) and records the cycle's activity lines, once
     * each on a retry.
     */
    async applyLearningResult({ workspaceId, cycleId, result }: { workspaceId: string; cycleId: string; result: LearningResult }): Promise<LearningCycleSummary> {
      const summary: LearningCycleSummary = { cycleId, applied: [], rejected: [] };
      for (const key of CONFIG_KEYS.filter((part) => result.applied[part])) {
        if (!CONFIG_SCHEMAS[key].safeParse(result.effective[key]).success) summary.rejected.push(key);
        else summary.applied.push((await setWorkspaceConfig(db, workspaceId, key, result.effective[key])).configKey);
      }
      for (const [index, entry] of result.activity.entries()) {
        await recordActivity(db, { workspaceId, entryKey: `learning-cycle:${cycleId}:${index}`, ...entry });
      }
      return summary;
    },
  };
}

export type LearningActivities = ReturnType<typeof createLearningActivities>;
