import { z } from 'zod';
import { WorkspaceQuery } from '../../../core/http/workspace.ts';

/** The token at the end of a booking link (a path segment: whatever it holds, a token no link has is a 404). */
export const TokenParams = z.object({
  token: z.string().min(1).max(200).describe('The token at the end of a booking link, /book/<token>'),
});

/** A chosen start time: one of the offered slots. */
export const ChosenSlot = z.strictObject({
  start: z.iso.datetime({ offset: true }).describe('When the meeting starts, ISO 8601 with offset: one of the offered slots'),
});

/** A meeting as the prospect sees it through their link. */
export const LinkMeeting = z.object({
  scheduledAt: z.iso.datetime(),
  durationMinutes: z.number().int(),
  meetingUrl: z.string(),
  status: z.literal('scheduled'),
});

/** GET /api/book/{token}: what the booking page shows. */
export const BookingPageView = z.object({
  prospect: z.object({ firstName: z.string(), name: z.string() }).describe('Who the link is for'),
  seller: z
    .object({ name: z.string(), company: z.string() })
    .nullable()
    .describe("Who they meet: the sender and company of the workspace's offer (null until it has one)"),
  purpose: z.string().nullable().describe('What the meeting is about, from the offer: "<company> <one-liner>"'),
  durationMinutes: z.number().int().nullable().describe('How long the meeting is (null when no slot is free and none is booked)'),
  timeZone: z.object({
    prospect: z.string().nullable().describe("The prospect's time zone when known (the page otherwise uses the browser's)"),
    seller: z.string().describe('The zone the working hours are in'),
  }),
  slots: z.array(z.object({ start: z.iso.datetime(), end: z.iso.datetime() })).describe('The free times, earliest first'),
  meeting: LinkMeeting.nullable().describe('The meeting booked with this link, or null'),
  reschedulesLeft: z.number().int().min(0),
  expiresAt: z.iso.datetime(),
});

/** POST /api/book/{token} and …/reschedule: the booked meeting. */
export const LinkBooking = z.object({ meeting: LinkMeeting });

/** A prospect's id in the path. */
export const ProspectParams = z.object({ prospectId: z.coerce.number().int().min(1).describe("The prospect's id") });

/** GET /api/booking-links/{prospectId}: the prospect's link, for a member. */
export const MemberLinkView = z.object({
  prospectId: z.number().int(),
  url: z.string().describe('The link, under the public URL (MEETFLOW_PUBLIC_URL)'),
  state: z.enum(['open', 'booked', 'expired', 'used', 'revoked']),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  meetingId: z.string().nullable(),
  reschedules: z.number().int(),
});

export { WorkspaceQuery };
