import { workspaceOf, type ActivityImplementations, type PluginDeps } from '@meetflow/plugin-sdk';
import type { LearningEngineConfig } from './config.ts';
import { computeLearningCycle } from './cycle.ts';
import { findCycle, hashInput, listRecentCycles, storeCycle } from './cycles-store.ts';
import type { manifest } from './manifest.ts';

type Manifest = typeof manifest;

/** Builds the learning engine's activities over its dependencies. */
export function register(deps: PluginDeps<LearningEngineConfig, Manifest['collections']>): ActivityImplementations<Manifest['activities']> {
  const { db, config, clock, logger } = deps;
  return {
    async runLearningCycle(given, context) {
      // Keyed first, as when the input named it: the stored cycles' input hashes stay the same.
      const input = { workspaceId: workspaceOf(context), ...given };
      const existing = await findCycle(db.cycles, input.workspaceId, input.cycleId);
      if (existing) {
        if (existing.inputHash !== hashInput(input)) {
          logger.warn(
            { workspaceId: input.workspaceId, cycleId: input.cycleId },
            'cycle id reused with different input; returning the stored result',
          );
        }
        return existing.output;
      }
      const now = clock.now();
      const output = computeLearningCycle(input, config, now);
      const stored = await storeCycle(db.cycles, input, output, now);
      logger.info({ workspaceId: input.workspaceId, cycleId: input.cycleId, applied: stored.output.applied }, 'learning cycle stored');
      return stored.output;
    },

    async listCycles({ limit }, context) {
      const workspaceId = workspaceOf(context);
      const { total, cycles } = await listRecentCycles(db.cycles, workspaceId, limit);
      return {
        total,
        cycles: cycles.map(({ createdAt, output }) => ({
          cycleId: output.cycleId,
          createdAt: createdAt.toISOString(),
          applied: output.applied,
          insights: output.insights,
          metrics: output.metrics,
        })),
      };
    },
  };
}
