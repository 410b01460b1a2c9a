import { z } from 'zod';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { getWorkspaceConfig, setWorkspaceConfig, type ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import type { RefitWeights, ScoringRefitRecord, ScoringRefitsDb } from './refit-model.ts';

/** The four fit weights, and timing's when they hold one (refits before timing was learned have none). */
const Weights = z.object({
  companySize: z.number(),
  industryMatch: z.number(),
  techStack: z.number(),
  jobTitle: z.number(),
  timing: z.number().optional(),
});

/** The engine's `scoringRefit` output (plugins/learning-engine/src/schemas.ts scoringRefitSchema), as the platform reads it. */
export const EngineRefit = z.object({
  before: Weights,
  proposed: Weights,
  // Absent from engines before the learning rate acted (they proposed the fit itself).
  fitted: Weights.nullable().default(null),
  learningRate: z.number().nullable().default(null),
  better: z.boolean(),
  applied: z.boolean(),
  autoApply: z.boolean(),
  status: z.string(),
  aucBefore: z.number().nullable(),
  aucAfter: z.number().nullable(),
  z: z.number().nullable(),
  sampleSize: z.number().int(),
  meetings: z.number().int(),
  trainSize: z.number().int(),
  heldOutSize: z.number().int(),
  heldOutMeetings: z.number().int(),
  minMeetings: z.number().int(),
  minSampleSize: z.number().int(),
  reason: z.string(),
});
export type EngineRefit = z.output<typeof EngineRefit>;

/** A scoring refit as the API shows it. */
export const ScoringRefitView = EngineRefit.extend({
  cycleId: z.string().describe('The learning cycle that refitted (the id to roll it back by)'),
  at: z.string().describe('ISO time the cycle applied or recorded it'),
  proposed: Weights.describe('The weights it applies when applied: the weights in force moved `learningRate` of the way to `fitted`'),
  fitted: Weights.nullable().describe(
    'The weights fitted to the meetings; null when no fit was made (and in refits recorded before the learning rate acted)',
  ),
  learningRate: z
    .number()
    .nullable()
    .describe(
      "The step from the weights in force towards the fit (the learning engine's learningRate); null in refits recorded before it acted",
    ),
  status: z
    .enum(['applied', 'too-few-leads', 'too-few-meetings', 'no-contrast', 'no-signal', 'held-out-too-small', 'not-better'])
    .describe('Why it was or was not applied; `applied` also when auto-apply was off and it only recommends (see `applied`)'),
  better: z.boolean().describe('The proposed weights ranked the held-out prospects better than the weights in force (DeLong z ≥ 1.645)'),
  applied: z.boolean().describe('Its weights were written into the workspace (better, and Auto-Apply Optimizations on)'),
  autoApply: z.boolean().describe('The Auto-Apply Optimizations switch when the cycle ran'),
  aucBefore: z.number().nullable().describe('Held-out AUC of the weights in force; null when no fit was judged'),
  aucAfter: z.number().nullable().describe('Held-out AUC of the proposed weights (the step, not the fit); null when no fit was judged'),
  sampleSize: z.number().int().describe('Contacted prospects learned from'),
  meetings: z.number().int().describe('Meetings booked among them'),
  heldOutSize: z.number().int().describe('Prospects held out from the fit to judge it (30%)'),
  minMeetings: z.number().int().describe('Meetings the fitted part needs before a refit is tried'),
  rolledBackAt: z.string().nullable(),
  rolledBackBy: z.string().nullable(),
});
export type ScoringRefitView = z.output<typeof ScoringRefitView>;

const viewOf = (record: ScoringRefitRecord): ScoringRefitView => ({
  cycleId: record.cycleId,
  at: new Date(record.at).toISOString(),
  before: record.before,
  proposed: record.proposed,
  fitted: record.fitted ?? null,
  learningRate: record.learningRate ?? null,
  better: record.better,
  applied: record.applied,
  autoApply: record.autoApply,
  status: record.status as ScoringRefitView['status'],
  aucBefore: record.aucBefore,
  aucAfter: record.aucAfter,
  z: record.z,
  sampleSize: record.sampleSize,
  meetings: record.meetings,
  trainSize: record.trainSize,
  heldOutSize: record.heldOutSize,
  heldOutMeetings: record.heldOutMeetings,
  minMeetings: record.minMeetings,
  minSampleSize: record.minSampleSize,
  reason: record.reason,
  rolledBackAt: record.rolledBackAt ? new Date(record.rolledBackAt).toISOString() : null,
  rolledBackBy: record.rolledBackBy,
});

/** Records a cycle's refit once (a retried apply finds it stored) and returns what is stored. */
export async function recordRefit(db: ScoringRefitsDb, workspaceId: string, cycleId: string, refit: EngineRefit, at: Date): Promise<void> {
  try {
    await db.scoringRefits.updateOne(
      { workspaceId, cycleId },
      { $setOnInsert: { workspaceId, cycleId, at, ...refit, rolledBackAt: null, rolledBackBy: null } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error; // two racing attempts: the first one's record stands
  }
}

/** The workspace's newest refit (by the index on { workspaceId, at }); null before the first. */
export async function latestRefit(db: ScoringRefitsDb, workspaceId: string): Promise<ScoringRefitView | null> {
  const newest = await db.scoringRefits.findOne({ workspaceId }).sort({ at: -1, _id: -1 }).lean<ScoringRefitRecord>();
  return newest ? viewOf(newest) : null;
}

const same = (a: RefitWeights, b: RefitWeights) =>
  (['companySize', 'industryMatch', 'techStack', 'jobTitle'] as const).every((key) => Math.abs(a[key] - b[key]) < 1e-9) &&
  (a.timing === undefined) === (b.timing === undefined) &&
  Math.abs((a.timing ?? 0) - (b.timing ?? 0)) < 1e-9;

/**
 * Rolls back the weights a cycle's refit applied: the weights in force before it come back. Only
 * while its weights are still the ones in force (a later change, by a person or a cycle, is rolled
 * back first or set on /agents), and once.
 */
export async function rollBackRefit(
  db: ScoringRefitsDb & ConfigStoreDb,
  workspaceId: string,
  cycleId: string,
  by: string,
): Promise<ScoringRefitView> {
  const record = await db.scoringRefits.findOne({ workspaceId, cycleId }).lean<ScoringRefitRecord>();
  if (!record) throw new NotFoundError(`No scoring refit of learning cycle ${cycleId} in this workspace`);
  if (!record.applied) throw new ConflictError(`The refit of learning cycle ${cycleId} applied nothing to roll back`);
  if (record.rolledBackAt) throw new ConflictError(`The refit of learning cycle ${cycleId} is rolled back already`);
  const { scoringWeights } = await getWorkspaceConfig(db, workspaceId);
  if (!same(scoringWeights, record.proposed))
    throw new ConflictError(
      `The scoring weights changed after learning cycle ${cycleId} applied its refit: roll back the newer change first, or set the weights on /agents`,
    );
  const rolled = await db.scoringRefits
    .findOneAndUpdate(
      { workspaceId, cycleId, rolledBackAt: null },
      { $set: { rolledBackAt: new Date(), rolledBackBy: by } },
      { returnDocument: 'after' },
    )
    .lean<ScoringRefitRecord>();
  if (!rolled) throw new ConflictError(`The refit of learning cycle ${cycleId} is rolled back already`);
  await setWorkspaceConfig(db, workspaceId, 'scoringWeights', record.before);
  return viewOf(rolled);
}
