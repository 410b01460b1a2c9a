// @meetflow/plugin-meeting-booking: free slots, idempotent bookings with invitations, outcomes.
import { definePlugin } from '@meetflow/plugin-sdk';
import { createMeetingActivities } from './activities.ts';
import { manifest } from './manifest.ts';

/** The meeting-booking plugin, as the platform installs it. */
export const meetingBookingPlugin = definePlugin(manifest, createMeetingActivities);

export { meetingSchema, MEETING_STATUSES, type MeetingDocument, type MeetingStatus } from './meeting-model.ts';
export { meetingInvite } from './invite.ts';
export type { MeetingConfig } from './config.ts';
export type { MeetingView, Slot } from '@meetflow/plugin-sdk/contracts/meeting-booking';
