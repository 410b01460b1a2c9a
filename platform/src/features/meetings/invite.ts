// The meeting-booking plugin's entry point does not export its invitation builder, and the API
// must serve the very invitation the booking sent (same UID, same stamp), not a look-alike:
// this is the one place the platform reaches into the plugin's source for it.
import { meetingInvite, type MeetingConfig, type MeetingDocument } from '@meetflow/plugin-meeting-booking';

export { meetingInvite, type MeetingConfig, type MeetingDocument };
