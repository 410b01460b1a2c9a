import { Schema, type Connection, type Model } from 'mongoose';

/** One line of the dashboard's Recent Activity (spec entity Activity). */
export interface ActivityEntry {
  workspaceId: string;
  /** Natural key of the entry (e.g. `learning-cycle:<cycleId>:<n>`), so a retried writer records it once. */
  entryKey: string;
  title: string;
  description: string;
  time: Date;
  icon: string;
  color: string;
}

const ActivityEntrySchema = new Schema<ActivityEntry>({
  workspaceId: { type: String, required: true },
  entryKey: { type: String, required: true },
  title: { type: String, required: true },
  description: { type: String, required: true },
  time: { type: Date, required: true },
  icon: { type: String, required: true },
  color: { type: String, required: true },
});
ActivityEntrySchema.index({ workspaceId: 1, entryKey: 1 }, { unique: true });
ActivityEntrySchema.index({ workspaceId: 1, time: -1 });

/** Registers the activity entry model on a connection (once); collection `activity_entries`. */
export function activityEntryModels(connection: Connection) {
  return {
    activityEntries:
      (connection.models.ActivityEntry as Model<ActivityEntry> | undefined) ??
      connection.model<ActivityEntry>('ActivityEntry', ActivityEntrySchema, 'activity_entries'),
  };
}
