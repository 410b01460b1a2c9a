import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Where a prospect's sequence runs, claimed at enrolment before its workflow starts: one per
 * (workspace, prospect), so a prospect is never in two sequences. `workflowId` is its own
 * `prospectSequence` (`sequence-<workspace>-<prospect>`, a prospect enrolled alone) or the
 * `sequenceGroup` its chunk's members share. Sequences started before the directory have no entry
 * and run in their own workflow.
 */
export interface SequenceDirectoryEntry {
  workspaceId: string;
  prospectId: number;
  workflowId: string;
  enrolledAt: Date;
  /** When its sequence ended (completed or stopped), as its group recorded it; null while it runs. */
  endedAt: Date | null;
}

const SequenceDirectorySchema = new Schema<SequenceDirectoryEntry>({
  workspaceId: { type: String, required: true },
  prospectId: { type: Number, required: true },
  workflowId: { type: String, required: true },
  enrolledAt: { type: Date, required: true },
  endedAt: { type: Date, default: null },
});
SequenceDirectorySchema.index({ workspaceId: 1, prospectId: 1 }, { unique: true });
// The outbox's "next up" lists a workspace's running sequences, oldest first.
SequenceDirectorySchema.index({ workspaceId: 1, endedAt: 1, enrolledAt: 1 });

/** Registers the sequence directory (collection `sequence_directory`). */
export function sequenceDirectoryModels(connection: Connection) {
  return {
    sequenceDirectory:
      (connection.models.SequenceDirectoryEntry as Model<SequenceDirectoryEntry> | undefined) ??
      connection.model<SequenceDirectoryEntry>('SequenceDirectoryEntry', SequenceDirectorySchema, 'sequence_directory'),
  };
}

export type SequenceDirectoryDb = ReturnType<typeof sequenceDirectoryModels>;

/** A prospect's sequence's workflow when it runs alone: one per (workspace, prospect). */
export function sequenceWorkflowId(workspaceId: string, prospectId: number): string {
  return `sequence-${workspaceId}-${prospectId}`;
}

/** Where a prospect's sequence is addressed: its own workflow, or a member of a group's. */
export type SequenceAddress = { kind: 'alone'; workflowId: string } | { kind: 'member'; workflowId: string; endedAt: Date | null };

/** Where each prospect's sequence runs; a prospect with no entry is addressed alone (a sequence from before the directory, or none). */
export async function sequenceAddresses(
  db: SequenceDirectoryDb,
  workspaceId: string,
  prospectIds: readonly number[],
): Promise<Map<number, SequenceAddress>> {
  const entries =
    prospectIds.length === 0
      ? []
      : await db.sequenceDirectory
          .find({ workspaceId, prospectId: { $in: [...new Set(prospectIds)] } }, { prospectId: 1, workflowId: 1, endedAt: 1 })
          .lean();
  const found = new Map(entries.map((entry) => [entry.prospectId, entry]));
  return new Map(
    prospectIds.map((prospectId) => {
      const entry = found.get(prospectId);
      const alone = sequenceWorkflowId(workspaceId, prospectId);
      return [
        prospectId,
        !entry || entry.workflowId === alone
          ? { kind: 'alone', workflowId: alone }
          : { kind: 'member', workflowId: entry.workflowId, endedAt: entry.endedAt ?? null },
      ];
    }),
  );
}
