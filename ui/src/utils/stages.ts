/**
 * One stage of a batch (a node of its pipeline): how many of its runs the step has settled, and
 * how. `running` and `pending` are there when the batch says (the batch page); a campaign's
 * summary counts settled steps only.
 */
export interface StageCounts {
  nodeId: string;
  label: string;
  total: number;
  completed: number;
  failed: number;
  skipped: number;
  running?: number;
  pending?: number;
}

/** Runs whose step in this stage has settled: completed, failed or skipped. */
export const stageSettled = (stage: StageCounts): number => stage.completed + stage.failed + stage.skipped;

/** The share of a stage's runs it has settled, 0–100, rounded down (a bar is full only when the stage is). */
export function stagePercent(stage: StageCounts): number {
  return stage.total === 0 ? 0 : Math.floor((stageSettled(stage) / stage.total) * 100);
}

/** The parts of a stage's bar, in order, each as a share (0–100) of its runs; empty parts left out. */
export function stageSegments(stage: StageCounts): Array<{ part: 'completed' | 'failed' | 'skipped' | 'running'; percent: number }> {
  if (stage.total === 0) return [];
  const parts = ['completed', 'failed', 'skipped', 'running'] as const;
  return parts.map((part) => ({ part, percent: ((stage[part] ?? 0) / stage.total) * 100 })).filter((segment) => segment.percent > 0);
}
