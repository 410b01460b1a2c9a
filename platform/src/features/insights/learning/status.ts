import type { Client } from '@temporalio/client';
import { getWorkspaceConfig, type ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import type { OutcomesDb } from '../outcomes/record.ts';
import type { CyclesModel } from './cycles.ts';
import { nextScheduledCycle } from './settings.ts';

/** The dashboard's Learning Queue: when the next cycle runs and what it will learn from. */
export interface LearningStatus {
  /** ISO time of the schedule's next run; null when automatic cycles are off or no schedule exists. */
  nextCycleAt: string | null;
  automaticCycles: boolean;
  /** ISO time the newest cycle was stored; null before the first. */
  lastCycleAt: string | null;
  /** Outcome events no cycle has learned from yet. */
  pendingOutcomes: number;
  /** Scored leads among them: what re-fitting the scoring weights needs `minSampleSize` of. */
  pendingScoredLeads: number;
  minSampleSize: number;
}

/** What the status reads: the Temporal client, the config store, the outcome events and the stored cycles. */
export interface LearningStatusDeps {
  client: Client;
  db: ConfigStoreDb & Pick<OutcomesDb, 'outcomeEvents'>;
  cycles: CyclesModel | undefined;
  /** The learning engine's minimum sample size (its `minSampleSize` setting). */
  minSampleSize: number;
}

/** The workspace's learning queue, from the schedule, the unclaimed outcome events (indexed) and the newest cycle. */
export async function learningStatus(deps: LearningStatusDeps, workspaceId: string): Promise<LearningStatus> {
  const pending = { workspaceId, learnedIn: null };
  const [config, nextCycleAt, pendingOutcomes, pendingScoredLeads, latest] = await Promise.all([
    getWorkspaceConfig(deps.db, workspaceId),
    nextScheduledCycle(deps.client, workspaceId),
    deps.db.outcomeEvents.countDocuments(pending),
    deps.db.outcomeEvents.countDocuments({ ...pending, type: 'lead_scored' }),
    deps.cycles?.findOne({ workspaceId }, { createdAt: 1 }).sort({ createdAt: -1, _id: -1 }).lean<{ createdAt?: Date | string }>(),
  ]);
  const { automaticCycles } = config.learningSettings;
  return {
    nextCycleAt: automaticCycles && nextCycleAt ? nextCycleAt.toISOString() : null,
    automaticCycles,
    lastCycleAt: latest?.createdAt ? new Date(latest.createdAt).toISOString() : null,
    pendingOutcomes,
    pendingScoredLeads,
    minSampleSize: deps.minSampleSize,
  };
}
