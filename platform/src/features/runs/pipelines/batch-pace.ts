import type { StepCounts } from './batch-progress.ts';

/** How fast a batch goes: runs finished per minute, and the seconds left at that pace. */
export interface BatchPace {
  runsPerMinute: number | null;
  etaSeconds: number | null;
}

/**
 * A batch's pace from its step counts. It runs stage by stage, so whole runs finish only in its
 * last stage: a run counts in part as each of its steps settles (completed, failed or skipped),
 * which keeps the pace and the time left steady from the first stage on.
 */
export function batchPace(options: {
  total: number;
  nodes: Record<string, StepCounts>;
  startedAt: Date;
  /** Now, or when it ended. */
  until: Date;
  running: boolean;
  /** A cancelled batch's skips are mostly the cancel's, not the work's: only steps that ran count. */
  cancelled?: boolean;
}): BatchPace {
  const stages = Object.values(options.nodes);
  const steps = options.total * stages.length;
  const skips = (counts: StepCounts) => (options.cancelled ? 0 : counts.skipped);
  const settled = stages.reduce((sum, counts) => sum + counts.completed + counts.failed + skips(counts), 0);
  const seconds = Math.max(0, (options.until.getTime() - options.startedAt.getTime()) / 1000);
  if (settled === 0 || seconds === 0) return { runsPerMinute: null, etaSeconds: null };
  const runsPerMinute = Math.round((settled / stages.length / (seconds / 60)) * 10) / 10;
  const etaSeconds = options.running ? Math.round((Math.max(0, steps - settled) / settled) * seconds) : null;
  return { runsPerMinute, etaSeconds };
}
