import { z } from 'zod';
import { NotFoundError, ServiceUnavailableError } from '../../../core/errors.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { runContextOf } from '../../../core/http/workspace.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { auditChange } from '../../accounts/services.ts';
import { sequenceStateOf } from '../../email/services.ts';
import { findProspect } from '../../prospecting/services.ts';
import { BookingPageView, ChosenSlot, LinkBooking, MemberLinkView, ProspectParams, TokenParams, WorkspaceQuery } from './api-schemas.ts';
import { bookingPage, bookThroughLink, cancelThroughLink, linkInvitation, rescheduleThroughLink, type BookingPageDeps } from './booking.ts';
import { bookingUrl, LINK_NOT_VALID, linkState, prospectBookingLink, revokeBookingLink, type StoredLink } from './links.ts';

/** What the booking-link routes are built over: the booking page's, the secrets key (tokens) and the public URL (links). */
export type BookingLinkRouteDeps = BookingPageDeps & { secrets: Secrets; publicUrl: string };

const tags = ['booking-links'];
/**
 * Per client address and route, a minute: a booking page read asks the workspace's calendar for
 * its free times, a change writes to it and emails; a person books in a few requests, far below.
 */
const READS_PER_MINUTE = 60;
const CHANGES_PER_MINUTE = 20;
const notValid = { description: `${LINK_NOT_VALID} (guessed, altered, cut short, or never made by this server)` };
const gone = {
  description:
    'The link can no longer be used, and the answer says why: it expired, it was withdrawn, or it is used up (its meeting was cancelled or has taken place)',
};

/**
 * The public booking routes (/api/book/{token}): whoever holds a prospect's link may read the
 * free times and the meeting's description, book one meeting for that prospect, and move or cancel
 * it. The token is the only credential; the platform reads the workspace, the prospect and the
 * sequence from the link's record and acts as the link (never as a member). Nothing else.
 */
export const bookingPublicRoutes = [
  route<BookingLinkRouteDeps>(
    {
      method: 'get',
      path: '/api/book/{token}',
      access: 'public',
      perClientPerMinute: READS_PER_MINUTE,
      tags,
      params: TokenParams,
      summary:
        "A booking link's page: who books with whom, for how long, in which time zones, the free times, and the meeting booked with it",
      responses: { 200: { description: 'What the booking page shows', schema: BookingPageView }, 404: notValid, 410: gone },
    },
    (deps) => async (ctx) => {
      ctx.body = BookingPageView.parse(await bookingPage(deps, TokenParams.parse(ctx.params).token));
    },
  ),
  route<BookingLinkRouteDeps>(
    {
      method: 'post',
      path: '/api/book/{token}',
      access: 'public',
      perClientPerMinute: CHANGES_PER_MINUTE,
      tags,
      params: TokenParams,
      body: ChosenSlot,
      summary:
        "Book the link's meeting at an offered time, exactly once: the sequence stops and the invitation is emailed; the same time again answers the same meeting",
      responses: {
        200: { description: 'Booked already at this time (a repeated request): the same meeting', schema: LinkBooking },
        201: { description: 'Booked', schema: LinkBooking },
        400: { description: 'The time is not an ISO 8601 date-time with offset' },
        404: notValid,
        409: {
          description: 'The time is no longer free or not bookable, or this link booked another time already (reschedule it instead)',
        },
        410: gone,
      },
    },
    (deps) => async (ctx) => {
      const { start } = ChosenSlot.parse(ctx.request.body ?? {});
      const { meeting, created } = await bookThroughLink(deps, TokenParams.parse(ctx.params).token, start);
      ctx.status = created ? 201 : 200;
      ctx.body = LinkBooking.parse({ meeting });
    },
  ),
  route<BookingLinkRouteDeps>(
    {
      method: 'post',
      path: '/api/book/{token}/reschedule',
      access: 'public',
      perClientPerMinute: CHANGES_PER_MINUTE,
      tags,
      params: TokenParams,
      body: ChosenSlot,
      summary:
        "Move the link's meeting to another offered time: the new time is booked, the old meeting cancelled, and the prospect emailed the event they have, moved (same UID, higher SEQUENCE)",
      responses: {
        200: { description: 'The meeting at its new time', schema: LinkBooking },
        400: { description: 'The time is not an ISO 8601 date-time with offset' },
        404: notValid,
        409: {
          description:
            'Nothing is booked with the link yet, the time is no longer free, or the meeting was moved as often as a link allows',
        },
        410: gone,
      },
    },
    (deps) => async (ctx) => {
      const { start } = ChosenSlot.parse(ctx.request.body ?? {});
      ctx.body = LinkBooking.parse(await rescheduleThroughLink(deps, TokenParams.parse(ctx.params).token, start));
    },
  ),
  route<BookingLinkRouteDeps>(
    {
      method: 'post',
      path: '/api/book/{token}/cancel',
      access: 'public',
      perClientPerMinute: CHANGES_PER_MINUTE,
      tags,
      params: TokenParams,
      summary:
        "Cancel the link's meeting and email the prospect its cancellation (METHOD:CANCEL, once); the link is then used up, and cancelling again answers the same (queueing the email if a first cancel stopped before it)",
      responses: {
        200: { description: 'Cancelled', schema: z.object({ cancelled: z.literal(true) }) },
        404: notValid,
        409: { description: 'Nothing is booked with the link yet, or the meeting was moved meanwhile' },
        410: gone,
      },
    },
    (deps) => async (ctx) => {
      ctx.body = await cancelThroughLink(deps, TokenParams.parse(ctx.params).token);
    },
  ),
  route<BookingLinkRouteDeps>(
    {
      method: 'get',
      path: '/api/book/{token}/invite.ics',
      access: 'public',
      perClientPerMinute: READS_PER_MINUTE,
      tags,
      params: TokenParams,
      summary: "The booked meeting's iCalendar invitation, as it was emailed",
      responses: {
        200: { description: 'iCalendar (METHOD:REQUEST)', schema: z.string(), contentType: 'text/calendar' },
        404: { description: `${LINK_NOT_VALID}, or nothing is booked with it yet` },
        410: gone,
      },
    },
    (deps) => async (ctx) => {
      const ics = await linkInvitation(deps, TokenParams.parse(ctx.params).token);
      ctx.attachment('meeting.ics', { type: 'inline' });
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.body = ics;
    },
  ),
];

/** A link as a member sees it. */
const memberView = (link: StoredLink, url: string, now = new Date()) =>
  MemberLinkView.parse({
    prospectId: link.prospectId,
    url,
    state: linkState(link, now),
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    meetingId: link.meetingId ?? null,
    reschedules: link.reschedules,
  });

const noProspect = {
  description: 'No prospect with that id in this workspace, or the prospect has no sequence (a link is made at enrolment)',
};

/** /api/booking-links/{prospectId}: a prospect's booking link for members (sales ops and above: the link books for the prospect). */
export const bookingMemberRoutes = [
  route<BookingLinkRouteDeps>(
    {
      method: 'get',
      path: '/api/booking-links/{prospectId}',
      access: 'sales-ops',
      tags,
      params: ProspectParams,
      query: WorkspaceQuery,
      summary: "A prospect's booking link (made at enrolment; made now for a sequence started before links existed), and where it stands",
      responses: {
        200: { description: 'The link', schema: MemberLinkView },
        404: noProspect,
        503: { description: 'This server has no secrets key (MEETFLOW_SECRETS_KEY): links cannot be made' },
      },
    },
    (deps) => async (ctx) => {
      const { prospectId } = ProspectParams.parse(ctx.params);
      const { workspaceId } = runContextOf(ctx);
      await findProspect(deps.db, workspaceId, prospectId);
      const existing = await deps.db.bookingLinks.exists({ workspaceId, prospectId });
      if (!existing && !(await sequenceStateOf(deps, workspaceId, prospectId)))
        throw new NotFoundError(`Prospect ${prospectId} is not in a sequence: a booking link is made when they are enrolled`);
      const issued = await prospectBookingLink(deps.db, deps.secrets, workspaceId, prospectId);
      if (!issued)
        throw new ServiceUnavailableError('Booking links are off: this server was started without a secrets key (MEETFLOW_SECRETS_KEY).');
      ctx.body = memberView(issued.link, bookingUrl(deps.publicUrl, issued.token));
    },
  ),
  route<BookingLinkRouteDeps>(
    {
      method: 'delete',
      path: '/api/booking-links/{prospectId}',
      access: 'sales-ops',
      tags,
      params: ProspectParams,
      query: WorkspaceQuery,
      summary: "Withdraw a prospect's booking link: it opens nothing any more (a meeting booked with it stays booked); no new one is made",
      responses: {
        200: { description: 'Withdrawn', schema: z.object({ revoked: z.literal(true), prospectId: z.number().int() }) },
        404: { description: 'No prospect with that id in this workspace has a booking link' },
      },
    },
    (deps) => async (ctx) => {
      const { prospectId } = ProspectParams.parse(ctx.params);
      const link = await revokeBookingLink(deps.db, runContextOf(ctx).workspaceId, prospectId);
      auditChange(ctx, { before: { prospectId, state: 'open' }, after: { prospectId, state: 'revoked' } });
      ctx.body = { revoked: true as const, prospectId: link.prospectId };
    },
  ),
];

export const bookingLinkRoutes = [...bookingPublicRoutes, ...bookingMemberRoutes];
export const bookingLinkRouter = (deps: BookingLinkRouteDeps) => routerOf(bookingLinkRoutes, deps);
