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

/**
 * The counters of one workspace over one period: the dashboard reads these, never the raw events.
 * The all-time rollup also lists the ISO weeks that have a weekly rollup (`weeks`), so the trend
 * chart reads its weeks by exact key instead of scanning for them; `weeksListed` says the list is
 * complete (true from the rollup's first write, or once `listWeeks` has backfilled one written before).
 */
export type DashboardRollup = {
  workspaceId: string;
  period: string;
  appliedEventIds: string[];
  weeks?: string[];
  weeksListed?: boolean;
} & Record<RollupCounter, number>;

const counters = Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, { type: Number, default: 0 }]));
const DashboardRollupSchema = new Schema<DashboardRollup>(
  {
    workspaceId: { type: String, required: true },
    period: { type: String, required: true },
    ...counters,
    // The last events counted here (bounded): the guard that makes re-applying an event a no-op.
    appliedEventIds: { type: [String], default: [] },
    // The all-time rollup's only (no default: a weekly or daily rollup has none).
    weeks: { type: [String], default: undefined },
    weeksListed: Boolean,
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
