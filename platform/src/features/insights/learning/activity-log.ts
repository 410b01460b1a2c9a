import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { activityEntryModels } from './activity-model.ts';

/** The models the activity log needs. */
export type ActivityLogDb = ReturnType<typeof activityEntryModels>;

/** An entry to record; give `entryKey` when the writer may retry, so it is recorded once. */
export const ActivityInput = z.object({
  workspaceId: z.string().min(1),
  entryKey: z.string().min(1).optional(),
  title: z.string().min(1),
  description: z.string(),
  time: z.coerce.date(),
  icon: z.string().min(1),
  color: z.string().min(1),
});

/** One line of Recent Activity as served (spec entity Activity). */
export interface ActivityView {
  title: string;
  description: string;
  /** ISO date-time. */
  time: string;
  icon: string;
  color: string;
}

/** Records one Recent Activity line; idempotent per (workspace, entryKey). */
export async function recordActivity(db: ActivityLogDb, input: z.input<typeof ActivityInput>): Promise<void> {
  const { entryKey = randomUUID(), ...entry } = ActivityInput.parse(input);
  await db.activityEntries.updateOne(
    { workspaceId: entry.workspaceId, entryKey },
    { $setOnInsert: { ...entry, entryKey } },
    { upsert: true },
  );
}

/** The workspace's latest activity, newest first. */
export async function listActivity(db: ActivityLogDb, workspaceId: string, limit: number): Promise<ActivityView[]> {
  const entries = await db.activityEntries.find({ workspaceId }).sort({ time: -1, _id: -1 }).limit(limit).lean();
  return entries.map(({ title, description, time, icon, color }) => ({ title, description, time: time.toISOString(), icon, color }));
}
