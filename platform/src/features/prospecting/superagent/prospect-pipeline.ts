import { isDeepStrictEqual } from 'node:util';
import { reachable, type PipelineDefinition, type PipelineNode } from '@meetflow/workflows/pipeline';
import { LEAD_SCORING, OUTREACH, RESEARCH } from '@meetflow/plugin-sdk/contracts/agents';
import { ENROLL_ACTIVITY } from '../../email/services.ts';
import { DECIDE_ACTIVITY } from '../../insights/services.ts';
import type { BuiltInPipeline } from '../../runs/services.ts';
import { APPLY_SCORE_ACTIVITY } from './apply-score.ts';

/** The steps of the prospect pipeline, by node id: what readers of its runs' outputs name. */
export const PROSPECT_STEPS = {
  research: 'research',
  score: 'score',
  decide: 'decide',
  copy: 'copy',
  outreach: 'outreach',
  apply: 'apply',
} as const;

/** The step applying the score: what it reads comes through its input mapping, typed like any step's. */
function applyStep(withIndustry: boolean): PipelineNode {
  return {
    id: PROSPECT_STEPS.apply,
    label: 'Apply score',
    activity: APPLY_SCORE_ACTIVITY,
    input: {
      prospectId: '{{ input.prospectId }}',
      score: `{{ ${PROSPECT_STEPS.score} }}`,
      ...(withIndustry ? { industry: `{{ ${PROSPECT_STEPS.research}.industry }}` } : {}),
    },
  };
}

/**
 * The built-in prospect pipeline: research the company's site → score against the ICP with the
 * workspace's learned weights → apply the score (the prospect's score, its industry when unknown,
 * one `lead_scored` outcome) and, only when lead scoring says qualified (its own
 * `qualificationThreshold` setting, 70 by default), decide its first email's template (an
 * experiment's arm, chosen by Thompson sampling and recorded; see insights/experiments), write the
 * sequence from cited facts with it → enrol the prospect in its durable sequence. Every effect is a
 * step: a run has them all, whoever waits for it or none. Run inputs: `website`, `prospect`, `icp`, `contact`, `offer`, `config` (the workspace
 * config), `prospectId`, and in a campaign's batch `campaignOpeners` (its first emails' opener kinds so far). The workspace is the run's, never an input.
 */
export const PROSPECT_PIPELINE: PipelineDefinition = {
  id: 'prospect-pipeline',
  name: 'Prospect pipeline: research → score → copy → outreach',
  version: 4,
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
      id: PROSPECT_STEPS.decide,
      label: 'Experiment decision',
      activity: DECIDE_ACTIVITY,
      when: { path: 'score.qualified', op: 'eq', value: true },
      input: { prospectId: '{{ input.prospectId }}' },
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
        firstTemplate: `{{ ${PROSPECT_STEPS.decide}.template }}`,
        // Every decision point's value the decide step chose (the outreach plugin's decisionPoints), e.g. the days before the first follow-up.
        decisions: `{{ ${PROSPECT_STEPS.decide}.decisions }}`,
        // The campaign's first emails so far, by the kind of fact they open on (campaigns/opener-counts.ts); absent outside a campaign.
        campaignOpeners: '{{ input.campaignOpeners }}',
      },
    },
    {
      id: PROSPECT_STEPS.outreach,
      label: 'Outreach',
      activity: ENROLL_ACTIVITY,
      input: {
        prospectId: '{{ input.prospectId }}',
        email: '{{ input.contact.email }}',
        sequence: '{{ copy.sequence }}',
      },
    },
    applyStep(true),
  ],
  edges: [
    { from: PROSPECT_STEPS.research, to: 'score' },
    { from: 'score', to: PROSPECT_STEPS.decide },
    { from: PROSPECT_STEPS.decide, to: 'copy' },
    { from: 'copy', to: PROSPECT_STEPS.outreach },
    { from: PROSPECT_STEPS.score, to: PROSPECT_STEPS.apply },
  ],
};

/**
 * Version 3 as its runs pinned it: the same steps without the experiment decision (the copy step
 * picked the first template by performance alone).
 */
export const PROSPECT_PIPELINE_V3: PipelineDefinition = {
  ...PROSPECT_PIPELINE,
  version: 3,
  nodes: PROSPECT_PIPELINE.nodes
    .filter((node) => node.id !== PROSPECT_STEPS.decide)
    .map((node) => {
      if (node.id !== PROSPECT_STEPS.copy) return node;
      const { firstTemplate: _decided, decisions: _chosen, campaignOpeners: _counted, ...input } = node.input as Record<string, unknown>;
      return { ...node, input };
    }),
  edges: PROSPECT_PIPELINE.edges
    .filter((edge) => edge.from !== PROSPECT_STEPS.decide)
    .map((edge) => (edge.to === PROSPECT_STEPS.decide ? { from: edge.from, to: PROSPECT_STEPS.copy } : edge)),
};

/**
 * Version 2 as its runs pinned it: the same steps and run input without the apply step (the
 * platform applied its runs' scores from outside then: the routes and the batch runner).
 */
export const PROSPECT_PIPELINE_V2: PipelineDefinition = {
  ...PROSPECT_PIPELINE_V3,
  version: 2,
  nodes: PROSPECT_PIPELINE_V3.nodes.filter((node) => node.id !== PROSPECT_STEPS.apply),
  edges: PROSPECT_PIPELINE_V3.edges.filter((edge) => edge.to !== PROSPECT_STEPS.apply),
};

/**
 * Version 2 as runs recorded before the run context carried the workspace pinned it: its enrolment
 * step read the workspace from the run input (no rerun of it could start since: a step's input may
 * not name a workspace).
 */
const PROSPECT_PIPELINE_V2_WITH_WORKSPACE_INPUT: PipelineDefinition = {
  ...PROSPECT_PIPELINE_V2,
  nodes: PROSPECT_PIPELINE_V2.nodes.map((node) =>
    node.id === PROSPECT_STEPS.outreach ? { ...node, input: { workspaceId: '{{ input.workspaceId }}', ...(node.input as object) } } : node,
  ),
};

/** What a definition runs, for recognising one: its steps and edges as they act, not how they are labelled or drawn. */
function behaviourOf(definition: PipelineDefinition) {
  return {
    id: definition.id,
    version: definition.version,
    nodes: definition.nodes.map((node) => ({
      id: node.id,
      activity: node.activity,
      input: node.input ?? {},
      when: node.when ?? null,
      config: node.config && Object.keys(node.config).length > 0 ? node.config : null,
      retry: node.retry ?? null,
    })),
    edges: definition.edges.map(({ from, to }) => ({ from, to })),
  };
}

/**
 * The definition a run pinned to `pinned` runs again with (a rerun, a batch's retry, a campaign's
 * batch on a saved version): runs under the built-in's id were always applied, from outside before
 * version 3, so one without the apply step gets it. Version 2 itself (either form) becomes the
 * current version (the same steps and input, plus the apply step); a version the workspace saved under the
 * built-in's id before version 3 keeps its steps and gains the apply step after its `score` step
 * (reading research's industry when a research step comes before). Anything else runs as pinned.
 */
export function withAppliedScore(pinned: PipelineDefinition): PipelineDefinition {
  if (pinned.id !== PROSPECT_PIPELINE.id || pinned.nodes.some((node) => node.activity === APPLY_SCORE_ACTIVITY)) return pinned;
  const pinnedBehaviour = behaviourOf(pinned);
  if ([PROSPECT_PIPELINE_V2, PROSPECT_PIPELINE_V2_WITH_WORKSPACE_INPUT].some((v2) => isDeepStrictEqual(pinnedBehaviour, behaviourOf(v2))))
    return PROSPECT_PIPELINE;
  const score = pinned.nodes.find((node) => node.id === PROSPECT_STEPS.score && node.activity === LEAD_SCORING.scoreProspect);
  if (!score || pinned.nodes.some((node) => node.id === PROSPECT_STEPS.apply)) return pinned;
  const research = pinned.nodes.find((node) => node.id === PROSPECT_STEPS.research && node.activity === RESEARCH.enrichCompany);
  const researched = research !== undefined && reachable(pinned, score.id, 'up').has(research.id);
  return {
    ...pinned,
    nodes: [...pinned.nodes, applyStep(researched)],
    edges: [...pinned.edges, { from: score.id, to: PROSPECT_STEPS.apply }],
  };
}

/** The prospect pipeline as the pipelines list shows it (features/built-in-pipelines.ts gives it to the runner). */
export const PROSPECT_BUILT_IN: BuiltInPipeline = {
  definition: PROSPECT_PIPELINE,
  description:
    'Researches the prospect’s site, scores it against the ICP with the learned weights, applies the score to the ' +
    'prospect (and records it for learning), writes a cited sequence when it qualifies and enrols the prospect. ' +
    'Every processed prospect and campaign batch runs it.',
  recordsRuns: true,
  // Its runs before version 3 had their score applied from outside the run: run again, they get the apply step.
  rerunAs: withAppliedScore,
};
