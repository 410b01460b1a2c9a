import type { LearningActivities, LearningCycleSummary } from '@meetflow/workflows';
import { CONFIG_SCHEMAS, type WorkspaceConfig } from '../workspace-config/schemas.ts';
import { getWorkspaceConfig, setWorkspaceConfig, type ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import { recordActivity, type ActivityLogDb } from './activity-log.ts';
import { gatherOutcomes, type LearningOutcomes } from './gather.ts';
import type { OutcomesDb } from '../outcomes/record.ts';
import type { ScoringRefitsDb } from './refit-model.ts';
import { EngineRefit, recordRefit } from './refits.ts';

/** The config values the learning engine learns (the rest of the config are switches it obeys). */
export type LearnedConfig = Pick<WorkspaceConfig, 'scoringWeights' | 'templatePerformance' | 'cadenceTiming'>;

/** What `gatherOutcomes` hands the learning engine: the outcomes, the learned values in force, and whether it may apply. */
export interface GatheredOutcomes {
  outcomes: LearningOutcomes;
  current: LearnedConfig;
  /** The workspace's "Auto-Apply Optimizations" switch: off, the engine proposes and applies nothing. */
  autoApply: boolean;
}

/** The part of the engine's `runLearningCycle` output that is applied (plugins/learning-engine/src/schemas.ts). */
export interface LearningResult {
  applied: Record<keyof LearnedConfig, boolean>;
  effective: LearnedConfig;
  activity: Array<{ title: string; description: string; time: string; icon: string; color: string }>;
  /** The scoring-weight refit from meetings, with its evidence (absent from engines before it). */
  scoringRefit?: unknown;
}

const LEARNED_KEYS = ['scoringWeights', 'templatePerformance', 'cadenceTiming'] as const satisfies ReadonlyArray<keyof LearnedConfig>;

/** The learning cycle's platform activities: read outcomes and config, write back what the engine applied. */
export function createLearningActivities(deps: { db: ConfigStoreDb & OutcomesDb & ActivityLogDb & ScoringRefitsDb }) {
  const { db } = deps;
  return {
    /** Claims the workspace's new outcome events for this cycle and sums them, with the config in force. */
    async gatherOutcomes({ workspaceId, cycleId }: { workspaceId: string; cycleId: string }): Promise<GatheredOutcomes> {
      const config = await getWorkspaceConfig(db, workspaceId);
      const { scoringWeights, templatePerformance, cadenceTiming } = config;
      return {
        outcomes: await gatherOutcomes(db, workspaceId, cycleId, config),
        current: { scoringWeights, templatePerformance, cadenceTiming },
        autoApply: config.learningSettings.autoApply,
      };
    },

    /**
     * Writes the effective value of each part the engine applied (only those, so an edit made
     * during the cycle survives in the others), records the scoring refit with its evidence (so an
     * applied one can be rolled back) and the cycle's activity lines, once each on a retry.
     */
    async applyLearningResult({
      workspaceId,
      cycleId,
      result,
    }: {
      workspaceId: string;
      cycleId: string;
      result: LearningResult;
    }): Promise<LearningCycleSummary> {
      const summary: LearningCycleSummary = { cycleId, applied: [], rejected: [] };
      for (const key of LEARNED_KEYS.filter((part) => result.applied[part])) {
        if (!CONFIG_SCHEMAS[key].safeParse(result.effective[key]).success) summary.rejected.push(key);
        else summary.applied.push((await setWorkspaceConfig(db, workspaceId, key, result.effective[key])).configKey);
      }
      const refit = EngineRefit.safeParse(result.scoringRefit);
      if (refit.success) {
        const applied = refit.data.applied && summary.applied.includes('scoringWeights');
        await recordRefit(db, workspaceId, cycleId, { ...refit.data, applied }, new Date());
      }
      for (const [index, entry] of result.activity.entries()) {
        await recordActivity(db, { workspaceId, entryKey: `learning-cycle:${cycleId}:${index}`, ...entry });
      }
      return summary;
    },
  } satisfies LearningActivities;
}
