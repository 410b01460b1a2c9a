import { formatDuration, formatNumber } from '../../../utils/format.ts';
import { roleAtLeast, type Role } from '../../auth/index.ts';
import type { BatchDetail, BatchStatus } from '../api/batches-api.ts';

/** The first block of a batch id (a UUID): enough to tell batches apart on screen. */
export const shortBatchId = (batchId: string): string => batchId.slice(0, 8);

/** How each status is badged; the word is always shown beside the colour. */
export const BATCH_STATUS_BADGE: Record<BatchStatus, string> = {
  running: 'badge-info',
  completed: 'badge-success',
  cancelled: 'badge-warning',
};

/** True when `role` may retry and cancel batches (sales ops and above; the API refuses the rest). */
export const canControlBatches = (role: Role | null): boolean => role !== null && roleAtLeast(role, 'sales-ops');

/** Why Retry failed and Cancel are disabled for the rest (their tooltip). */
export const BATCH_NEEDS_ROLE = 'Sales ops, admins and owners retry and cancel batches';

/** "12.5 runs/min", "2,863 runs/min" (tenths only below 100); "—" before a step has ended. */
export function paceText(runsPerMinute: number | null): string {
  if (runsPerMinute === null) return '—';
  return `${formatNumber(runsPerMinute, runsPerMinute < 100 ? 1 : 0)} runs/min`;
}

/** Time left while it runs ("about 3 min 05 s left"), how long it took once it has ended. */
export function timeText(batch: Pick<BatchDetail, 'status' | 'etaSeconds' | 'startedAt' | 'finishedAt'>): string {
  if (batch.status === 'running')
    return batch.etaSeconds === null ? 'Estimating…' : `About ${formatDuration(batch.etaSeconds * 1_000)} left`;
  if (!batch.finishedAt) return '—';
  return `Took ${formatDuration(Date.parse(batch.finishedAt) - Date.parse(batch.startedAt))}`;
}

const RUN_STATES = ['running', 'pending', 'completed', 'failed', 'cancelled'] as const;

/** "49 completed · 1 failed": each status that has runs, what is still going first. */
export function runsText(runs: BatchDetail['runs']): string {
  const parts = RUN_STATES.filter((state) => runs[state] > 0).map((state) => `${formatNumber(runs[state])} ${state}`);
  return parts.length > 0 ? parts.join(' · ') : 'No runs';
}

/** How long after a cancel the batch is still read: the steps under way at that moment end within it. */
const AFTER_CANCEL_MS = 10_000;

/** True while the batch may still change: it runs, or it was cancelled a moment ago with steps still under way. */
export function batchIsLive(batch: BatchDetail | undefined, now = Date.now()): boolean {
  if (!batch) return false;
  if (batch.status === 'running') return true;
  const justCancelled = batch.status === 'cancelled' && batch.finishedAt !== null && now - Date.parse(batch.finishedAt) < AFTER_CANCEL_MS;
  return justCancelled && batch.stages.some((stage) => stage.running > 0);
}
