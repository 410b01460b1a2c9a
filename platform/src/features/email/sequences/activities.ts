import { Context } from '@temporalio/activity';
import { duplicateKeyIndexes, isDuplicateKey, type BoundActivity } from '@meetflow/plugin-sdk';
import type { LegacySendStepInput, QueueStepInput, QueueStepResult, SequenceActivities } from '@meetflow/workflows';
import { systemRunContext } from '../../../core/run-context.ts';
import { heartbeating } from '../../../core/temporal/heartbeating.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { recordOutcome } from '../../insights/services.ts';
import { createDeliverStep, type DeliverDb, type DeliverFaults } from '../sending/deliver.ts';
import { suppress, suppressionOf, suppressionsOf } from '../suppressions/suppression.ts';
import { getWorkspaceConfig } from '../../insights/services.ts';
import type { InProcessChannel } from '../../runs/services.ts';
import type { FirstSteps, QueuedStep } from './enrollment.ts';
import type { MailAllowHosts } from '../mailboxes/mail-hosts.ts';
import type { OutboxMessage } from '../outbox/model.ts';
import { meetingProposalEmail } from './meeting-proposal.ts';
import type { SequenceDirectoryDb } from './directory.ts';
import type { Slot } from '@meetflow/plugin-sdk/contracts/meeting-booking';

/** What the sequence activities work with. */
export interface SequenceActivitiesDeps {
  /** What a send touches (its guardrails, mailboxes, links and outcomes) covers what writing a step's email does. */
  db: DeliverDb & SequenceDirectoryDb;
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

/**
 * Writes steps' emails to the outbox, each unless its address is suppressed: waiting for review in
 * review mode, queued to send otherwise; their results in the inputs' order. Idempotent per
 * (prospect, step): a repeat answers where the email already is. A list (enrolment's first steps,
 * a chunk's) is read and written in a few calls per workspace: its suppressions, its sending
 * mode, the campaigns naming its prospects, one insert, and the emails already there.
 */
export async function queueSteps(db: DeliverDb, inputs: readonly QueueStepInput[]): Promise<QueuedStep[]> {
  const results: QueuedStep[] = new Array(inputs.length);
  for (const workspaceId of new Set(inputs.map((input) => input.workspaceId))) {
    const mine = [...inputs.entries()].filter(([, input]) => input.workspaceId === workspaceId);
    const emailOf = (input: QueueStepInput) => input.email.trim().toLowerCase();
    const suppressed = await suppressionsOf(
      db,
      workspaceId,
      mine.map(([, input]) => emailOf(input)),
    );
    const writing = mine.filter(([index, input]) => {
      const entry = suppressed.get(emailOf(input));
      if (entry) results[index] = { result: { outcome: 'suppressed', reason: entry.reason }, written: false };
      return !entry;
    });
    if (writing.length === 0) continue;
    const { sending } = await getWorkspaceConfig(db, workspaceId);
    const status = sending.mode === 'review' ? 'pending_review' : 'queued';
    // A prospect's campaign: the first (in the collection's order) that names it, as a findOne finds it.
    const prospectIds = [...new Set(writing.map(([, input]) => input.prospectId))];
    const campaigns = await db.campaigns.find({ workspaceId, prospectIds: { $in: prospectIds } }, { _id: 0, id: 1, prospectIds: 1 }).lean();
    const campaignOf = new Map<number, number>();
    for (const campaign of campaigns) for (const id of campaign.prospectIds) if (!campaignOf.has(id)) campaignOf.set(id, campaign.id);
    const rows = writing.map(([, input]) => ({
      workspaceId,
      sequenceId: input.sequenceId,
      prospectId: input.prospectId,
      campaignId: campaignOf.get(input.prospectId) ?? null,
      step: input.step,
      email: emailOf(input),
      subject: input.subject,
      body: input.body,
      factIds: input.factIds ?? [],
      template: input.template ?? null,
      status,
    })) satisfies Array<Partial<OutboxMessage>>;
    const inserted = await db.outbox.insertMany(rows, { ordered: false, throwOnValidationError: true }).then(
      () => writing.map(() => true),
      (error: unknown) => {
        // The rows a repeat found already there (the unique (prospect, step) index) are read below.
        const taken = duplicateKeyIndexes(error);
        if (!taken) throw error;
        return writing.map((_, position) => !taken.has(position));
      },
    );
    const again = writing.filter((_, position) => !inserted[position]);
    const stored =
      again.length === 0
        ? []
        : await db.outbox
            .find(
              {
                workspaceId,
                prospectId: { $in: again.map(([, input]) => input.prospectId) },
                step: { $in: [...new Set(again.map(([, input]) => input.step))] },
              },
              { prospectId: 1, step: 1, status: 1 },
            )
            .lean();
    const statusOf = new Map(stored.map((row) => [`${row.prospectId}/${row.step}`, row.status]));
    for (const [position, [index, input]] of writing.entries()) {
      if (inserted[position]) {
        results[index] = { result: { outcome: status }, written: true };
        continue;
      }
      const found = statusOf.get(`${input.prospectId}/${input.step}`);
      const result: QueueStepResult =
        found === 'pending_review' || found === 'queued' ? { outcome: found } : { outcome: 'settled', status: found ?? 'missing' };
      results[index] = { result, written: false };
    }
  }
  return results;
}

/**
 * Enrolment's first emails (FirstSteps): written with queueSteps; taken back only while nobody
 * has acted on them (still waiting for review, or queued and not sent).
 */
export function firstStepsOf(db: DeliverDb): FirstSteps {
  return {
    write: (inputs) => queueSteps(db, inputs),
    async unwrite(emails) {
      for (const workspaceId of new Set(emails.map((email) => email.workspaceId))) {
        const mine = emails.filter((email) => email.workspaceId === workspaceId);
        await db.outbox.deleteMany({
          workspaceId,
          $or: mine.map(({ prospectId, step }) => ({ prospectId, step })),
          status: { $in: ['pending_review', 'queued'] },
        });
      }
    },
  };
}

/** Activities of the per-prospect sequence workflow: the outbox, sending and the suppression list. */
export function createSequenceActivities(deps: SequenceActivitiesDeps) {
  const { db } = deps;
  return {
    /**
     * Writes a step's email to the outbox unless the address is suppressed: waiting for review in
     * review mode, queued to send otherwise. Idempotent per (prospect, step): a retry answers
     * where the email already is. (queueSteps for one.)
     */
    async queueStep(input: QueueStepInput): Promise<QueueStepResult> {
      return (await queueSteps(db, [input]))[0]!.result;
    },

    // Heartbeating while it runs: its workflows' heartbeat timeout (DELIVER_STEP_OPTIONS) retries a lost send sooner.
    deliverStep: heartbeating(createDeliverStep({ ...deps, channel: deps.channel ?? null, mailAllowHosts: deps.mailAllowHosts ?? [] })),

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

    /**
     * Records in the sequence directory that some of a group's members ended: only entries the
     * calling group holds, and once (a retry changes nothing).
     */
    async sequencesEnded(input: { workspaceId: string; prospectIds: number[] }): Promise<void> {
      // The group that asks: it can only mark its own members (its id names its workspace too).
      const workflowId = Context.current().info.workflowExecution?.workflowId;
      if (!workflowId) throw new Error('sequencesEnded is called by a sequence group, not on its own');
      await db.sequenceDirectory.updateMany(
        { workspaceId: input.workspaceId, prospectId: { $in: input.prospectIds }, workflowId, endedAt: null },
        { $set: { endedAt: new Date() } },
      );
    },

    /** Adds an address to the workspace's suppression list (idempotent). */
    async suppressAddress(input: { workspaceId: string; email: string; reason: string }): Promise<void> {
      await suppress(db, input.workspaceId, input.email, input.reason);
    },
  } satisfies SequenceActivities;
}
