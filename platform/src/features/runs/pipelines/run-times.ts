import type { PipelineRun } from './run-model.ts';

/** Statuses a run never leaves. */
const ENDED: ReadonlySet<PipelineRun['status']> = new Set(['completed', 'failed', 'cancelled']);

/** The fields a run's own times are read from. */
export type TimedRun = Pick<PipelineRun, 'status' | 'steps' | 'startedAt' | 'endedAt'> & { batchId?: string | undefined };

/**
 * When a run itself started and ended, as every view shows it. A run on its own: its record's
 * times. A run of a batch is recorded running from the batch's start to its end (the batch starts
 * all its runs at once and settles them all at once), so its own times are its steps': from its
 * first step's start to the end of the last step it ran (a skip is settled at the batch's end and
 * says nothing of the run), no end while its batch still runs, and no start before a step of it has.
 */
export function ownTimes(run: TimedRun): { startedAt?: Date; endedAt?: Date } {
  if (!run.batchId) return { ...(run.startedAt ? { startedAt: run.startedAt } : {}), ...(run.endedAt ? { endedAt: run.endedAt } : {}) };
  const ran = Object.values(run.steps ?? {}).filter((step) => step.startedAt);
  const at = (date: Date | string | undefined) => (date ? new Date(date).getTime() : Number.NaN);
  const starts = ran.map((step) => at(step.startedAt));
  const ends = ran.map((step) => at(step.endedAt)).filter((time) => !Number.isNaN(time));
  const startedAt = starts.length > 0 ? new Date(Math.min(...starts)) : undefined;
  let endedAt: Date | undefined;
  // Ended with no step run (cancelled before its turn): when it was settled, which is the one time it has.
  if (ENDED.has(run.status)) endedAt = ends.length > 0 ? new Date(Math.max(...ends)) : run.endedAt;
  return { ...(startedAt ? { startedAt } : {}), ...(endedAt ? { endedAt } : {}) };
}

/** The run with its own times in place of its record's (see ownTimes). */
export function withOwnTimes<T extends TimedRun>(run: T): Omit<T, 'startedAt' | 'endedAt'> & { startedAt?: Date; endedAt?: Date } {
  const { startedAt: _started, endedAt: _ended, ...rest } = run;
  return { ...rest, ...ownTimes(run) };
}
