import { Schema, type Connection, type Model } from 'mongoose';

/** The counters every rollup keeps, all `$inc`-ed as outcome events arrive. */
export const ROLLUP_COUNTERS = [
  'sends',
  'replies',
  'positiveReplies',
  'meetingsBooked',
  'meetingsAttended',
  'noShows',
  'leadsScored',
  'scoreSum',
] as const;
export type RollupCounter = (typeof ROLLUP_COUNTERS)[number];

/** The period of the all-time rollup; weekly ones are ISO weeks such as `2025-W07`, daily ones UTC days such as `2025-02-14`. */
export const TOTAL_PERIOD = 'total';

/** The counters of one workspace over one period: the dashboard reads these, never the raw events. */
export type DashboardRollup = { workspaceId: string; period: string; appliedEventIds: string[] } & Record<RollupCounter, number>;

const counters = Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, { type: Number, default: 0 }]));
const DashboardRollupSchema = new Schema<DashboardRollup>(
  {
    workspaceId: { type: String, required: true },
    period: { type: String, required: true },
    ...counters,
    // The last events counted here (bounded): the guard that makes re-applying an event a no-op.
    appliedEventIds: { type: [String], default: [] },
  },
  { timestamps: true },
);
DashboardRollupSchema.index({ workspaceId: 1, period: 1 }, { unique: true });

/** Registers the rollup model on a connection (once); collection `dashboard_rollups`. */
export function dashboardRollupModels(connection: Connection) {
  return {
    dashboardRollups:
      (connection.models.DashboardRollup as Model<DashboardRollup> | undefined) ??
      connection.model<DashboardRollup>('DashboardRollup', DashboardRollupSchema, 'dashboard_rollups'),
  };
}
