import { z } from 'zod';
import { nonBlank } from '../../../core/http/api-strings.ts';
import { EXPERIMENT_STATES } from './model.ts';

const DecisionPointId = z
  .string()
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'must be a decision point id (kebab-case)')
  .max(60);

export const Population = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('workspace') }),
    z.strictObject({ kind: z.literal('campaign'), campaignId: z.number().int().min(1).describe('A campaign of the workspace') }),
    z.strictObject({
      kind: z.literal('slice'),
      slice: z
        .string()
        .min(1, 'must name a slice')
        .max(200)
        .describe("The name of a slice of the workspace's current ICP (GET /api/icp): its prospects are those scored against it"),
    }),
  ])
  .describe(
    'Who takes part: every prospect of the workspace, one campaign’s, or one ICP slice’s. A prospect is decided by the most specific: its campaigns (newest first), then its ICP slice, then the workspace',
  );

/** Body of POST /api/experiments. It names no workspace: the request's is used (a workspace key is refused as unknown). */
export const NewExperimentBody = z.strictObject({
  name: nonBlank(200, 'must not be empty', 'must be at most 200 characters').describe('Unique in the workspace'),
  decisionPoint: DecisionPointId.describe(
    'What the experiment decides: a decision point an installed plugin declares (GET /api/experiments/decision-points), e.g. first-email-template',
  ),
  arms: z
    .array(
      z.strictObject({
        id: z.string().trim().min(1).max(60).optional().describe('Defaults to the value'),
        label: z.string().trim().min(1).max(120).optional().describe('Defaults to the value'),
        value: z.string().min(1).max(60).describe("The decision's value: one of the decision point's arms, e.g. a template id"),
      }),
    )
    .min(2, 'an experiment needs at least two arms')
    .max(10, 'at most 10 arms'),
  population: Population.default({ kind: 'workspace' }),
});
export type NewExperiment = z.infer<typeof NewExperimentBody>;

export const ExperimentIdParams = z.object({ id: z.string().min(1).max(64).meta({ description: 'The experiment id' }) });

const Iso = z.iso.datetime();

/** An experiment as the API shows it. */
export const ExperimentView = z.object({
  id: z.string(),
  name: z.string(),
  decisionPoint: z.string(),
  population: Population,
  state: z.enum(EXPERIMENT_STATES),
  winner: z.string().nullable().describe('The declared winner’s arm id, once converged'),
  reason: z.string().describe('Why a winner is (not yet) declared, by the declaration rule'),
  rule: z.object({ pBest: z.number(), minTrialsPerArm: z.number() }).describe('The declaration rule: P(best) and sends per arm'),
  arms: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      value: z.string(),
      trials: z.number().describe('Prospects it was chosen for'),
      successes: z.number().describe('Summed rewards (positive reply or meeting booked 0.75, attended 1)'),
      mean: z.number().describe('Posterior mean reward rate'),
      lower: z.number().describe('95% credible interval, lower end'),
      upper: z.number().describe('95% credible interval, upper end'),
      pBest: z.number().describe('Probability this arm is the best'),
    }),
  ),
  change: z
    .object({
      id: z.string(),
      arm: z.string(),
      value: z.string().describe('The value made the population’s default at its decision point'),
      appliedAt: Iso,
      evidence: z.object({
        pBest: z.record(z.string(), z.number()),
        counts: z.array(z.object({ arm: z.string(), trials: z.number(), successes: z.number() })),
        reason: z.string(),
      }),
      rolledBackAt: Iso.nullable(),
      rolledBackBy: z.string().nullable(),
    })
    .nullable()
    .describe('What the declared winner changed (Auto-Apply on), with its evidence'),
  createdBy: z.string().describe('Who started it: user:<id> or token:<id>'),
  createdAt: Iso,
  endedAt: Iso.nullable(),
});
export type ExperimentView = z.infer<typeof ExperimentView>;

/** What the Learning Dashboard says of the workspace's experiments this month, and the learning score. */
export const ExperimentsSummary = z.object({
  month: z.string().describe('The calendar month counted (UTC), YYYY-MM'),
  running: z.number().int().describe('Experiments running now'),
  finishedThisMonth: z.number().int().describe('Experiments that converged or were stopped this month'),
  testsThisMonth: z.number().int().describe('Experiments that ran at some time this month: the real "A/B tests a month"'),
  learningScore: z
    .object({
      score: z.number().describe('Send-weighted mean lift of the applied winners over their controls (0.25 = 25% more reward per send)'),
      experiments: z.number().int().describe('Applied experiments counted'),
      sends: z.number().describe("Their applied arms' sends"),
    })
    .nullable()
    .describe('The learning engine’s learning score (README, "Learning"); null until a winner is applied with sends on both arms'),
});
export type ExperimentsSummary = z.infer<typeof ExperimentsSummary>;

/** A decision point as the experiments form offers it: declared by the installed plugin whose activity acts on it. */
export const DecisionPointView = z.object({
  id: z.string().describe('What an experiment names as its decisionPoint'),
  label: z.string(),
  description: z.string().describe('What changes for the prospect with each value'),
  plugin: z.string().describe('The plugin that declares it and acts on the choice'),
  arms: z.array(z.object({ value: z.string(), label: z.string() })).describe('The values an experiment may try'),
});
export type DecisionPointView = z.infer<typeof DecisionPointView>;
