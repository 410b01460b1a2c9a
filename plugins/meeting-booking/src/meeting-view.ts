import type { MeetingDocument } from './meeting-model.ts';
import type { MeetingView } from '@meetflow/plugin-sdk/contracts/meeting-booking';

/** A stored meeting as activities return it. */
export function toMeetingView(meeting: MeetingDocument): MeetingView {
  return {
    id: String(meeting._id),
    prospectId: meeting.prospectId,
    prospectName: meeting.prospectName,
    prospectEmail: meeting.prospectEmail,
    scheduledAt: meeting.scheduledAt.toISOString(),
    durationMinutes: meeting.durationMinutes,
    status: meeting.status,
    meetingUrl: meeting.meetingUrl,
    // Stored meetings always have createdAt (schema timestamps); the fallback keeps a hand-made document valid.
    bookedAt: (meeting.createdAt ?? meeting.scheduledAt).toISOString(),
  };
}
