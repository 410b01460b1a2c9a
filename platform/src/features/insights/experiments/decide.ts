import { callOne, parseActivityInput, workspaceOf, type ActivityExtra, type BoundActivity, type ListResult } from '@meetflow/plugin-sdk';
import type { JsonSchema } from '@meetflow/workflows/pipeline';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import type { ActivityOptions } from '../../runs/services.ts';
import type { ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import { Population as PopulationSchema } from './api-schemas.ts';
import { chooseArm } from './engine.ts';
import { FIRST_TEMPLATE_POINT, type ExperimentDecision, type ExperimentsDb, type Population, type StoredExperiment } from './model.ts';

/** The built-in step that decides, when a prospect's sequence is written, what each running experiment tries on it. */
export const DECIDE_ACTIVITY = 'platform.decideExperimentArm';

const DecideInput = z.object({ prospectId: z.number().int().min(1).describe('The prospect whose sequence is about to be written') });

const DecideOutput = z.object({
  experimentId: z
    .string()
    .nullable()
    .describe("The experiment that chose the first email's template (running, or its applied winner), or null"),
  arm: z.string().nullable().describe('The arm it chose for this prospect'),
  template: z
    .string()
    .nullable()
    .describe("The first email's template: the chosen arm's, or an applied winner's; null for the copywriter's own performance-based pick"),
  source: z.enum(['experiment', 'applied', 'none']).describe('Where the template comes from'),
  decisions: z
    .record(z.string(), z.string())
    .describe(
      "Every decision point's value for this prospect (a running experiment's arm, else an applied winner), keyed by decision point: what the writing step acts on",
    ),
  populations: z
    .record(z.string(), PopulationSchema)
    .describe(
      "Which of the prospect's populations decided each decision point (its campaign, its ICP slice or the workspace), keyed as decisions",
    ),
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

export type DecideDb = ExperimentsDb & Pick<Models, 'campaigns' | 'prospects' | 'workspaceIcp'> & ConfigStoreDb;

/** The prospect's sequence's workflow id (email/sequences/enrollment.ts sequenceWorkflowId; insights cannot import email). */
const sequenceIdOf = (workspaceId: string, prospectId: number) => `sequence-${workspaceId}-${prospectId}`;

/** What the matcher reads of an ICP slice. */
export interface SliceCandidate {
  name: string;
  confidence: number;
  criteria: { industry: readonly string[] };
}

/**
 * The ICP slice a prospect is scored against, by the scoring's own rule (prospecting's `sliceFor`,
 * kept here as a copy because insights may not import prospecting; decide.test.ts pins the two
 * together): among the slices considered, the most confident one naming the prospect's industry
 * (case-insensitively), else the most confident one.
 */
export function sliceOfProspect(industry: string | null, slices: readonly SliceCandidate[]): SliceCandidate | undefined {
  const byConfidence = slices.toSorted((a, b) => b.confidence - a.confidence);
  const wanted = industry?.toLowerCase();
  return (wanted && byConfidence.find((slice) => slice.criteria.industry.some((name) => name.toLowerCase() === wanted))) || byConfidence[0];
}

/**
 * The slice of the workspace's current ICP the prospect is scored against: a campaign scores its
 * prospects against the slices it names (all when it names none, or none of them is left), so
 * those of the prospect's newest campaign are the ones considered. None without an ICP or prospect.
 */
async function prospectSlice(
  db: DecideDb,
  workspaceId: string,
  prospectId: number,
  sliceNames: readonly string[],
): Promise<string | undefined> {
  const [prospect, icp] = await Promise.all([
    db.prospects.findOne({ workspaceId, id: prospectId }, { industry: 1 }).lean<{ industry: string | null }>(),
    db.workspaceIcp.findOne({ workspaceId }, { slices: 1 }).lean<{ slices: SliceCandidate[] }>(),
  ]);
  if (!prospect || !icp) return undefined;
  const named = icp.slices.filter((slice) => sliceNames.includes(slice.name));
  return sliceOfProspect(prospect.industry ?? null, named.length > 0 ? named : icp.slices)?.name;
}

/** A campaign as populations read it. */
type CampaignOfProspect = { id: number; sliceNames?: string[]; prospectIds?: number[] };

/** The campaigns of the workspace each of these prospects is in (one read), newest first: a list's {@link populationsOf}. */
async function campaignsOfProspects(db: DecideDb, workspaceId: string, prospectIds: readonly number[]) {
  const campaigns = await db.campaigns
    .find({ workspaceId, prospectIds: { $in: [...new Set(prospectIds)] } }, { id: 1, sliceNames: 1, prospectIds: 1 })
    .sort({ id: -1 })
    .lean<CampaignOfProspect[]>();
  const members = campaigns.map((campaign) => new Set(campaign.prospectIds));
  return (prospectId: number) => campaigns.filter((_, index) => members[index]!.has(prospectId));
}

/**
 * The populations a prospect belongs to, most specific first: its campaigns (newest first), then
 * its ICP slice, then the workspace. The slice is looked up only when an experiment asks for one;
 * the campaigns are read here unless a list's read of them is given.
 */
async function populationsOf(
  db: DecideDb,
  workspaceId: string,
  prospectId: number,
  withSlice: boolean,
  campaignsOf?: (prospectId: number) => CampaignOfProspect[],
): Promise<Population[]> {
  const campaigns = campaignsOf?.(prospectId) ?? (await (await campaignsOfProspects(db, workspaceId, [prospectId]))(prospectId));
  const slice = withSlice ? await prospectSlice(db, workspaceId, prospectId, campaigns[0]?.sliceNames ?? []) : undefined;
  return [
    ...campaigns.map((campaign) => ({ kind: 'campaign' as const, campaignId: campaign.id })),
    ...(slice === undefined ? [] : [{ kind: 'slice' as const, slice }]),
    { kind: 'workspace' as const },
  ];
}

const samePopulation = (a: Population, b: Population) =>
  a.kind === 'campaign'
    ? b.kind === 'campaign' && a.campaignId === b.campaignId
    : a.kind === 'slice'
      ? b.kind === 'slice' && a.slice === b.slice
      : b.kind === 'workspace';

/** Each decision point's experiment for the prospect: of those given, the one of its most specific population. */
function byDecisionPoint(experiments: readonly StoredExperiment[], populations: readonly Population[]): Map<string, StoredExperiment> {
  const chosen = new Map<string, StoredExperiment>();
  for (const population of populations)
    for (const experiment of experiments)
      if (samePopulation(experiment.population, population) && !chosen.has(experiment.decisionPoint))
        chosen.set(experiment.decisionPoint, experiment);
  return chosen;
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
        population: experiment.population,
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
 * `platform.decideExperimentArm`: for each decision point (one a plugin declares, such as the first
 * email's template or the days before the first follow-up) with a running experiment in one of the
 * prospect's populations (its campaigns, then its ICP slice, then the workspace), Thompson sampling (the learning
 * engine's chooseArm, seeded by the experiment and the prospect) picks the arm; the decision is
 * recorded with its draws and returned, so the copy step writes with it and a workflow replay
 * reads the recorded result instead of sampling again. The decision is not a trial yet: it counts
 * when its first email is really sent (countSentTrials). A decision point without a running
 * experiment takes the winner an experiment applied to its most specific population (and nobody rolled back);
 * otherwise the plugin decides as it would without experiments.
 */
export function createDecideActivity(db: DecideDb): Record<string, BoundActivity> {
  /** The workspace's running experiments and applied winners: what every prospect's decision reads. */
  const experimentsOf = async (workspaceId: string) => {
    const [allRunning, allApplied] = await Promise.all([
      db.experiments.find({ workspaceId, state: 'running' }, { appliedKeys: 0 }).sort({ createdAt: 1 }).lean<StoredExperiment[]>(),
      db.experiments
        .find({ workspaceId, 'change.id': { $exists: true }, 'change.rolledBackAt': null }, { appliedKeys: 0 })
        .sort({ 'change.appliedAt': -1 })
        .lean<StoredExperiment[]>(),
    ]);
    return { allRunning, allApplied };
  };
  type Experiments = Awaited<ReturnType<typeof experimentsOf>>;
  /** No experiment running or applied in the workspace: nothing to decide, and no population to read. */
  const noExperiments = ({ allRunning, allApplied }: Experiments) => allRunning.length === 0 && allApplied.length === 0;

  const none = (): DecideOutput => ({ experimentId: null, arm: null, template: null, source: 'none', decisions: {}, populations: {} });
  const decideOne = async (
    raw: unknown,
    extra: ActivityExtra | undefined,
    read?: { experiments: Experiments; campaignsOf: (prospectId: number) => CampaignOfProspect[] },
  ): Promise<DecideOutput> => {
    const { prospectId } = parseActivityInput(DECIDE_ACTIVITY, DecideInput, raw);
    const workspaceId = workspaceOf(extra ?? {});
    const experiments = read?.experiments ?? (await experimentsOf(workspaceId));
    if (noExperiments(experiments)) return none();
    const { allRunning, allApplied } = experiments;
    const withSlice = [...allRunning, ...allApplied].some((experiment) => experiment.population.kind === 'slice');
    const populations = await populationsOf(db, workspaceId, prospectId, withSlice, read?.campaignsOf);
    const running = byDecisionPoint(allRunning, populations);
    const applied = byDecisionPoint(allApplied, populations);
    const decisions: Record<string, string> = {};
    const decidedBy: Record<string, Population> = {};
    let first: Omit<DecideOutput, 'decisions' | 'populations'> = none();
    for (const [point, experiment] of running) {
      const decision = await decide(db, experiment, prospectId, extra?.run?.runId ?? undefined);
      decisions[point] = decision.value;
      decidedBy[point] = experiment.population;
      if (point === FIRST_TEMPLATE_POINT)
        first = { experimentId: decision.experimentId, arm: decision.arm, template: decision.value, source: 'experiment' };
    }
    for (const [point, experiment] of applied) {
      if (point in decisions || !experiment.change) continue;
      decisions[point] = experiment.change.value;
      decidedBy[point] = experiment.population;
      if (point === FIRST_TEMPLATE_POINT)
        first = {
          experimentId: String(experiment._id),
          arm: experiment.change.arm,
          template: experiment.change.value,
          source: 'applied',
        };
    }
    return { ...first, decisions, populations: decidedBy };
  };

  const decideActivity: BoundActivity = (raw, extra) => decideOne(raw, extra);
  // A batch's chunk: the workspace's experiments, and its campaigns the list's prospects are in,
  // read once for the whole list (each run's context names its workspace; a list is never assumed
  // to be one workspace's), then each prospect decided on its own.
  decideActivity.many = async (items) => {
    const byWorkspace = new Map<string, Promise<{ experiments: Experiments; campaignsOf: (prospectId: number) => CampaignOfProspect[] }>>();
    const readFor = async (workspaceId: string) => {
      const experiments = await experimentsOf(workspaceId);
      if (noExperiments(experiments)) return { experiments, campaignsOf: () => [] };
      const prospectIds = items
        .filter((item) => item.extra?.run?.workspaceId === workspaceId)
        .map((item) => DecideInput.safeParse(item.input))
        .flatMap((parsed) => (parsed.success ? [parsed.data.prospectId] : []));
      return { experiments, campaignsOf: await campaignsOfProspects(db, workspaceId, prospectIds) };
    };
    const withListRead = async (raw: unknown, extra: ActivityExtra | undefined) => {
      const workspaceId = workspaceOf(extra ?? {});
      if (!byWorkspace.has(workspaceId)) byWorkspace.set(workspaceId, readFor(workspaceId));
      return decideOne(raw, extra, await byWorkspace.get(workspaceId)!);
    };
    const results: ListResult[] = [];
    for (const item of items) results.push(await callOne(withListRead, item));
    return results;
  };
  return { [DECIDE_ACTIVITY]: decideActivity };
}
