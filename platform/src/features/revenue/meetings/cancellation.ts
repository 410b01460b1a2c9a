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
 * The event the prospect's calendar has for a meeting: its own (booked with SEQUENCE 0), or for a
 * meeting booked through a link and moved since, the link's first meeting's event with one
 * SEQUENCE per move. The cancellation is that event with the next SEQUENCE.
 */
async function eventOf(db: CancellationDb, workspaceId: string, prospectId: number, meetingId: string) {
  const link = await db.bookingLinks
    .findOne({ workspaceId, prospectId, meetingId }, { eventMeetingId: 1, reschedules: 1 })
    .lean<{ eventMeetingId: string | null; reschedules: number }>();
  return link ? { continues: link.eventMeetingId ?? meetingId, sequence: link.reschedules + 1 } : { sequence: 1 };
}

/** Who published the meeting's cancellation (the principal of the call that cancelled it), or null when it is not cancelled. */
export async function cancellationPublisher(deps: MeetingDeps, workspaceId: string, meetingId: string): Promise<string | null> {
  const event = await eventModel(deps.connection)
    .findOne({ workspaceId, eventId: eventIdOf(workspaceId, 'meeting.cancelled', meetingId) }, { publishedBy: 1 })
    .lean<{ publishedBy: string }>();
  return event?.publishedBy ?? null;
}

/**
 * Emails the prospect the cancellation of a meeting that was just cancelled, through the product's
 * mail channel (the thread's mailbox, every guardrail): the "meeting-cancelled" template with the
 * .ics METHOD:CANCEL of their event (same UID, SEQUENCE one higher). Sent once per cancellation:
 * the caller calls it only from the request that cancelled the meeting (the one whose
 * `meeting.cancelled` event, keyed by the meeting, it published). An address on the suppression
 * list, or a prospect deleted since, gets nothing: the cancellation stands all the same.
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
    });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error; // suppressed: nothing is sent to it
  }
}
