import { IANAZone } from 'luxon';
import { z } from 'zod';

const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM (24-hour)');

/** Settings of the meeting-booking plugin. */
export const meetingConfigSchema = z.object({
  timeZone: z
    .string()
    .refine((zone) => IANAZone.isValidZone(zone), 'not an IANA time zone')
    .default('Europe/London')
    .describe('IANA time zone the working hours and days are in; daylight-saving changes follow it.'),
  workingHours: z
    .object({ start: clockTime, end: clockTime })
    .refine((hours) => hours.start < hours.end, 'working hours must end after they start')
    .default({ start: '09:00', end: '17:30' })
    .describe('Local times a meeting may start at or after and must end by.'),
  workingDays: z
    .array(z.int().min(1).max(7))
    .min(1)
    .default([1, 2, 3, 4, 5])
    .describe('ISO weekdays meetings may fall on (1 = Monday … 7 = Sunday).'),
  meetingMinutes: z.int().min(5).max(480).default(30).describe('Length of a booked meeting, in minutes.'),
  bufferMinutes: z.int().min(0).max(240).default(15).describe('Free minutes kept before and after every scheduled meeting.'),
  minNoticeHours: z
    .number()
    .min(0)
    .default(24)
    .describe('Earliest a meeting may start, in hours from now: a prospect needs time to accept.'),
  horizonDays: z.int().min(1).max(90).default(14).describe('How many days ahead proposeSlots looks for free slots.'),
  slotsPerHalfDay: z
    .int()
    .min(1)
    .max(16)
    .default(1)
    .describe('Most slots proposeSlots offers in one half of a working day, so proposals spread over days.'),
  meetingUrlTemplate: z
    .string()
    .refine((template) => template.includes('{meetingId}'), 'must contain {meetingId}')
    .default('https://meet.jit.si/meetflow-{meetingId}')
    .describe('Video-call link of a meeting; {meetingId} is replaced by its id (Jitsi rooms need no account).'),
  organizer: z
    .object({ name: z.string().min(1), email: z.email() })
    .default({ name: 'Meetflow', email: 'meetings@meetflow.local' })
    .describe('Organizer named in calendar invitations.'),
});

/** The parsed configuration (defaults applied). */
export type MeetingConfig = z.output<typeof meetingConfigSchema>;
