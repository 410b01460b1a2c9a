import { createEvent, type EventAttributes } from 'ics';
import type { MeetingConfig } from './config.ts';
import type { MeetingDocument } from './meeting-model.ts';

// `ics` stamps DTSTAMP with the wall clock unless given `timestamp`, which its types omit;
// stamping with the meeting's creation keeps a retried booking's invitation byte-identical.
type StampedEvent = EventAttributes & { timestamp: number };

/**
 * Which iTIP message (RFC 5546) to build. The defaults are the booking's own invitation; a moved
 * meeting keeps the UID its first booking sent with a higher SEQUENCE (what calendar clients apply
 * as an update of the event they have), and a cancelled one is a CANCEL of that same UID.
 */
export interface InviteOptions {
  /** REQUEST books or updates the event; CANCEL calls it off (STATUS:CANCELLED). */
  method?: 'REQUEST' | 'CANCEL';
  /** The UID the prospect's calendar knows the event by, when it is another meeting's (the one first booked). */
  uid?: string;
  /** RFC 5545 SEQUENCE: 0 as booked, raised by each change the prospect is sent. */
  sequence?: number;
}

/** The iCalendar invitation (METHOD:REQUEST) for a meeting, times in UTC, or its cancellation (METHOD:CANCEL). */
export function meetingInvite(meeting: MeetingDocument, config: MeetingConfig, options: InviteOptions = {}): string {
  const cancel = options.method === 'CANCEL';
  const uid = options.uid ?? meeting.icsUid;
  const event: StampedEvent = {
    uid,
    method: cancel ? 'CANCEL' : 'REQUEST',
    productId: 'meetflow/meeting-booking',
    title: `${config.organizer.name} × ${meeting.prospectName}`,
    description: `Video call: ${meeting.meetingUrl}`,
    start: meeting.scheduledAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: meeting.durationMinutes },
    // A cancellation is stamped when the meeting was called off (its last write), so asking again gives the same bytes.
    timestamp: ((cancel ? meeting.updatedAt : meeting.createdAt) ?? meeting.scheduledAt).getTime(),
    url: meeting.meetingUrl,
    location: meeting.meetingUrl,
    status: cancel ? 'CANCELLED' : 'CONFIRMED',
    sequence: options.sequence ?? 0,
    organizer: { name: config.organizer.name, email: config.organizer.email },
    attendees: [
      { name: meeting.prospectName, email: meeting.prospectEmail, rsvp: true, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION' },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw new Error(`could not build the invitation for meeting ${uid}: ${error?.message ?? 'empty'}`);
  return value;
}
