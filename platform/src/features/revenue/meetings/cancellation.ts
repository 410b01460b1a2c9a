// The email that tells a prospect their meeting is cancelled, whoever cancelled it (the rep in the
// Meeting Scheduler, or the prospect through their booking link): its own template, a plain
// sentence naming the time, and the .ics CANCEL of the event the prospect's calendar has.
import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import type { Models } from '../../models.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { eventIdOf, eventModel } from '../../../core/events.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import { sendOneOff, type OneOffDb } from '../../email/services.ts';
import { getWorkspaceConfig } from '../../insights/services.ts';
import { callPluginService } from '../../runs/services.ts';
import { meetingTimeText } from '../inbox-booking/booking.ts';
import type { MeetingDeps } from './meetings.ts';

/** The collections telling a prospect reads: the prospect, the workspace's zone, their booking link, and what a one-off email uses. */
export type CancellationDb = OneOffDb & Pick<Models, 'prospects' | 'workspaceConfig' | 'bookingLinks'>;
export type CancellationDeps = MeetingDeps & { db: CancellationDb };

/** Who called the meeting off: the prospect (through their link) or the rep (the Meeting Scheduler). */
export type CancelledBy = 'prospect' | 'organizer';

/** The cancellation email ("meeting-cancelled"): a plain sentence naming the time. */
export function meetingCancelledEmail(input: { firstName: string; when: string; minutes: number; by: CancelledBy }) {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  return {
    subject: `Meeting cancelled: ${input.minutes}-minute call, ${input.when}`,
    body: [
      greeting,
      '',
      input.by === 'prospect'
        ? `The call on ${input.when} is cancelled, as you asked.`
        : `I am sorry: I have to cancel our call on ${input.when}.`,
      '',
      'The attached cancellation takes it out of your calendar. To find another time, reply here.',
    ].join('\n'),
  };
}

/**
 * The event the prospect's calendar has for a meeting, as its invitation was last emailed: its own
 * (booked with SEQUENCE 0), or for a meeting booked through a link and moved since, the link's first
 * meeting's event (`continues`) with one SEQUENCE per move. A cancellation is that event with the
 * next SEQUENCE; a prospect's answer (rsvp.ts) is read against it.
 */
export async function invitedEventOf(db: Pick<CancellationDb, 'bookingLinks'>, workspaceId: string, prospectId: number, meetingId: string) {
  const link = await db.bookingLinks
    .findOne({ workspaceId, prospectId, meetingId }, { eventMeetingId: 1, reschedules: 1 })
    .lean<{ eventMeetingId: string | null; reschedules: number }>();
  return link ? { continues: link.eventMeetingId ?? meetingId, sequence: link.reschedules } : { sequence: 0 };
}

/** The cancellation's event: the one last invited, with the next SEQUENCE. */
async function eventOf(db: CancellationDb, workspaceId: string, prospectId: number, meetingId: string) {
  const invited = await invitedEventOf(db, workspaceId, prospectId, meetingId);
  return { ...invited, sequence: invited.sequence + 1 };
}

/** The idempotency key of a meeting's cancellation email: one per meeting, however often and by whom it is cancelled. */
export const cancellationKey = (meetingId: string) => `meeting-cancelled:${meetingId}`;

/** The meeting's cancellation event: who published it (the principal of the call that cancelled it) and when; null when it is not cancelled. */
function cancellationEvent(deps: MeetingDeps, workspaceId: string, meetingId: string) {
  return eventModel(deps.connection)
    .findOne({ workspaceId, eventId: eventIdOf(workspaceId, 'meeting.cancelled', meetingId) }, { publishedBy: 1, occurredAt: 1 })
    .lean<{ publishedBy: string; occurredAt: Date }>();
}

/**
 * Whom the prospect is told cancelled a meeting, from who published its `meeting.cancelled` event:
 * a member or API token (the Meeting Scheduler) is the organizer; the prospect's booking link, for
 * the meeting the link holds, is the prospect. Null, and nobody is emailed, for a meeting not
 * cancelled, one cancelled by the calendar read-back (the rep called it off in their own calendar,
 * whose own notice to the guests Meetflow cannot see) or by the prospect declining it from their
 * calendar, and a link's meeting moved away from (the move's updated invitation told the prospect).
 */
export async function cancelledBy(deps: CancellationDeps, workspaceId: string, meetingId: string): Promise<CancelledBy | null> {
  const publisher = (await cancellationEvent(deps, workspaceId, meetingId))?.publishedBy;
  if (!publisher) return null;
  // The platform acting on its own is `system:<purpose>`; anyone else is a member (or their token).
  if (!publisher.startsWith('system:')) return 'organizer';
  if (!publisher.startsWith('system:booking-link:')) return null;
  const link = await deps.db.bookingLinks.findOne({ workspaceId, meetingId }, { _id: 1 }).lean<{ _id: { toString(): string } }>();
  // The principal booking-links/booking.ts acts as for a link.
  return link && publisher === `system:booking-link:${String(link._id)}` ? 'prospect' : null;
}

/**
 * What every cancel call (the Meeting Scheduler's, the link's, a repeat of either) does once the
 * meeting is cancelled: makes sure its cancellation email is queued. The email is keyed by the
 * meeting, so a repeat queues nothing, and a cancel killed between publishing the event and
 * queueing the email is finished by the next one; its wording follows who cancelled (cancelledBy),
 * not who repeats it.
 */
export async function ensureProspectTold(
  deps: CancellationDeps,
  run: WorkspaceRunContext,
  meeting: { id: string; prospectId: number; scheduledAt: string; durationMinutes: number },
): Promise<void> {
  const by = await cancelledBy(deps, run.workspaceId, meeting.id);
  if (by && !(await toldWithoutKey(deps, run.workspaceId, meeting))) await tellProspectCancelled(deps, run, meeting, by);
}

/**
 * Whether the cancellation went out before one-off emails had keys: a keyless "meeting-cancelled"
 * email queued for the prospect since the meeting was cancelled (every one queued since is keyed).
 * A repeated cancel of such a meeting must not send it a second time.
 */
async function toldWithoutKey(deps: CancellationDeps, workspaceId: string, meeting: { id: string; prospectId: number }) {
  const event = await cancellationEvent(deps, workspaceId, meeting.id);
  if (!event) return false;
  const keyless = await deps.db.outbox.exists({
    workspaceId,
    prospectId: meeting.prospectId,
    template: 'meeting-cancelled',
    oneOffKey: { $exists: false },
    createdAt: { $gte: event.occurredAt },
  });
  return keyless !== null;
}

/**
 * Emails the prospect the cancellation of a cancelled meeting, through the product's mail channel
 * (the thread's mailbox, every guardrail): the "meeting-cancelled" template with the .ics
 * METHOD:CANCEL of their event (same UID, SEQUENCE one higher), queued under the meeting's
 * cancellationKey, so however often it is called one email is. An address on the suppression list,
 * or a prospect deleted since, gets nothing: the cancellation stands all the same.
 */
export async function tellProspectCancelled(
  deps: CancellationDeps,
  run: WorkspaceRunContext,
  meeting: { id: string; prospectId: number; scheduledAt: string; durationMinutes: number },
  by: CancelledBy,
): Promise<void> {
  const { workspaceId } = run;
  const prospect = await deps.db.prospects
    .findOne({ workspaceId, id: meeting.prospectId }, { firstName: 1, email: 1, timeZone: 1 })
    .lean<{ firstName: string; email: string; timeZone?: string | null }>();
  if (!prospect) return;
  const { ics } = (await callPluginService(
    deps,
    MEETING_BOOKING.invitation,
    { meetingId: meeting.id, method: 'CANCEL', ...(await eventOf(deps.db, workspaceId, meeting.prospectId, meeting.id)) },
    run,
    { failures: { MeetingNotFound: NotFoundError, MeetingCancelled: ConflictError, InvalidTransition: ConflictError } },
  )) as { ics: string };
  const { sending } = await getWorkspaceConfig(deps.db, workspaceId);
  const email = meetingCancelledEmail({
    firstName: prospect.firstName,
    when: meetingTimeText(meeting.scheduledAt, prospect.timeZone ?? sending.timeZone),
    minutes: meeting.durationMinutes,
    by,
  });
  try {
    await sendOneOff(deps, workspaceId, meeting.prospectId, {
      template: 'meeting-cancelled',
      email: prospect.email,
      ...email,
      calendar: { method: 'CANCEL', content: ics },
      key: cancellationKey(meeting.id),
    });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error; // suppressed: nothing is sent to it
  }
}
