import type { Models } from '../../models.ts';
import { ConflictError } from '../../../core/errors.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import {
  inboxMessageOf,
  inboxProspectOf,
  inboxThread,
  sendOneOff,
  signalSequence,
  type InboxDeps,
  type OneOffDb,
} from '../../email/services.ts';
import { getWorkspaceConfig } from '../../insights/services.ts';
import { Booking } from '../meetings/api-schemas.ts';
import { bookMeeting, type MeetingDeps } from '../meetings/meetings.ts';

/** What booking from the Inbox needs: the Inbox's dependencies and the plugins (meeting booking). */
export type InboxBookingDeps = MeetingDeps & InboxDeps & { db: InboxDeps['db'] & Pick<Models, 'workspaceConfig'> };

/** "Monday 30 November 2026, 13:15 (Europe/Berlin)": a meeting's time as the prospect reads it. */
export function meetingTimeText(iso: string, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${when} (${timeZone})`;
}

/** The email that carries a booked meeting's invitation to the prospect. */
export function invitationEmail(input: { firstName: string; when: string; minutes: number; meetingUrl: string }) {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  return {
    subject: `Invitation: ${input.minutes}-minute call, ${input.when}`,
    body: [
      greeting,
      '',
      `Thanks, booked: ${input.when}, ${input.minutes} minutes.`,
      '',
      `Video call: ${input.meetingUrl}`,
      '',
      'The calendar invitation is attached: accept it to put the call in your calendar. If the time stops working, reply here and I will move it.',
    ].join('\n'),
  };
}

/**
 * The idempotency key of the email carrying a meeting's invitation at an iCalendar SEQUENCE (0 as
 * booked, one more per move through a booking link): one email per version of the event.
 */
export const invitationKey = (meetingId: string, sequence: number) => `meeting-invitation:${meetingId}:${sequence}`;

/** What confirming a booking needs: Temporal (the sequence, the send) and the collections a one-off email and the settings use. */
export type ConfirmBookingDeps = Pick<InboxDeps, 'temporal' | 'taskQueue'> & {
  db: OneOffDb & Pick<Models, 'workspaceConfig' | 'sequenceDirectory'>;
};

/**
 * What follows a booking, done once by whoever claimed it (a reply in the Inbox, a booking link):
 * the prospect's sequence stops and the invitation email with the .ics goes to them through the
 * mailbox, once per meeting (keyed by it). Answers the invitation's outbox step.
 */
export async function confirmBooking(
  deps: ConfirmBookingDeps,
  workspaceId: string,
  prospect: { id: number; firstName: string; email: string; timeZone?: string | null },
  booked: { meeting: { id: string; scheduledAt: string; durationMinutes: number; meetingUrl: string }; ics: string },
): Promise<number> {
  await signalSequence(deps, workspaceId, prospect.id, 'control', { action: 'stop' });
  const { sending } = await getWorkspaceConfig(deps.db, workspaceId);
  const zone = prospect.timeZone ?? sending.timeZone;
  const email = invitationEmail({
    firstName: prospect.firstName,
    when: meetingTimeText(booked.meeting.scheduledAt, zone),
    minutes: booked.meeting.durationMinutes,
    meetingUrl: booked.meeting.meetingUrl,
  });
  return sendOneOff(deps, workspaceId, prospect.id, {
    template: 'meeting-invitation',
    email: prospect.email,
    ...email,
    calendar: { method: 'REQUEST', content: booked.ics },
    key: invitationKey(booked.meeting.id, 0),
  });
}

/**
 * Books a meeting from a reply (at a time it proposed, or any free slot): the meeting-booking
 * agent checks the time is free and bookable (409 saying why otherwise), the prospect's sequence
 * stops, and an invitation email with the .ics goes to them through the mailbox. Exactly once per
 * message: a repeated request (a double click, a retry) answers the same meeting and sends no
 * second invitation; a message that booked another time already is refused (409).
 */
export async function bookFromInbox(deps: InboxBookingDeps, run: WorkspaceRunContext, id: string, scheduledAt: string, by: string) {
  const { workspaceId } = run;
  const row = await inboxMessageOf(deps.db, workspaceId, id);
  const prospect = await inboxProspectOf(deps.db, workspaceId, row.prospectId);
  const booked = Booking.parse(
    await bookMeeting(deps, run, {
      prospectId: row.prospectId,
      prospect: { name: `${prospect.firstName} ${prospect.lastName}`.trim(), email: prospect.email },
      scheduledAt,
      idempotencyKey: `inbox-${id}`,
    }),
  );
  // Claimed once: only the request that records the meeting on the message sends the invitation.
  const claimed = await deps.db.inboxMessages.updateOne(
    { workspaceId, _id: row._id, meetingId: null },
    { $set: { meetingId: booked.meeting.id, status: 'done', resolution: 'booked', decidedBy: by, decidedAt: new Date() } },
  );
  if (claimed.modifiedCount === 1) {
    const step = await confirmBooking(deps, workspaceId, { ...prospect, id: row.prospectId }, booked);
    await deps.db.inboxMessages.updateOne({ workspaceId, _id: row._id }, { $addToSet: { sentSteps: step } });
  } else if ((await inboxMessageOf(deps.db, workspaceId, id)).meetingId !== booked.meeting.id) {
    throw new ConflictError('A meeting was booked from this reply already');
  }
  return { meeting: booked.meeting, ...(await inboxThread(deps.db, workspaceId, id)) };
}
