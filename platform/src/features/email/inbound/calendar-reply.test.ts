import { describe, expect, it } from 'vitest';
import { parseCalendarReply, readICalendar } from './calendar-reply.ts';

// A REPLY as Google Calendar emails it when the invitee clicks "No" (RFC 5546 §3.2.3), its long
// ATTENDEE line folded at 75 octets (RFC 5545 §3.1) with a space, then with a tab.
const GOOGLE_DECLINE = [
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'CALSCALE:GREGORIAN',
  'METHOD:REPLY',
  'BEGIN:VEVENT',
  'DTSTART:20261203T150000Z',
  'DTEND:20261203T153000Z',
  'DTSTAMP:20261130T101500Z',
  'ORGANIZER;CN=Alex Morgan:mailto:alex@brightline.test',
  'UID:a1b2c3-booking@meetflow.local',
  'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=DECLINED;CN="Gomez, L',
  ' aura";X-NUM-GUESTS=0:mailto:Laura@Northwind.test',
  'SEQUENCE:2',
  'SUMMARY:Declined: 30-minute call',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('parseCalendarReply', () => {
  it("reads a folded REPLY: the event's UID, the SEQUENCE answered and each attendee's PARTSTAT", () => {
    expect(parseCalendarReply(GOOGLE_DECLINE)).toEqual({
      uid: 'a1b2c3-booking@meetflow.local',
      sequence: 2,
      attendees: [{ email: 'laura@northwind.test', partstat: 'DECLINED' }],
    });
  });

  it('reads bare LF lines, a tab fold and lower-case names; no SEQUENCE means 0, no PARTSTAT NEEDS-ACTION', () => {
    const outlook = [
      'BEGIN:VCALENDAR',
      'method:reply',
      'BEGIN:VEVENT',
      'uid:040000008200E00074C5B7101A82E008',
      'ATTENDEE;PARTSTAT=tentative:MAILTO:pat@acme',
      '\t.test',
      'ATTENDEE;CN=Someone:mailto:other@acme.test',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    expect(parseCalendarReply(outlook)).toEqual({
      uid: '040000008200E00074C5B7101A82E008',
      sequence: 0,
      attendees: [
        { email: 'pat@acme.test', partstat: 'TENTATIVE' },
        { email: 'other@acme.test', partstat: 'NEEDS-ACTION' },
      ],
    });
  });

  it.each([
    ['an invitation (METHOD:REQUEST)', GOOGLE_DECLINE.replace('METHOD:REPLY', 'METHOD:REQUEST')],
    ['a calendar with no METHOD', GOOGLE_DECLINE.replace('METHOD:REPLY\r\n', '')],
    ['a REPLY without a UID', GOOGLE_DECLINE.replace('UID:a1b2c3-booking@meetflow.local\r\n', '')],
    ['a REPLY without an event', 'BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nEND:VCALENDAR\r\n'],
    ['components left open', GOOGLE_DECLINE.replace('END:VCALENDAR', '')],
    ['text that is not iCalendar', 'Hi Alex, Thursday works for me.'],
    ['nothing', ''],
  ])('answers null for %s', (_case, text) => {
    expect(parseCalendarReply(text)).toBeNull();
  });
});

describe('readICalendar', () => {
  it('keeps a quoted parameter value whole (its colon and semicolon) and nests components', () => {
    const [calendar] = readICalendar(
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nATTENDEE;CN="A: B; C":mailto:a@b.test\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR',
    )!;
    const event = calendar!.components[0]!;
    expect(event.lines).toEqual([{ name: 'ATTENDEE', params: { CN: 'A: B; C' }, value: 'mailto:a@b.test' }]);
    expect(event.components.map((component) => component.name)).toEqual(['VALARM']);
  });

  it('answers null for an END that closes another component, and for a line with no colon', () => {
    expect(readICalendar('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\nEND:VEVENT')).toBeNull();
    expect(readICalendar('BEGIN:VCALENDAR\r\nUID\r\nEND:VCALENDAR')).toBeNull();
  });
});
