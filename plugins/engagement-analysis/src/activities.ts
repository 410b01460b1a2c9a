import type { PluginDeps } from '@meetflow/plugin-sdk';
import { classifyReply } from './classify.ts';
import type { EngagementConfig } from './config.ts';
import type { ReplyClassification, ReplyInput } from './schemas.ts';

/** The engagement-analysis activities over their dependencies (only the config is needed). */
export function createEngagementActivities(deps: PluginDeps<EngagementConfig>) {
  return {
    /** Classifies one reply; pure and deterministic, so a retry gives the same answer. */
    classifyReply: async (reply: ReplyInput): Promise<ReplyClassification> => {
      const classification = classifyReply(reply, deps.config);
      deps.logger.debug({ category: classification.category, confidence: classification.confidence }, 'reply classified');
      return classification;
    },
  };
}
