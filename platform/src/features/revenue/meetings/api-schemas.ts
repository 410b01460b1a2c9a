import { bookMeetingInput, markOutcomeInput, markOutcomeOutput, proposeSlotsOutput } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import { z } from 'zod';
import { WorkspaceQuery } from '../../../core/http/workspace.ts';
import { RSVP_ANSWERS } from './rsvp-model.ts';

// The edge validates with the meeting-booking contract's own field schemas, so the API and the plugin cannot disagree.
const booking = bookMeetingInput.shape;

/** A meeting as the API returns it: the plugin's view without the prospect's email, and the prospect's RSVP once they answered. */
export const Meeting = markOutcomeOutput.shape.meeting.omit({ prospectEmail: true }).extend({
  rsvp: z.enum(RSVP_ANSWERS).optional().meta({
    description:
      'What the prospect answered the invitation from their calendar (an iCalendar REPLY emailed back): accepted, tentative, or declined (which cancelled the meeting); absent until they answer',
  }),
});

/** POST /api/meetings: who to meet, and when (ISO with offset). */
export const MeetingBody = z.object({ prospectId: booking.prospectId, prospect: booking.prospect, scheduledAt: booking.start });

/** What became of the meeting's event in the connected calendar. */
export const CalendarEventOutcome = z
  .object({
    event: z.enum(['created', 'pending', 'none']).meta({
      description:
        'created: in the connected calendar (or found there, made by an earlier attempt); pending: the calendar did not answer, the sync adds it; none: no calendar is connected',
    }),
    warning: z.string().optional().meta({ description: 'Why the event is pending, in plain words' }),
  })
  .meta({ description: "The meeting's event in the workspace's connected calendar" });

/** 201 of POST /api/meetings: the meeting, its iCalendar invitation, and its event in the connected calendar. */
export const Booking = z.object({ meeting: Meeting, ics: z.string(), calendar: CalendarEventOutcome.optional() });

/** POST /api/meetings/:id/outcome: the outcome, and why, when it corrects an attended meeting to a no-show. */
export const OutcomeBody = z.object({
  outcome: markOutcomeInput.shape.outcome,
  reason: z.string().trim().min(1).max(500).optional().meta({
    description: 'Required to correct an attended meeting to a no-show (owners and admins only): kept in the audit trail',
  }),
});

/** GET /api/meetings/slots: how many free slots to propose, and to whom (their labels then in the prospect's time zone, when known). */
export const SlotsQuery = WorkspaceQuery.extend({
  count: z.coerce.number().int().min(1).max(20).default(3),
  prospect: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: "A prospect of the workspace: the labels are in their time zone when it is known (else the booking plugin's)" }),
});

/** Where the slots were checked: the connected calendar, and why it could not be read. */
export const SlotSource = z.object({
  calendar: z.object({ id: z.string(), provider: z.string() }).nullable().meta({
    description: "The connected calendar whose free/busy the slots avoid; null: none is connected (the workspace's own meetings only)",
  }),
  warning: z
    .string()
    .nullable()
    .meta({ description: "Set when the calendar could not be read: the slots then avoid only the workspace's own meetings" }),
});

/** The free slots, earliest first, the time zone of their labels, and where they were checked. */
export const Slots = proposeSlotsOutput.extend({ source: SlotSource });

/** A meeting's id in the path. */
export const MeetingParams = z.object({ id: z.string() });

/** The `Idempotency-Key` header, when a client sends one. */
export const IdempotencyKey = z.string().min(1).max(200).optional();
