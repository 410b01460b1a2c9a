import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { createHash } from 'node:crypto';
import { Schema, type InferSchemaType, type Model } from 'mongoose';
import { learningCycleResult, type LearningCycleResult, type RunLearningCycleInput } from './schemas.ts';

/** One learning cycle's result, stored once per (workspace, cycle id). */
export const cycleSchema = new Schema({
  workspaceId: { type: String, required: true },
  cycleId: { type: String, required: true },
  /** SHA-256 of the input: a reused cycle id with different input is logged, not recomputed. */
  inputHash: { type: String, required: true },
  /** Counts of what the cycle learned from, for the audit trail (the raw leads are not kept). */
  inputSummary: {
    sends: Number,
    replies: Number,
    meetingsBooked: Number,
    meetingsAttended: Number,
    scoredLeads: Number,
    templateRows: Number,
    cadenceRows: Number,
    autoApply: { type: Boolean, default: null },
  },
  /** The full activity output, returned as it is on a retry. */
  output: { type: Schema.Types.Mixed, required: true },
  createdAt: { type: Date, required: true },
});
// The idempotency key: a retried activity finds its own result instead of writing a second one.
cycleSchema.index({ workspaceId: 1, cycleId: 1 }, { unique: true });
cycleSchema.index({ workspaceId: 1, createdAt: -1 });

/** The model the host builds from `cycleSchema`. */
export type CycleModel = Model<InferSchemaType<typeof cycleSchema>>;

/** A stored cycle, typed. */
export interface StoredCycle {
  inputHash: string;
  createdAt: Date;
  output: LearningCycleResult;
}

/** A cycle's input in the workspace its run context gives. */
export type CycleInput = RunLearningCycleInput & { workspaceId: string };

/** The hash a stored cycle is compared with on a retry. */
export function hashInput(input: CycleInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

function typed(document: { inputHash: string; createdAt: Date; output: unknown }): StoredCycle {
  return { inputHash: document.inputHash, createdAt: document.createdAt, output: learningCycleResult.parse(document.output) };
}

/** The stored cycle with this id in this workspace, if any. */
export async function findCycle(cycles: CycleModel, workspaceId: string, cycleId: string): Promise<StoredCycle | null> {
  const found = await cycles.findOne({ workspaceId, cycleId }).lean();
  return found ? typed(found) : null;
}

/**
 * Stores a cycle unless one with the same id already exists, and returns the stored one:
 * when two attempts race, both answer with the first writer's result.
 */
export async function storeCycle(
  cycles: CycleModel,
  input: CycleInput,
  output: LearningCycleResult,
  createdAt: Date,
): Promise<StoredCycle> {
  const { workspaceId, cycleId, outcomes } = input;
  const record = {
    workspaceId,
    cycleId,
    inputHash: hashInput(input),
    output,
    createdAt,
    inputSummary: {
      sends: outcomes.sends,
      replies: outcomes.replies,
      meetingsBooked: outcomes.meetingsBooked,
      meetingsAttended: outcomes.meetingsAttended,
      scoredLeads: outcomes.scoredLeads.length,
      templateRows: outcomes.templates.length,
      cadenceRows: outcomes.cadence.length,
      autoApply: input.autoApply ?? null,
    },
  };
  try {
    const stored = await cycles
      .findOneAndUpdate({ workspaceId, cycleId }, { $setOnInsert: record }, { upsert: true, returnDocument: 'after' })
      .lean();
    if (stored) return typed(stored);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  const winner = await findCycle(cycles, workspaceId, cycleId);
  if (!winner) throw new Error(`learning cycle ${cycleId} was neither stored nor found`);
  return winner;
}

/** The newest cycles of a workspace and how many it has in all. */
export async function listRecentCycles(
  cycles: CycleModel,
  workspaceId: string,
  limit: number,
): Promise<{ total: number; cycles: StoredCycle[] }> {
  const [total, recent] = await Promise.all([
    cycles.countDocuments({ workspaceId }),
    cycles.find({ workspaceId }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean(),
  ]);
  return { total, cycles: recent.map(typed) };
}
