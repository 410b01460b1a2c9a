// The prospect's answer to a meeting's invitation from their calendar (RFC 5546 REPLY, emailed back
// when they click Accept, Maybe or Decline): declined cancels the meeting as theirs, accepted or
// tentative is recorded on it (the Meeting Scheduler shows it).
import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { systemRunContext, type WorkspaceRunContext } from '../../../core/run-context.ts';
import { propertyOf, readICalendar, type CalendarReply, type CalendarReplyOutcome } from '../../email/services.ts';
import { prospectModel } from '../../prospecting/services.ts';
import { callPluginService } from '../../runs/services.ts';
import { bookingLinkModels } from '../booking-links/model.ts';
import { invitedEventOf } from './cancellation.ts';
import { listMeetingsWithEmail, markOutcome, type MeetingDeps } from './meetings.ts';
import { meetingRsvpModel, type RsvpAnswer } from './rsvp-model.ts';

/** PARTSTAT (RFC 5545 §3.2.12) → the answer kept; any other (NEEDS-ACTION, DELEGATED) is no answer. */
const ANSWERS: Record<string, RsvpAnswer> = { ACCEPTED: 'accepted', TENTATIVE: 'tentative', DECLINED: 'declined' };

/** The run an answer acts in: its workspace (the mailbox's), the platform acting for the prospect's calendar. */
const runOf = (workspaceId: string, prospectId: number): WorkspaceRunContext =>
  systemRunContext(workspaceId, `calendar-reply:${prospectId}`);

/**
 * The event the prospect's calendar has for a meeting, as its invitation was last emailed: its UID
 * and SEQUENCE. A meeting booked through a link and moved since continues the link's first
 * meeting's event, one SEQUENCE per move (`invitedEventOf` in cancellation.ts, which the CANCEL
 * takes one higher); else its own, SEQUENCE 0. Read from the plugin's own invitation, so the UID is the
 * one that was sent; a cancelled meeting's from its CANCEL (the REQUEST no longer holds).
 */
async function invitedEvent(
  deps: MeetingDeps,
  run: WorkspaceRunContext,
  meeting: { id: string; prospectId: number; status: string },
): Promise<{ uid: string; sequence: number } | null> {
  const { sequence, ...continued } = await invitedEventOf(
    bookingLinkModels(deps.connection),
    run.workspaceId,
    meeting.prospectId,
    meeting.id,
  );
  const cancelled = meeting.status === 'cancelled';
  let ics: string;
  try {
    ({ ics } = (await callPluginService(
      deps,
      MEETING_BOOKING.invitation,
      {
        meetingId: meeting.id,
        method: cancelled ? 'CANCEL' : 'REQUEST',
        sequence: cancelled ? sequence + 1 : sequence,
        ...continued,
      },
      run,
      { failures: { MeetingNotFound: NotFoundError, MeetingCancelled: ConflictError, InvalidTransition: ConflictError } },
    )) as { ics: string });
  } catch (error) {
    // A meeting gone or changed meanwhile has no event to answer: the email is read as any other, not retried forever.
    if (error instanceof NotFoundError || error instanceof ConflictError) return null;
    throw error;
  }
  const event = readICalendar(ics)
    ?.find((component) => component.name === 'VCALENDAR')
    ?.components.find((component) => component.name === 'VEVENT');
  const uid = event && propertyOf(event, 'UID')?.value.trim();
  return uid ? { uid, sequence } : null;
}

/**
 * What an iCalendar REPLY emailed to the workspace does. It answers a meeting only when the
 * ATTENDEE answering is the sender and a prospect of this workspace (the mailbox's) with that
 * address, and its UID is the event of one of that prospect's meetings; else null (an ordinary
 * reply). An answer to an older SEQUENCE than the invitation last sent is ignored (the prospect
 * answered a time that has moved since), as is one for a meeting no longer scheduled. Declined
 * cancels the meeting through the same path as the prospect's cancel link (the event in the rep's
 * calendar cancelled, `meeting.cancelled` published once, the link used up) but emails no
 * cancellation: the prospect's calendar took it out when they declined. Accepted and tentative are
 * recorded on the meeting (the latest invitation's answer stands). Repeats change nothing.
 */
export async function answerInvitation(
  deps: MeetingDeps,
  workspaceId: string,
  from: string,
  reply: CalendarReply,
): Promise<CalendarReplyOutcome | null> {
  const sender = from.toLowerCase();
  const partstat = reply.attendees.find((attendee) => attendee.email === sender)?.partstat;
  const answer = partstat ? ANSWERS[partstat] : undefined;
  if (!answer) return null;
  const prospect = await prospectModel(deps.connection).findOne({ workspaceId, emailLower: sender }, { id: 1 }).lean<{ id: number }>();
  if (!prospect) return null;
  const run = runOf(workspaceId, prospect.id);
  const theirs = (await listMeetingsWithEmail(deps, run)).filter(
    (meeting) => meeting.prospectId === prospect.id && meeting.prospectEmail.toLowerCase() === sender,
  );
  // A moved meeting and the one it replaced share the event's UID: the one still scheduled is answered.
  theirs.sort((a, b) => Number(b.status === 'scheduled') - Number(a.status === 'scheduled'));
  for (const meeting of theirs) {
    const event = await invitedEvent(deps, run, meeting);
    if (event?.uid !== reply.uid) continue;
    const outcome = { meetingId: meeting.id, prospectId: prospect.id, answer };
    if (reply.sequence < event.sequence)
      return { ...outcome, done: `ignored: it answers invitation ${reply.sequence}, the meeting has moved since (${event.sequence})` };
    if (meeting.status !== 'scheduled') return { ...outcome, done: `ignored: the meeting is ${meeting.status}` };
    await recordAnswer(deps, workspaceId, meeting.id, answer, reply.sequence);
    if (answer !== 'declined') return { ...outcome, done: 'recorded' };
    await markOutcome(deps, run, meeting.id, 'cancelled');
    // Used up, as the link's own cancel leaves it (only a link still open to this meeting is marked).
    await bookingLinkModels(deps.connection).bookingLinks.updateOne(
      { workspaceId, prospectId: prospect.id, meetingId: meeting.id, cancelledAt: null },
      { $set: { cancelledAt: new Date() } },
    );
    return { ...outcome, done: 'cancelled' };
  }
  return null;
}

/** Keeps the answer, unless one to a later invitation is kept already (racing writers: the unique index lets one insert). */
async function recordAnswer(deps: MeetingDeps, workspaceId: string, meetingId: string, answer: RsvpAnswer, sequence: number) {
  try {
    await meetingRsvpModel(deps.connection).updateOne(
      { workspaceId, meetingId, sequence: { $lte: sequence } },
      { $set: { answer, sequence, at: new Date() } },
      { upsert: true },
    );
  } catch (error) {
    // A duplicate key: an answer to a later invitation is there, and stands.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}
