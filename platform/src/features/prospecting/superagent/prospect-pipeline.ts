import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { LEAD_SCORING, OUTREACH, RESEARCH } from '@meetflow/plugin-sdk/contracts/agents';
import { ENROLL_ACTIVITY } from '../../email/sequences/enrollment.ts';

/** The steps of the prospect pipeline, by node id: what readers of its runs' outputs name. */
export const PROSPECT_STEPS = { research: 'research', score: 'score', copy: 'copy', outreach: 'outreach' } as const;

/**
 * The built-in prospect pipeline: research the company's site → score against the ICP with the
 * workspace's learned weights → write the sequence from cited facts (only when lead scoring says qualified: its own
 * `qualificationThreshold` setting, 70 by default) → enrol the
 * prospect in its durable sequence. Run inputs: `website`, `prospect`, `icp`, `contact`,
 * `offer`, `config` (the workspace config), `prospectId`. The workspace is the run's, never an input.
 */
export const PROSPECT_PIPELINE: PipelineDefinition = {
  id: 'prospect-pipeline',
  name: 'Prospect pipeline: research → score → copy → outreach',
  version: 2,
  nodes: [
    {
      id: PROSPECT_STEPS.research,
      label: 'Researcher',
      activity: RESEARCH.enrichCompany,
      input: { website: '{{ input.website }}', companyName: '{{ input.prospect.company }}' },
    },
    {
      id: 'score',
      label: 'Scorer',
      activity: LEAD_SCORING.scoreProspect,
      input: {
        prospect: '{{ input.prospect }}',
        research: '{{ research }}',
        icp: '{{ input.icp }}',
        weights: '{{ input.config.scoringWeights }}',
      },
    },
    {
      id: 'copy',
      label: 'Copywriter',
      activity: OUTREACH.writeSequence,
      when: { path: 'score.qualified', op: 'eq', value: true },
      input: {
        prospect: '{{ input.contact }}',
        research: '{{ research }}',
        scoring: '{{ score }}',
        offer: '{{ input.offer }}',
        templatePerformance: '{{ input.config.templatePerformance }}',
        cadenceTiming: '{{ input.config.cadenceTiming }}',
      },
    },
    {
      id: PROSPECT_STEPS.outreach,
      label: 'Outreachor',
      activity: ENROLL_ACTIVITY,
      input: {
        prospectId: '{{ input.prospectId }}',
        email: '{{ input.contact.email }}',
        sequence: '{{ copy.sequence }}',
      },
    },
  ],
  edges: [
    { from: PROSPECT_STEPS.research, to: 'score' },
    { from: 'score', to: 'copy' },
    { from: 'copy', to: PROSPECT_STEPS.outreach },
  ],
};
