import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import { defineManifest } from '@meetflow/plugin-sdk';
import { meetingConfigSchema } from './config.ts';
import { meetingSchema } from './meeting-model.ts';
import {
  bookMeetingInput,
  bookMeetingOutput,
  invitationInput,
  invitationOutput,
  listMeetingsInput,
  listMeetingsOutput,
  markOutcomeInput,
  markOutcomeOutput,
  moveMeetingInput,
  moveMeetingOutput,
  proposeSlotsInput,
  proposeSlotsOutput,
} from '@meetflow/plugin-sdk/contracts/meeting-booking';

/** The meeting-booking agent: offers free slots, books meetings with invitations, records outcomes. */
export const manifest = defineManifest({
  id: MEETING_BOOKING.plugin,
  name: 'Meeting Booking',
  version: '0.1.0',
  description:
    'Proposes free slots in working hours, books meetings idempotently with an iCalendar invitation and a video-call link, and records whether they took place.',
  kind: 'agent',
  ui: { icon: 'calendar-check', color: '#16a34a', category: 'Meetings', order: 50 },
  config: meetingConfigSchema,
  collections: { meetings: meetingSchema },
  activities: {
    proposeSlots: {
      description:
        'The next free slots in working hours and days, after the notice period, clear of booked meetings and their buffers, spread over half-days.',
      access: 'public',
      input: proposeSlotsInput,
      output: proposeSlotsOutput,
      timeout: '30 seconds',
    },
    bookMeeting: {
      description:
        'Books a meeting at a start time (once per idempotency key) and returns it with its iCalendar invitation; fails with SlotUnavailable when the time is not free.',
      access: 'sales-ops',
      input: bookMeetingInput,
      output: bookMeetingOutput,
      timeout: '30 seconds',
    },
    markOutcome: {
      description:
        'Marks a meeting completed, no-show or cancelled (idempotent; a completed meeting is never cancelled, only corrected to a no-show).',
      access: 'internal',
      input: markOutcomeInput,
      output: markOutcomeOutput,
      timeout: '30 seconds',
    },
    moveMeeting: {
      description:
        "Moves a scheduled meeting to another start, as its event was moved in the rep's calendar (the rep chose it: no working-time rules); fails with MeetingNotFound or InvalidTransition.",
      access: 'internal',
      input: moveMeetingInput,
      output: moveMeetingOutput,
      timeout: '30 seconds',
    },
    listMeetings: {
      description: 'The meetings of a workspace, optionally within a time range, earliest first.',
      access: 'public',
      input: listMeetingsInput,
      output: listMeetingsOutput,
      timeout: '30 seconds',
      service: true,
    },
    invitation: {
      description:
        "The iCalendar invitation of a meeting, exactly as its booking sent it, or (another meeting's UID to continue, a SEQUENCE, METHOD:CANCEL) its update or cancellation; fails with MeetingNotFound, MeetingCancelled for a called-off meeting's invitation, or InvalidTransition for the cancellation of one that still holds.",
      access: 'public',
      input: invitationInput,
      output: invitationOutput,
      timeout: '10 seconds',
      service: true,
    },
  },
});
