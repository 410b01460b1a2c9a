import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { LegacySendStepInput, QueueStepInput, QueueStepResult, SequenceActivities } from '@meetflow/workflows';
import type { Models } from '../../core/db/models.ts';
import type { Secrets } from '../../core/secrets-key.ts';
import { recordOutcome } from '../outcomes/record.ts';
import { createDeliverStep, type DeliverFaults } from '../sending/deliver.ts';
import { suppress, suppressionOf } from '../sending/suppression.ts';
import { getWorkspaceConfig } from '../workspace-config/workspace-config.ts';
import type { OutboxMessage } from './outbox-model.ts';

/** What the sequence activities work with. */
export interface SequenceActivitiesDeps {
  db: Models;
  /** Opens mailbox passwords and signs unsubscribe links. */
  secrets: Secrets;
  /** The base of the links in sent emails. */
  publicUrl: string;
  /** Tests only: a crash injected at a chosen point of a send. */
  faults?: DeliverFaults;
}

/** Activities of the per-prospect sequence workflow: the outbox, sending and the suppression list. */
export function createSequenceActivities(deps: SequenceActivitiesDeps) {
  const { db } = deps;
  return {
    /**
     * Writes a step's email to the outbox unless the address is suppressed: waiting for review in
     * review mode, queued to send otherwise. Idempotent per (prospect, step): a retry answers
     * where the email already is.
     */
    async queueStep(input: QueueStepInput): Promise<QueueStepResult> {
      const email = input.email.trim().toLowerCase();
      const suppressed = await suppressionOf(db, input.workspaceId, email);
      if (suppressed) return { outcome: 'suppressed', reason: suppressed.reason };
      const { sending } = await getWorkspaceConfig(db, input.workspaceId);
      const campaign = await db.campaigns.findOne({ workspaceId: input.workspaceId, prospectIds: input.prospectId }, { id: 1 }).lean();
      const status = sending.mode === 'review' ? 'pending_review' : 'queued';
      try {
        await db.outbox.create({
          workspaceId: input.workspaceId,
          sequenceId: input.sequenceId,
          prospectId: input.prospectId,
          campaignId: campaign?.id ?? null,
          step: input.step,
          email,
          subject: input.subject,
          body: input.body,
          factIds: input.factIds ?? [],
          template: input.template ?? null,
          status,
        } satisfies Partial<OutboxMessage>);
        return { outcome: status };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const stored = await db.outbox.findOne({ workspaceId: input.workspaceId, prospectId: input.prospectId, step: input.step }).lean();
      if (stored?.status === 'pending_review' || stored?.status === 'queued') return { outcome: stored.status };
      return { outcome: 'settled', status: stored?.status ?? 'missing' };
    },

    deliverStep: createDeliverStep(deps),

    /**
     * What sequences started before real sending call for each step: the email is queued (and
     * counted sent) as it was then; nothing more is done with it.
     */
    async sendSequenceStep(input: LegacySendStepInput) {
      const email = input.email.trim().toLowerCase();
      const suppressed = await suppressionOf(db, input.workspaceId, email);
      if (suppressed) return { outcome: 'suppressed' as const, reason: suppressed.reason };
      let outcome: 'queued' | 'already-queued' = 'queued';
      try {
        await db.outbox.create({ ...input, email, status: 'queued' });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        outcome = 'already-queued';
      }
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
      await suppress(db, input.workspaceId, input.email, input.reason);
    },
  } satisfies SequenceActivities;
}
