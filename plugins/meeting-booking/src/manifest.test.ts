import { describePlugin, manifestProblems } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { meetingBookingPlugin } from './index.ts';

describe('meeting-booking manifest', () => {
  it('is valid and describable, with documented defaults', () => {
    expect(manifestProblems(meetingBookingPlugin)).toEqual([]);
    const description = describePlugin(meetingBookingPlugin);
    expect(description.activities.map((activity) => activity.qualifiedName)).toEqual([
      'meeting-booking.proposeSlots',
      'meeting-booking.bookMeeting',
      'meeting-booking.markOutcome',
      'meeting-booking.moveMeeting',
      'meeting-booking.listMeetings',
      'meeting-booking.invitation',
    ]);
    expect(description.collections).toEqual(['meetings']);
    expect(description.config.defaults).toMatchObject({
      timeZone: 'Europe/London',
      workingHours: { start: '09:00', end: '17:30' },
      meetingMinutes: 30,
    });
  });

  it('refuses a bad time zone, inverted working hours and a URL template without {meetingId}', () => {
    const config = meetingBookingPlugin.manifest.config;
    expect(config.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(config.safeParse({ workingHours: { start: '17:00', end: '09:00' } }).success).toBe(false);
    expect(config.safeParse({ meetingUrlTemplate: 'https://meet.jit.si/fixed-room' }).success).toBe(false);
  });
});
