import { hostname } from 'node:os';
import type { RecordSystemCheckInput, SystemActivities } from '@meetflow/workflows';
import type { Models } from '../../models.ts';

/** Activities that prove the worker reaches the database. */
export function createSystemActivities(db: Pick<Models, 'systemChecks'>) {
  const worker = `${hostname()}:${process.pid}`;
  return {
    /** Stores the check (an upsert on checkId, so a retried attempt writes it once). */
    async recordSystemCheck(input: RecordSystemCheckInput): Promise<{ worker: string; checkedAt: string }> {
      const stored = await db.systemChecks
        .findOneAndUpdate(
          { checkId: input.checkId },
          { $setOnInsert: { ...input, worker, checkedAt: new Date() } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean();
      return { worker: stored.worker, checkedAt: stored.checkedAt.toISOString() };
    },
  } satisfies SystemActivities;
}
