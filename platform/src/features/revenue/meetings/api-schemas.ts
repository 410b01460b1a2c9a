import { bookMeetingInput, markOutcomeInput, markOutcomeOutput, proposeSlotsOutput } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import { z } from 'zod';
import { WorkspaceQuery } from '../../../core/http/workspace.ts';

// The edge validates with the meeting-booking contract's own field schemas, so the API and the plugin cannot disagree.
const booking = bookMeetingInput.shape;

/** A meeting as the API returns it: the plugin's view without the prospect's email. */
export const Meeting = markOutcomeOutput.shape.meeting.omit({ prospectEmail: true });

/** POST /api/meetings: who to meet, and when (ISO with offset). */
export const MeetingBody = z.object({ prospectId: booking.prospectId, prospect: booking.prospect, scheduledAt: booking.start });

/** 201 of POST /api/meetings: the meeting and its iCalendar invitation. */
export const Booking = z.object({ meeting: Meeting, ics: z.string() });

/** POST /api/meetings/:id/outcome. */
export const OutcomeBody = z.object({ outcome: markOutcomeInput.shape.outcome });

/** GET /api/meetings/slots: how many free slots to propose. */
export const SlotsQuery = WorkspaceQuery.extend({ count: z.coerce.number().int().min(1).max(20).default(3) });

/** The free slots, earliest first, and the time zone of their labels. */
export const Slots = proposeSlotsOutput;

/** A meeting's id in the path. */
export const MeetingParams = z.object({ id: z.string() });

/** The `Idempotency-Key` header, when a client sends one. */
export const IdempotencyKey = z.string().min(1).max(200).optional();
