import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { matchPerson } from './match-person.ts';
import { scoreProspect } from './score-prospect.ts';

export { manifest } from './manifest.ts';
export { scoreProspect } from './score-prospect.ts';
export type { ScoreProspectInput, ScoreProspectOutput } from './schemas.ts';

/** The lead-scoring plugin: pure computation over its inputs, the config and the clock. */
export const leadScoringPlugin = definePlugin(manifest, (deps) => ({
  scoreProspect: async (input) => {
    const result = scoreProspect(input, deps.config, deps.clock.now());
    deps.logger.debug({ totalScore: result.totalScore, priority: result.priority }, 'scored prospect');
    return result;
  },
  matchPeople: async ({ icp, weights, people }) => {
    const now = deps.clock.now();
    return {
      matches: people.map(({ person, source }) => {
        const { matchScore, matchReason } = matchPerson(person, source, icp, deps.config, weights, now);
        return { matchScore, matchReason };
      }),
      qualificationThreshold: deps.config.qualificationThreshold,
    };
  },
}));
