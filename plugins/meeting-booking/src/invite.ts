import { createEvent, type EventAttributes } from 'ics';
import type { MeetingConfig } from './config.ts';
import type { MeetingDocument } from './meeting-model.ts';

// `ics` stamps DTSTAMP with the wall clock unless given `timestamp`, which its types omit;
// stamping with the meeting's creation keeps a retried booking's invitation byte-identical.
type StampedEvent = EventAttributes & { timestamp: number };

/** The iCalendar invitation (METHOD:REQUEST) for a meeting, times in UTC. */
export function meetingInvite(meeting: MeetingDocument, config: MeetingConfig): string {
  const event: StampedEvent = {
    uid: meeting.icsUid,
    method: 'REQUEST',
    productId: 'meetflow/meeting-booking',
    title: `${config.organizer.name} × ${meeting.prospectName}`,
    description: `Video call: ${meeting.meetingUrl}`,
    start: meeting.scheduledAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: meeting.durationMinutes },
    timestamp: (meeting.createdAt ?? meeting.scheduledAt).getTime(),
    url: meeting.meetingUrl,
    location: meeting.meetingUrl,
    status: 'CONFIRMED',
    sequence: 0,
    organizer: { name: config.organizer.name, email: config.organizer.email },
    attendees: [
      { name: meeting.prospectName, email: meeting.prospectEmail, rsvp: true, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION' },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw new Error(`could not build the invitation for meeting ${meeting.icsUid}: ${error?.message ?? 'empty'}`);
  return value;
}
