import type { PipelineRunStats, RunStatus } from '../api/types.ts';
import { formatCount, formatNumber } from '../../../utils/format.ts';

// The order counts are read in: what is still going, then how the rest ended.
const COUNTED: readonly RunStatus[] = ['running', 'pending', 'completed', 'failed', 'cancelled'];

/** "12 runs · 10 completed · 2 failed": the total, then each status that has runs; "No runs yet" before the first. */
export function runCountsText(stats: PipelineRunStats): string {
  if (stats.total === 0) return 'No runs yet';
  const parts = COUNTED.filter((status) => stats.byStatus[status] > 0).map((status) => `${formatNumber(stats.byStatus[status])} ${status}`);
  return [formatCount(stats.total, 'run'), ...parts].join(' · ');
}

/** "1 version", "3 versions". */
export const versionsText = (count: number) => formatCount(count, 'version');
