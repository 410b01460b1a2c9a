import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { isValidObjectId } from 'mongoose';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { Models } from '../../models.ts';
import type { ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import { getWorkspaceConfig } from '../workspace-config/workspace-config.ts';
import type { DecisionPointView, ExperimentsSummary, ExperimentView, NewExperiment } from './api-schemas.ts';
import { armInterval, declareWinner, DEFAULT_DECLARATION_RULE, learningScore, type ArmCounts } from './engine.ts';
import type { ExperimentsDb, StoredExperiment } from './model.ts';

/** How many of the latest count updates an experiment remembers, so a repeated one is a no-op (as the dashboard rollups do). */
export const APPLIED_WINDOW = 500;

const countsOf = (experiment: Pick<StoredExperiment, 'arms'>): ArmCounts[] =>
  experiment.arms.map(({ id, trials, successes }) => ({ arm: id, trials, successes: Math.min(successes, trials) }));

/** An experiment as the API shows it: each arm's counts, posterior mean and 95% interval, P(best), and the applied change. */
export function viewOf(stored: StoredExperiment): ExperimentView {
  const counts = countsOf(stored);
  const declaration = declareWinner(counts);
  return {
    id: String(stored._id),
    name: stored.name,
    decisionPoint: stored.decisionPoint,
    population: stored.population,
    state: stored.state,
    winner: stored.winner,
    reason: stored.state === 'running' ? declaration.reason : stored.reason,
    rule: { ...DEFAULT_DECLARATION_RULE },
    arms: stored.arms.map((arm, index) => {
      const interval = armInterval(counts[index]!);
      return {
        id: arm.id,
        label: arm.label,
        value: arm.value,
        trials: arm.trials,
        successes: arm.successes,
        mean: interval.mean,
        lower: interval.lower,
        upper: interval.upper,
        pBest: declaration.pBest[arm.id] ?? 0,
      };
    }),
    change: stored.change
      ? {
          ...stored.change,
          appliedAt: new Date(stored.change.appliedAt).toISOString(),
          rolledBackAt: stored.change.rolledBackAt ? new Date(stored.change.rolledBackAt).toISOString() : null,
        }
      : null,
    createdBy: stored.createdBy,
    createdAt: stored.createdAt.toISOString(),
    endedAt: stored.endedAt ? stored.endedAt.toISOString() : null,
  };
}

/** The workspace's experiments, newest first. */
export async function listExperiments(db: ExperimentsDb, workspaceId: string): Promise<ExperimentView[]> {
  const stored = await db.experiments.find({ workspaceId }, { appliedKeys: 0 }).sort({ createdAt: -1, _id: -1 }).lean<StoredExperiment[]>();
  return stored.map(viewOf);
}

/** One experiment of the workspace, or a 404 naming the id (an id of another workspace is as unknown as a made-up one). */
export async function findExperiment(db: ExperimentsDb, workspaceId: string, id: string): Promise<StoredExperiment> {
  const stored = isValidObjectId(id)
    ? await db.experiments.findOne({ workspaceId, _id: id }, { appliedKeys: 0 }).lean<StoredExperiment>()
    : null;
  if (!stored) throw new NotFoundError(`No experiment ${id} in this workspace`);
  return stored;
}

const samePopulation = (population: NewExperiment['population']) =>
  population.kind === 'campaign'
    ? { 'population.kind': 'campaign' as const, 'population.campaignId': population.campaignId }
    : population.kind === 'slice'
      ? { 'population.kind': 'slice' as const, 'population.slice': population.slice }
      : { 'population.kind': 'workspace' as const };

/** What the experiments read of the workspace's ICP (the prospecting feature's `workspace_icp`; insights reads it through Models). */
export type IcpSlicesDb = Pick<Models, 'workspaceIcp'>;

/** The names of the slices of the workspace's current ICP, most confident first (none without an ICP). */
async function icpSliceNames(db: IcpSlicesDb, workspaceId: string): Promise<string[]> {
  const icp = await db.workspaceIcp.findOne({ workspaceId }, { slices: 1 }).lean<{ slices: Array<{ name: string; confidence: number }> }>();
  return (icp?.slices ?? []).toSorted((a, b) => b.confidence - a.confidence).map((slice) => slice.name);
}

/** 422 unless the population names what the workspace has: one of its campaigns, or a slice of its current ICP. */
async function checkPopulation(db: IcpSlicesDb & Pick<Models, 'campaigns'>, workspaceId: string, population: NewExperiment['population']) {
  if (population.kind === 'campaign' && !(await db.campaigns.exists({ workspaceId, id: population.campaignId })))
    throw new UnprocessableError(`No campaign ${population.campaignId} in this workspace`, {
      'population.campaignId': 'no such campaign',
    });
  if (population.kind === 'slice') {
    const names = await icpSliceNames(db, workspaceId);
    if (!names.includes(population.slice))
      throw new UnprocessableError(
        names.length === 0
          ? `No ICP slice "${population.slice}": this workspace has no ICP yet (analyse customer URLs in the ICP Builder first)`
          : `No ICP slice "${population.slice}" in this workspace's ICP: one of ${names.map((name) => `"${name}"`).join(', ')}`,
        { 'population.slice': 'not a slice of the workspace’s current ICP' },
      );
  }
}

/**
 * Starts an experiment: its decision point must be one an installed plugin declares and its arms
 * values of it (422 otherwise), a campaign population must be a campaign of the workspace and a
 * slice population a slice of its current ICP (422), and one population has at most one running
 * experiment per decision point (409), so a prospect's decision is never split between two.
 */
export async function createExperiment(
  db: ExperimentsDb & IcpSlicesDb & Pick<Models, 'campaigns'>,
  workspaceId: string,
  input: NewExperiment,
  createdBy: string,
  decisionPoints: readonly DecisionPointView[],
): Promise<ExperimentView> {
  const point = decisionPoints.find((candidate) => candidate.id === input.decisionPoint);
  if (!point)
    throw new UnprocessableError(
      `No installed plugin declares decision point "${input.decisionPoint}": one of ${decisionPoints.map((known) => known.id).join(', ') || '(none installed)'}`,
      { decisionPoint: 'not a decision point of an installed plugin' },
    );
  const allowed = point.arms.map((arm) => arm.value);
  const labels = new Map(point.arms.map((arm) => [arm.value, arm.label]));
  const fields: Record<string, string> = {};
  input.arms.forEach((arm, index) => {
    if (!allowed.includes(arm.value)) fields[`arms.${index}.value`] = `must be one of ${allowed.join(', ')}`;
  });
  const ids = input.arms.map((arm) => arm.id ?? arm.value);
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) fields[`arms.${index}.id`] = `"${id}" names another arm too: give each arm its own id`;
  });
  if (Object.keys(fields).length > 0)
    throw new UnprocessableError(
      `The arms cannot be tried here: ${Object.entries(fields)
        .map(([at, why]) => `${at} ${why}`)
        .join('; ')}`,
      fields,
    );
  await checkPopulation(db, workspaceId, input.population);
  if (
    await db.experiments.exists({ workspaceId, state: 'running', decisionPoint: input.decisionPoint, ...samePopulation(input.population) })
  )
    throw new ConflictError(`This population already has a running experiment on ${point.label.toLowerCase()}: stop it first`);
  try {
    const created = await db.experiments.create({
      workspaceId,
      name: input.name,
      decisionPoint: input.decisionPoint,
      population: input.population,
      arms: input.arms.map((arm, index) => ({
        id: ids[index]!,
        label: arm.label ?? labels.get(arm.value) ?? arm.value,
        value: arm.value,
        trials: 0,
        successes: 0,
      })),
      state: 'running',
      createdBy,
    });
    return viewOf(created.toObject() as StoredExperiment);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    throw new ConflictError(`The workspace already has an experiment named "${input.name}": choose another name`);
  }
}

/** Stops a running experiment: no prospect gets a decision from it any more (409 when it is not running). */
export async function stopExperiment(db: ExperimentsDb, workspaceId: string, id: string): Promise<ExperimentView> {
  const stored = await findExperiment(db, workspaceId, id);
  const stopped = await db.experiments
    .findOneAndUpdate(
      { workspaceId, _id: stored._id, state: 'running' },
      { $set: { state: 'stopped', endedAt: new Date(), reason: 'stopped by a person' } },
      { returnDocument: 'after', projection: { appliedKeys: 0 } },
    )
    .lean<StoredExperiment>();
  if (!stopped) throw new ConflictError(`Experiment ${id} is ${stored.state}, not running: only a running experiment can be stopped`);
  return viewOf(stopped);
}

/** Rolls back the change an experiment applied: its population's prospects go back to the plugin's own choice at that decision point. */
export async function rollBackChange(db: ExperimentsDb, workspaceId: string, id: string, by: string): Promise<ExperimentView> {
  const stored = await findExperiment(db, workspaceId, id);
  if (!stored.change) throw new ConflictError(`Experiment ${id} has applied nothing to roll back`);
  const rolled = await db.experiments
    .findOneAndUpdate(
      { workspaceId, _id: stored._id, 'change.id': stored.change.id, 'change.rolledBackAt': null },
      { $set: { 'change.rolledBackAt': new Date(), 'change.rolledBackBy': by } },
      { returnDocument: 'after', projection: { appliedKeys: 0 } },
    )
    .lean<StoredExperiment>();
  if (!rolled) throw new ConflictError(`The change experiment ${id} applied is rolled back already`);
  return viewOf(rolled);
}

/**
 * After its counts changed: declares a winner by the engine's rule (P(best) ≥ 0.95 and the
 * minimum sample per arm) and, when the workspace's Auto-Apply Optimizations switch is on, makes
 * it the population's default at the decision point, recording the evidence. Converges once.
 */
export async function settleExperiment(db: ExperimentsDb & ConfigStoreDb, workspaceId: string, experimentId: string): Promise<void> {
  const stored = await db.experiments
    .findOne({ workspaceId, _id: experimentId, state: 'running' }, { appliedKeys: 0 })
    .lean<StoredExperiment>();
  if (!stored) return;
  const counts = countsOf(stored);
  const declaration = declareWinner(counts);
  if (!declaration.winner) return;
  const winner = stored.arms.find((arm) => arm.id === declaration.winner)!;
  const { learningSettings } = await getWorkspaceConfig(db, workspaceId);
  const now = new Date();
  const change = learningSettings.autoApply
    ? {
        id: randomUUID(),
        arm: winner.id,
        value: winner.value,
        appliedAt: now,
        evidence: { pBest: declaration.pBest, counts, reason: declaration.reason },
        rolledBackAt: null,
        rolledBackBy: null,
      }
    : null;
  await db.experiments.updateOne(
    { workspaceId, _id: stored._id, state: 'running' },
    { $set: { state: 'converged', winner: winner.id, reason: declaration.reason, endedAt: now, change } },
  );
}

/**
 * The month's experiments (UTC calendar month): running now, finished this month, and every one
 * that ran at some time in it (started before its end, not ended before its start). The learning
 * score is the engine's, over the applied winners not rolled back, each against its experiment's
 * first arm (the control, the one listed first when it was started).
 */
export async function summarizeExperiments(db: ExperimentsDb, workspaceId: string, now = new Date()): Promise<ExperimentsSummary> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const all = await db.experiments.find({ workspaceId }, { appliedKeys: 0 }).lean<StoredExperiment[]>();
  const ranThisMonth = all.filter(
    (experiment) => experiment.createdAt < end && (experiment.endedAt === null || experiment.endedAt >= start),
  );
  const applied = all.flatMap((experiment) => {
    const change = experiment.change;
    if (!change || change.rolledBackAt) return [];
    const counts = countsOf(experiment);
    const winner = counts.find((count) => count.arm === change.arm);
    return winner && counts[0] ? [{ applied: winner, control: counts[0] }] : [];
  });
  return {
    month: start.toISOString().slice(0, 7),
    running: all.filter((experiment) => experiment.state === 'running').length,
    finishedThisMonth: ranThisMonth.filter((experiment) => experiment.endedAt !== null).length,
    testsThisMonth: ranThisMonth.length,
    learningScore: learningScore(applied),
  };
}
