import { LEAD_SCORING } from '@meetflow/plugin-sdk/contracts/agents';
import { defineManifest } from '@meetflow/plugin-sdk';
import { configSchema } from './config.ts';
import { MatchPeopleInputSchema, MatchPeopleOutputSchema, ScoreProspectInputSchema, ScoreProspectOutputSchema } from './schemas.ts';

/** The lead-scoring agent: ICP fit and timing on five explainable dimensions. */
export const manifest = defineManifest({
  id: LEAD_SCORING.plugin,
  name: 'Lead scoring',
  version: '0.1.0',
  description:
    'Scores a prospect 0–100 against the ICP on company size, industry, tech stack, job title and timing, with the points of each dimension explained.',
  kind: 'agent',
  ui: { icon: 'gauge', color: '#7c3aed', category: 'Qualification', order: 20 },
  config: configSchema,
  activities: {
    scoreProspect: {
      description:
        'Scores one prospect (and its research, if any) against an ICP; qualified at its qualificationThreshold setting (70 by default).',
      access: 'public',
      input: ScoreProspectInputSchema,
      output: ScoreProspectOutputSchema,
      timeout: '30 seconds',
    },
    matchPeople: {
      description:
        "Scores the people a discovery found against the ICP before any research (their source's facts stand in), each with the reason a sales person reads.",
      access: 'public',
      input: MatchPeopleInputSchema,
      output: MatchPeopleOutputSchema,
      timeout: '30 seconds',
      service: true,
    },
  },
});
