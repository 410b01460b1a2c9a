import { hostname } from 'node:os';
import type { Models } from '../../core/db/models.ts';

/** Input of the end-to-end check activity. */
export interface RecordSystemCheckInput {
  checkId: string;
  workflowId: string;
  runId: string;
}

/** Activities that prove the worker reaches the database. */
export function createSystemActivities(db: Pick<Models, 'systemChecks'>) {
  const worker = `${hostname()}:${process.pid}`;
  return {
    /** Stores the check (an upsert on checkId, so a retried attempt writes it once). */
    async recordSystemCheck(input: RecordSystemCheckInput): Promise<{ worker: string; checkedAt: string }> {
      const stored = await db.systemChecks.findOneAndUpdate(
        { checkId: input.checkId },
        { $setOnInsert: { ...input, worker, checkedAt: new Date() } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
      return { worker: stored.worker, checkedAt: stored.checkedAt.toISOString() };
    },
  };
}

export type SystemActivities = ReturnType<typeof createSystemActivities>;
