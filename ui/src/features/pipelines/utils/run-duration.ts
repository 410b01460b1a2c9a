import { durationBetween } from '../../../utils/format.ts';
import type { RunStatus } from '../api/types.ts';
import { isRunLive } from './run-status.ts';

/**
 * A run's own duration as the API times it (a batch's run from its first step to the last it ran,
 * never the batch's): start → end, or start → `now` while it runs; undefined before it has started.
 */
export function runDuration(run: { status: RunStatus; startedAt?: string; endedAt?: string }, now: Date = new Date()): string | undefined {
  const end = run.endedAt ?? (isRunLive(run.status) ? now.toISOString() : undefined);
  return durationBetween(run.startedAt, end);
}
