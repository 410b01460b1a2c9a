import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import type { markOutcomeOutput, Slot } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { systemRunContext, type WorkspaceRunContext } from '../../../core/run-context.ts';
import { sendOneOff } from '../../email/services.ts';
import { getWorkspaceConfig } from '../../insights/services.ts';
import { getOffer } from '../../prospecting/services.ts';
import { callPluginService } from '../../runs/services.ts';
import { confirmBooking, invitationKey, meetingTimeText, type ConfirmBookingDeps } from '../inbox-booking/booking.ts';
import { Booking } from '../meetings/api-schemas.ts';
import { ensureProspectTold } from '../meetings/cancellation.ts';
import { bookMeeting, listMeetings, markOutcome, proposeSlots, type MeetingDeps } from '../meetings/meetings.ts';
import { GoneError, LINK_CANCELLED, LINK_REVOKED, linkOfToken, MAX_RESCHEDULES, refusalOf, usableLink, type StoredLink } from './links.ts';
import type { BookingLinksDb } from './model.ts';

/** What the public booking routes run over: the plugins (meeting booking), Temporal, and the collections they read and write. */
export type BookingPageDeps = MeetingDeps &
  ConfirmBookingDeps & { db: BookingLinksDb & ConfirmBookingDeps['db'] & Pick<Models, 'prospects' | 'workspaceOffers'> };

/** How many free slots the page offers (the meeting-booking plugin proposes at most 20). */
const SLOTS_OFFERED = 20;

/**
 * The run context of a booking link: the link's own workspace, read from its record, and the
 * platform as principal acting for the link (`system:booking-link:<id>`), never a member. Nothing
 * in the request names either.
 */
const runOf = (link: StoredLink): WorkspaceRunContext => systemRunContext(link.workspaceId, `booking-link:${String(link._id)}`);

/** The idempotency key of the link's next booking: the same for every request of one generation, so racing requests book once. */
const keyOf = (link: StoredLink, generation: number) => `booking-link-${String(link._id)}-${generation}`;

/** The link's prospect: who books, and where their invitation goes. */
async function prospectOf(deps: BookingPageDeps, link: StoredLink) {
  const prospect = await deps.db.prospects
    .findOne({ workspaceId: link.workspaceId, id: link.prospectId }, { id: 1, firstName: 1, lastName: 1, email: 1, timeZone: 1 })
    .lean();
  // The prospect was deleted since: the link books for nobody.
  if (!prospect) throw new GoneError(LINK_REVOKED);
  return { ...prospect, id: link.prospectId };
}

/** The meeting a link booked, as the plugin has it now (it may have been cancelled or moved since). */
async function meetingOf(deps: BookingPageDeps, link: StoredLink) {
  if (!link.meetingId) return null;
  const meetings = await listMeetings(deps, runOf(link));
  return meetings.find((meeting) => meeting.id === link.meetingId) ?? null;
}

/** Everything the booking page shows for a link: who books with whom, for how long, the free times, and what is booked. */
export async function bookingPage(deps: BookingPageDeps, token: string, now = new Date()) {
  const link = await usableLink(deps.db, token, now);
  const run = runOf(link);
  const [prospect, offer, offered, meeting] = await Promise.all([
    prospectOf(deps, link),
    getOffer(deps.db, link.workspaceId),
    proposeSlots(deps, run, SLOTS_OFFERED) as Promise<{ slots: Slot[]; timeZone: string }>,
    meetingOf(deps, link),
  ]);
  // Cancelled by the rep (the Meeting Scheduler, their calendar) counts as cancelled through the link.
  if (link.meetingId && meeting?.status !== 'scheduled') throw new GoneError(LINK_CANCELLED);
  const first = offered.slots[0];
  const minutes = meeting?.durationMinutes ?? (first ? Math.round((Date.parse(first.end) - Date.parse(first.start)) / 60_000) : null);
  return {
    prospect: { firstName: prospect.firstName, name: `${prospect.firstName} ${prospect.lastName}`.trim() },
    seller: offer ? { name: offer.senderName, company: offer.companyName } : null,
    purpose: offer ? `${offer.companyName} ${offer.oneLiner}` : null,
    durationMinutes: minutes,
    timeZone: { prospect: prospect.timeZone ?? null, seller: offered.timeZone },
    slots: offered.slots.map(({ start, end }) => ({ start, end })),
    meeting: meeting ? publicMeeting(meeting) : null,
    reschedulesLeft: Math.max(0, MAX_RESCHEDULES - link.reschedules),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** A meeting as the prospect may see it: when, how long, where (never another meeting or the rep's calendar). */
const publicMeeting = (meeting: { scheduledAt: string; durationMinutes: number; meetingUrl: string; status: string }) => ({
  scheduledAt: meeting.scheduledAt,
  durationMinutes: meeting.durationMinutes,
  meetingUrl: meeting.meetingUrl,
  status: meeting.status as 'scheduled',
});

/** The meeting whose event the prospect's calendar has (the first booked; on a link from before that was kept, the current one). */
const eventOf = (link: StoredLink) => link.eventMeetingId ?? link.meetingId ?? undefined;

/**
 * The iCalendar message of one of the link's meetings as the prospect gets it, built by the
 * meeting-booking plugin: under the UID of the event they have, with `sequence` (0 as booked, one
 * more for each move, one more again for the cancellation). A move is sent as that event again with
 * a higher SEQUENCE (RFC 5546's update) rather than a CANCEL of the old UID and a new invitation:
 * Google, Outlook and Apple Calendar move the one event in place (asking the prospect to answer
 * again: the attendee is NEEDS-ACTION), while two separate messages can be read out of order or half
 * acted on, leaving the old event or a duplicate in the calendar.
 */
async function prospectIcs(
  deps: BookingPageDeps,
  link: StoredLink,
  meetingId: string,
  method: 'REQUEST' | 'CANCEL',
  sequence: number,
): Promise<string> {
  const { ics } = (await callPluginService(
    deps,
    MEETING_BOOKING.invitation,
    { meetingId, method, continues: eventOf(link), sequence },
    runOf(link),
    {
      failures: { MeetingNotFound: NotFoundError, MeetingCancelled: ConflictError, InvalidTransition: ConflictError },
    },
  )) as { ics: string };
  return ics;
}

/** The email that carries a moved meeting's updated invitation to the prospect (a cancellation has its own: meetings/cancellation.ts). */
export function meetingMovedEmail(input: { firstName: string; when: string; minutes: number; meetingUrl: string }) {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  return {
    subject: `Updated invitation: ${input.minutes}-minute call, now ${input.when}`,
    body: [
      greeting,
      '',
      `Moved: the call is now ${input.when}, ${input.minutes} minutes.`,
      '',
      `Video call: ${input.meetingUrl}`,
      '',
      'The updated calendar invitation is attached: it moves the event already in your calendar.',
    ].join('\n'),
  };
}

/**
 * Emails the prospect their meeting moved, with its .ics, through the product's mail channel (the
 * thread's mailbox, every guardrail). An address on the suppression list gets nothing (the prospect
 * asked for no email): the move stands all the same.
 */
async function tellProspectMoved(
  deps: BookingPageDeps,
  link: StoredLink,
  meeting: { id: string; scheduledAt: string; durationMinutes: number; meetingUrl: string },
  sequence: number,
  ics: string,
): Promise<void> {
  const prospect = await prospectOf(deps, link);
  const { sending } = await getWorkspaceConfig(deps.db, link.workspaceId);
  const email = meetingMovedEmail({
    firstName: prospect.firstName,
    when: meetingTimeText(meeting.scheduledAt, prospect.timeZone ?? sending.timeZone),
    minutes: meeting.durationMinutes,
    meetingUrl: meeting.meetingUrl,
  });
  try {
    await sendOneOff(deps, link.workspaceId, prospect.id, {
      template: 'meeting-invitation',
      email: prospect.email,
      ...email,
      calendar: { method: 'REQUEST', content: ics },
      key: invitationKey(meeting.id, sequence),
    });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}

const SLOT_TAKEN = 'That time is no longer free: someone took it a moment ago. Pick another time.';

/**
 * Confirms a booking the way the Inbox does (the sequence stops, the invitation is emailed). An
 * address on the suppression list gets no email (the prospect asked for none): the booking stands,
 * and the page offers the invitation to download.
 */
async function confirmed(deps: BookingPageDeps, link: StoredLink, booked: z.output<typeof Booking>): Promise<void> {
  try {
    await confirmBooking(deps, link.workspaceId, await prospectOf(deps, link), booked);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}

/** A booking as the plugin answered it, with the invitation's UID (the event the prospect's calendar will have). */
const LinkBooked = Booking.extend({ uid: z.string().optional() });

/** Books through meetings.ts with the link's key; a refusal (the slot taken, the key used for another time) is a 409 in words. */
async function bookWithKey(deps: BookingPageDeps, link: StoredLink, start: string, generation: number) {
  const prospect = await prospectOf(deps, link);
  try {
    return LinkBooked.parse(
      await bookMeeting(deps, runOf(link), {
        prospectId: link.prospectId,
        prospect: { name: `${prospect.firstName} ${prospect.lastName}`.trim(), email: prospect.email },
        scheduledAt: start,
        idempotencyKey: keyOf(link, generation),
      }),
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // The same key booked another time just now (a racing request of this link): say what is booked.
    const now = await deps.db.bookingLinks.findOne({ workspaceId: link.workspaceId, _id: link._id }, { generation: 1 }).lean();
    if (/idempotency key/i.test(error.message) || (now && now.generation > generation)) throw new ConflictError(ALREADY_BOOKED);
    throw new ConflictError(SLOT_TAKEN);
  }
}

const ALREADY_BOOKED = 'A meeting is booked with this link already: reschedule or cancel it instead.';

/**
 * Books the link's meeting at `start` (one of the offered slots), exactly once: every request of a
 * link books under one key, so a double click or two racing requests make one meeting (the same
 * time answers that meeting; another time is a 409). The request that records it on the link
 * confirms it the way a booking from the Inbox does (the sequence stops, the invitation is emailed).
 */
export async function bookThroughLink(deps: BookingPageDeps, token: string, start: string, now = new Date()) {
  const link = await usableLink(deps.db, token, now);
  if (link.meetingId) {
    if (link.meetingStart?.getTime() === Date.parse(start)) return { meeting: await currentMeeting(deps, link), created: false };
    throw new ConflictError(ALREADY_BOOKED);
  }
  const booked = await bookWithKey(deps, link, start, link.generation);
  const claimed = await deps.db.bookingLinks.updateOne(
    { workspaceId: link.workspaceId, _id: link._id, meetingId: null, generation: link.generation },
    {
      $set: { meetingId: booked.meeting.id, meetingStart: new Date(booked.meeting.scheduledAt), eventMeetingId: booked.meeting.id },
      $inc: { generation: 1 },
      $max: { expiresAt: new Date(booked.meeting.scheduledAt) },
    },
  );
  if (claimed.modifiedCount === 1) {
    await confirmed(deps, link, booked);
    return { meeting: publicMeeting(booked.meeting), created: true };
  }
  const after = await deps.db.bookingLinks.findOne({ workspaceId: link.workspaceId, _id: link._id }).lean<StoredLink>();
  if (after?.meetingId !== booked.meeting.id) throw new ConflictError(ALREADY_BOOKED);
  return { meeting: publicMeeting(booked.meeting), created: false };
}

async function currentMeeting(deps: BookingPageDeps, link: StoredLink) {
  const meeting = await meetingOf(deps, link);
  if (!meeting || meeting.status !== 'scheduled') throw new ConflictError('The meeting booked with this link is no longer scheduled.');
  return publicMeeting(meeting);
}

const NOTHING_BOOKED = 'Nothing is booked with this link yet: pick a time first.';

/**
 * Moves the link's meeting to `start`: the new time is booked first (under the link's next key, so
 * racing requests move it once), then the old meeting is cancelled and the prospect emailed the
 * event they have, moved (same UID, SEQUENCE one higher: see prospectIcs). At most
 * {@link MAX_RESCHEDULES} moves per link.
 */
export async function rescheduleThroughLink(deps: BookingPageDeps, token: string, start: string, now = new Date()) {
  const link = await usableLink(deps.db, token, now);
  if (!link.meetingId) throw new ConflictError(NOTHING_BOOKED);
  if (link.meetingStart?.getTime() === Date.parse(start)) return { meeting: await currentMeeting(deps, link) };
  if (link.reschedules >= MAX_RESCHEDULES)
    throw new ConflictError(
      `This meeting was moved ${MAX_RESCHEDULES} times already, the most a link allows: reply to the email to find another time.`,
    );
  const booked = await bookWithKey(deps, link, start, link.generation);
  const claimed = await deps.db.bookingLinks.updateOne(
    { workspaceId: link.workspaceId, _id: link._id, meetingId: link.meetingId, generation: link.generation, cancelledAt: null },
    {
      // A link booked before the first meeting was kept: the meeting moved now is the event the prospect has.
      $set: { meetingId: booked.meeting.id, meetingStart: new Date(booked.meeting.scheduledAt), eventMeetingId: eventOf(link) },
      $inc: { generation: 1, reschedules: 1 },
      $max: { expiresAt: new Date(booked.meeting.scheduledAt) },
    },
  );
  if (claimed.modifiedCount !== 1) {
    const after = await deps.db.bookingLinks.findOne({ workspaceId: link.workspaceId, _id: link._id }).lean<StoredLink>();
    if (after?.meetingId === booked.meeting.id) return { meeting: publicMeeting(booked.meeting) };
    // Cancelled through the link meanwhile: the time just booked holds for nobody.
    if (after?.cancelledAt) await markOutcome(deps, runOf(link), booked.meeting.id, 'cancelled');
    throw new ConflictError('The meeting was moved or cancelled meanwhile: reload the page.');
  }
  await markOutcome(deps, runOf(link), link.meetingId, 'cancelled');
  const ics = await prospectIcs(deps, link, booked.meeting.id, 'REQUEST', link.reschedules + 1);
  await tellProspectMoved(deps, link, booked.meeting, link.reschedules + 1, ics);
  return { meeting: publicMeeting(booked.meeting) };
}

/**
 * Cancels the link's meeting (idempotent in the plugin); the link is then used up, and the prospect
 * emailed a cancellation ("meeting-cancelled": METHOD:CANCEL, STATUS:CANCELLED, the event's UID,
 * SEQUENCE one higher than the last invitation's). Exactly once, whatever repeats: the email is
 * keyed by the meeting (meetings/cancellation.ts), so racing requests queue one, and a link used
 * again after its cancel answers the same and queues it if a cancel stopped before doing so. When
 * the rep had cancelled the meeting already, the email is the rep's (the Meeting Scheduler's wording).
 */
export async function cancelThroughLink(deps: BookingPageDeps, token: string, now = new Date()) {
  const link = await linkOfToken(deps.db, token);
  // Cancelled through this link before (and not withdrawn since): a repeat, such as a retry after a
  // lost answer, is answered as the first was; every other used-up link is refused.
  const repeat = Boolean(link.cancelledAt) && !link.revokedAt;
  const refusal = refusalOf(link, now);
  if (refusal && !repeat) throw refusal;
  if (!link.meetingId) throw new ConflictError(NOTHING_BOOKED);
  await prospectOf(deps, link); // a deleted prospect: 410 before anything changes
  const { meeting } = (await markOutcome(deps, runOf(link), link.meetingId, 'cancelled')) as z.output<typeof markOutcomeOutput>;
  if (!link.cancelledAt) {
    const claimed = await deps.db.bookingLinks.updateOne(
      { workspaceId: link.workspaceId, _id: link._id, meetingId: link.meetingId, cancelledAt: null },
      { $set: { cancelledAt: now } },
    );
    if (claimed.modifiedCount !== 1) {
      const after = await deps.db.bookingLinks.findOne({ workspaceId: link.workspaceId, _id: link._id }).lean<StoredLink>();
      if (!after?.cancelledAt) throw new ConflictError('The meeting was moved meanwhile: reload the page.');
    }
  }
  await ensureProspectTold(deps, runOf(link), { ...meeting, id: link.meetingId, prospectId: link.prospectId });
  return { cancelled: true as const };
}

/** The .ics invitation of the link's booked meeting, exactly as it was last emailed (after a move, the moved event). */
export async function linkInvitation(deps: BookingPageDeps, token: string, now = new Date()): Promise<string> {
  const link = await usableLink(deps.db, token, now);
  if (!link.meetingId) throw new NotFoundError(NOTHING_BOOKED);
  return prospectIcs(deps, link, link.meetingId, 'REQUEST', link.reschedules);
}
