import { isDuplicateKey, type BoundActivity } from '@meetflow/plugin-sdk';
import type { LegacySendStepInput, QueueStepInput, QueueStepResult, SequenceActivities } from '@meetflow/workflows';
import { systemRunContext } from '../../../core/run-context.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { recordOutcome } from '../../insights/services.ts';
import { createDeliverStep, type DeliverDb, type DeliverFaults } from '../sending/deliver.ts';
import { suppress, suppressionOf } from '../suppressions/suppression.ts';
import { getWorkspaceConfig } from '../../insights/services.ts';
import type { InProcessChannel } from '../../runs/services.ts';
import type { MailAllowHosts } from '../mailboxes/mail-hosts.ts';
import type { OutboxMessage } from '../outbox/model.ts';
import { meetingProposalEmail } from './meeting-proposal.ts';
import type { Slot } from '@meetflow/plugin-sdk/contracts/meeting-booking';

/** What the sequence activities work with. */
export interface SequenceActivitiesDeps {
  /** What a send touches (its guardrails, mailboxes, links and outcomes) covers what writing a step's email does. */
  db: DeliverDb;
  /** Opens mailbox passwords and signs unsubscribe links. */
  secrets: Secrets;
  /** The base of the links in sent emails. */
  publicUrl: string;
  /** The email channel plugin, bound in-process (PluginHost.channel); without it emails wait, saying none is installed. */
  channel?: InProcessChannel | null;
  /** Mail servers allowed despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS); default none. */
  mailAllowHosts?: MailAllowHosts;
  /** Tests only: a crash injected at a chosen point of a send. */
  faults?: DeliverFaults;
  /** Meeting booking's proposeSlots, for the email after an interested reply; without it none is offered. */
  proposeSlots?: BoundActivity;
  /** The prospect's public booking link for that email (null or left out: the email carries none). */
  bookingLink?: ((workspaceId: string, prospectId: number) => Promise<string | null>) | undefined;
  /** The busy times of the workspace's connected calendar over the booking horizon (revenue's calendars, composed by the worker); none without one. */
  calendarBusy?: ((workspaceId: string) => Promise<Array<{ start: string; end: string }>>) | undefined;
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

    deliverStep: createDeliverStep({ ...deps, channel: deps.channel ?? null, mailAllowHosts: deps.mailAllowHosts ?? [] }),

    /**
     * After an interested reply: the next three free slots (meeting booking, clear of booked
     * meetings) in an email answering in the first email's thread; null when none is free.
     */
    async draftMeetingProposal(input: { workspaceId: string; prospectId: number }) {
      if (!deps.proposeSlots) return null;
      const run = systemRunContext(input.workspaceId, 'meeting-proposal');
      // Clear of the connected calendar's busy times too (none when there is none, or it does not answer), labelled in the prospect's zone.
      const [busy, zone] = await Promise.all([
        deps.calendarBusy?.(input.workspaceId) ?? [],
        db.prospects.findOne({ workspaceId: input.workspaceId, id: input.prospectId }, { timeZone: 1 }).lean(),
      ]);
      const labels = zone?.timeZone ? { labelTimeZone: zone.timeZone } : {};
      const { slots } = (await deps.proposeSlots({ count: 3, busy, ...labels }, { run })) as { slots: Slot[] };
      if (slots.length === 0) return null;
      const [prospect, first, bookingUrl] = await Promise.all([
        db.prospects.findOne({ workspaceId: input.workspaceId, id: input.prospectId }, { firstName: 1 }).lean(),
        db.outbox.findOne({ workspaceId: input.workspaceId, prospectId: input.prospectId, step: 1 }, { subject: 1 }).lean(),
        deps.bookingLink?.(input.workspaceId, input.prospectId) ?? null,
      ]);
      return meetingProposalEmail({ firstName: prospect?.firstName ?? '', firstSubject: first?.subject ?? null, slots, bookingUrl });
    },

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
