import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { SendStepInput, SendStepResult, SequenceActivities } from '@meetflow/workflows';
import type { Models } from '../../core/db/models.ts';
import { recordOutcome } from '../outcomes/record.ts';

/** Activities of the per-prospect sequence workflow: the outbox and the suppression list. */
export function createSequenceActivities(db: Pick<Models, 'outbox' | 'suppressions' | 'outcomeEvents' | 'dashboardRollups'>) {
  return {
    /**
     * Queues a step's email in the outbox unless the address is suppressed. Idempotent per
     * (prospect, step): a retry, or a worker that crashed after writing, never queues it twice.
     */
    async sendSequenceStep(input: SendStepInput): Promise<SendStepResult> {
      const email = input.email.trim().toLowerCase();
      const suppressed = await db.suppressions.findOne({ workspaceId: input.workspaceId, email }).lean();
      if (suppressed) return { outcome: 'suppressed', reason: suppressed.reason };
      let outcome: 'queued' | 'already-queued' = 'queued';
      try {
        await db.outbox.create({ ...input, email, status: 'queued' });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        outcome = 'already-queued';
      }
      // Recorded on every attempt: the event id makes it count once, even if a crash came between the two writes.
      await recordOutcome(db, {
        workspaceId: input.workspaceId,
        eventId: `sent-${input.sequenceId}-${input.step}`,
        type: 'sent',
        at: new Date(),
        prospectId: input.prospectId,
        step: input.step,
        template: input.template,
        dayOffset: input.dayOffset,
      });
      return { outcome };
    },

    /** Adds an address to the workspace's suppression list (idempotent). */
    async suppressAddress(input: { workspaceId: string; email: string; reason: string }): Promise<void> {
      const email = input.email.trim().toLowerCase();
      await db.suppressions.updateOne(
        { workspaceId: input.workspaceId, email },
        { $setOnInsert: { workspaceId: input.workspaceId, email, reason: input.reason } },
        { upsert: true },
      );
    },
  } satisfies SequenceActivities;
}
