import { parseActivityInput, workspaceOf, type BoundActivity } from '@meetflow/plugin-sdk';
import type { JsonSchema } from '@meetflow/workflows/pipeline';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import type { ActivityOptions } from '../../runs/services.ts';
import type { ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import { countTrial } from './counts.ts';
import { chooseArm } from './engine.ts';
import { settleExperiment } from './experiments.ts';
import type { ExperimentDecision, ExperimentsDb, StoredExperiment } from './model.ts';

/** The built-in step that decides, at send time, which first-email template a prospect's sequence uses. */
export const DECIDE_ACTIVITY = 'platform.decideExperimentArm';

const DecideInput = z.object({ prospectId: z.number().int().min(1).describe('The prospect whose sequence is about to be written') });

const DecideOutput = z.object({
  experimentId: z.string().nullable().describe('The running experiment that decided, or null'),
  arm: z.string().nullable().describe('The arm it chose for this prospect'),
  template: z
    .string()
    .nullable()
    .describe("The first email's template: the chosen arm's, or an applied winner's; null for the copywriter's own performance-based pick"),
  source: z.enum(['experiment', 'applied', 'none']).describe('Where the template comes from'),
});
type DecideOutput = z.infer<typeof DecideOutput>;

const schema = (type: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;

/** Sales ops may place it (it records decisions the experiments count), as the other steps that write outcomes. */
export const DECIDE_OPTIONS: ActivityOptions = {
  access: 'sales-ops',
  timeout: '30 seconds',
  input: schema(DecideInput, 'input'),
  output: schema(DecideOutput, 'output'),
};

export type DecideDb = ExperimentsDb & Pick<Models, 'campaigns'> & ConfigStoreDb;

/** The prospect's sequence's workflow id (email/sequences/enrollment.ts sequenceWorkflowId; insights cannot import email). */
const sequenceIdOf = (workspaceId: string, prospectId: number) => `sequence-${workspaceId}-${prospectId}`;

/** The populations a prospect belongs to, most specific first: its campaigns, then the workspace. */
async function populationsOf(db: DecideDb, workspaceId: string, prospectId: number) {
  const campaigns = await db.campaigns.find({ workspaceId, prospectIds: prospectId }, { id: 1 }).sort({ id: -1 }).lean();
  return [
    ...campaigns.map((campaign) => ({ 'population.kind': 'campaign' as const, 'population.campaignId': campaign.id })),
    { 'population.kind': 'workspace' as const },
  ];
}

/** One decision per (experiment, prospect): the first stands, so a retry, a rerun or a replay gets the same arm. */
async function decide(
  db: DecideDb,
  experiment: StoredExperiment,
  prospectId: number,
  runId: string | undefined,
): Promise<ExperimentDecision> {
  const { workspaceId } = experiment;
  const decisionId = `${String(experiment._id)}:${prospectId}`;
  const existing = await db.experimentDecisions.findOne({ workspaceId, decisionId }).lean<ExperimentDecision>();
  if (existing) return existing;
  const choice = chooseArm(
    experiment.arms.map(({ id, trials, successes }) => ({ arm: id, trials, successes: Math.min(successes, trials) })),
    decisionId,
  );
  const arm = experiment.arms.find((candidate) => candidate.id === choice.arm)!;
  await db.experimentDecisions.updateOne(
    { workspaceId, decisionId },
    {
      $setOnInsert: {
        experimentId: String(experiment._id),
        prospectId,
        sequenceId: sequenceIdOf(workspaceId, prospectId),
        ...(runId ? { runId } : {}),
        arm: arm.id,
        value: arm.value,
        draws: choice.draws,
        reward: 0,
        credited: 0,
        trialCounted: false,
        decidedAt: new Date(),
      },
    },
    { upsert: true },
  );
  return (await db.experimentDecisions.findOne({ workspaceId, decisionId }).lean<ExperimentDecision>())!;
}

/**
 * `platform.decideExperimentArm`: for a prospect in a population with a running experiment on
 * its first email's template, Thompson sampling (the learning engine's chooseArm, seeded by the
 * experiment and the prospect) picks the arm; the decision is recorded with its draws and counted
 * as the arm's trial, and returned, so the copy step writes with it and a workflow replay reads
 * the recorded result instead of sampling again. Without a running experiment, the winner an
 * experiment applied to the population (and nobody rolled back) is the template; otherwise none.
 */
export function createDecideActivity(db: DecideDb): Record<string, BoundActivity> {
  return {
    [DECIDE_ACTIVITY]: async (raw: unknown, extra): Promise<DecideOutput> => {
      const { prospectId } = parseActivityInput(DECIDE_ACTIVITY, DecideInput, raw);
      const workspaceId = workspaceOf(extra ?? {});
      const populations = await populationsOf(db, workspaceId, prospectId);
      for (const population of populations) {
        const running = await db.experiments
          .findOne({ workspaceId, state: 'running', decisionPoint: 'first-email-template', ...population }, { appliedKeys: 0 })
          .lean<StoredExperiment>();
        if (!running) continue;
        const decision = await decide(db, running, prospectId, extra?.run?.runId ?? undefined);
        await countTrial(db, decision);
        await settleExperiment(db, workspaceId, decision.experimentId);
        return { experimentId: decision.experimentId, arm: decision.arm, template: decision.value, source: 'experiment' };
      }
      for (const population of populations) {
        const applied = await db.experiments
          .findOne(
            {
              workspaceId,
              decisionPoint: 'first-email-template',
              'change.rolledBackAt': null,
              'change.id': { $exists: true },
              ...population,
            },
            { appliedKeys: 0 },
          )
          .sort({ 'change.appliedAt': -1 })
          .lean<StoredExperiment>();
        if (applied?.change)
          return { experimentId: String(applied._id), arm: applied.change.arm, template: applied.change.value, source: 'applied' };
      }
      return { experimentId: null, arm: null, template: null, source: 'none' };
    },
  };
}
