import { z } from 'zod';

// The meeting-booking agent's contract: the activities the platform calls it by (the API books,
// lists and marks meetings through them). The plugin implements it; another booking plugin
// implementing the same contract could stand in.

/** Where a meeting stands. */
export const MEETING_STATUSES = ['scheduled', 'completed', 'no-show', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** A meeting as activities return it. */
export const meetingViewSchema = z.object({
  id: z.string(),
  prospectId: z.number(),
  prospectName: z.string(),
  prospectEmail: z.string(),
  scheduledAt: z.iso.datetime(),
  durationMinutes: z.number(),
  status: z.enum(MEETING_STATUSES),
  meetingUrl: z.string(),
  bookedAt: z.iso.datetime().describe('When the meeting was booked (the Meeting Scheduler\'s "This Week" counts these).'),
});
export type MeetingView = z.infer<typeof meetingViewSchema>;

/** A free slot to offer a prospect. */
export const slotSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** The slot in the configured time zone, for people: "Friday 23 October 2026, 09:00–09:30 BST". */
  label: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

/** A time taken elsewhere (the rep's connected calendar): no meeting may come within the buffer of it. */
export const externalBusySchema = z
  .array(z.object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) }))
  .max(5000)
  .default([])
  .describe("Busy intervals from outside the plugin's own meetings (the rep's calendar's free/busy), kept clear like a meeting");

/** proposeSlots: how many slots, and not before when (in the workspace of the run context). */
export const proposeSlotsInput = z.object({
  count: z.int().min(1).max(20).default(3),
  /** Only slots starting at or after this instant. */
  after: z.iso.datetime({ offset: true }).optional(),
  busy: externalBusySchema,
  /** The zone the labels are written in (the prospect's, when known); working hours stay in the configured zone. */
  labelTimeZone: z.string().min(1).optional(),
});
/** proposeSlots: the free slots, earliest first, and the zone their labels are in. */
export const proposeSlotsOutput = z.object({ slots: z.array(slotSchema), timeZone: z.string() });

/** bookMeeting: who meets when, and the key that makes the booking happen once. */
export const bookMeetingInput = z.object({
  prospectId: z.number().int(),
  prospect: z.object({ name: z.string().min(1), email: z.email() }),
  start: z.iso.datetime({ offset: true }),
  /** The same key always yields the same meeting, so a retried activity never double-books. */
  idempotencyKey: z.string().min(1),
  /** A booking that is not a replay of its key is refused (SlotUnavailable) when it comes within the buffer of one of these. */
  busy: externalBusySchema,
});
/** bookMeeting: the scheduled meeting and its invitation. */
export const bookMeetingOutput = z.object({
  meeting: meetingViewSchema.extend({ status: z.literal('scheduled') }),
  /** The iCalendar invitation (METHOD:REQUEST) to send the prospect. */
  ics: z.string(),
  /** The invitation's UID: the key the event in the rep's calendar is created under, so a retry never makes a second one. */
  uid: z.string().optional(),
});

/** moveMeeting: a scheduled meeting of the workspace moved to another start (the rep moved its event in their calendar). */
export const moveMeetingInput = z.object({ meetingId: z.string().min(1), start: z.iso.datetime({ offset: true }) });
/** moveMeeting: the meeting at its new time. */
export const moveMeetingOutput = z.object({ meeting: meetingViewSchema });

/** markOutcome: which meeting (of the run context's workspace), and what happened. */
export const markOutcomeInput = z.object({
  meetingId: z.string().min(1),
  outcome: z.enum(['completed', 'no-show', 'cancelled']),
});
/** markOutcome: the meeting with its new status. */
export const markOutcomeOutput = z.object({ meeting: meetingViewSchema });

/** listMeetings: an optional [from, to) range of start times (the run context's workspace). */
export const listMeetingsInput = z.object({
  /** Meetings scheduled at or after this instant. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Meetings scheduled before this instant. */
  to: z.iso.datetime({ offset: true }).optional(),
});
/** listMeetings: the meetings, earliest first. */
export const listMeetingsOutput = z.object({ meetings: z.array(meetingViewSchema) });

/**
 * invitation: a meeting of the workspace, and which iTIP message (RFC 5546) of it. The defaults give
 * the invitation its booking sent; a meeting that replaced another (moved through a booking link)
 * continues that one's event (its UID) with a higher SEQUENCE, and a cancelled one gives its CANCEL.
 */
export const invitationInput = z.object({
  meetingId: z.string().min(1),
  /** REQUEST: the event (MeetingCancelled for a called-off meeting); CANCEL: its cancellation (InvalidTransition unless it is cancelled). */
  method: z.enum(['REQUEST', 'CANCEL']).default('REQUEST'),
  /** A meeting of the workspace whose event this one continues: its UID is used, so the attendee's calendar updates that event. */
  continues: z.string().min(1).optional(),
  /** RFC 5545 SEQUENCE: 0 as booked, raised by each change sent to the attendee. */
  sequence: z.int().min(0).max(10_000).default(0),
});
/** invitation: its iCalendar invitation (METHOD:REQUEST; with the defaults byte for byte the one its booking sent) or cancellation (METHOD:CANCEL). */
export const invitationOutput = z.object({ ics: z.string() });
