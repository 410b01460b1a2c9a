import { z } from 'zod';
import { ensureProspectTold, type CancellationDb } from './cancellation.ts';
import { bookMeeting, listMeetings, markOutcome, meetingInvitation, proposeSlots, type MeetingDeps } from './meetings.ts';
import { Booking, IdempotencyKey, Meeting, MeetingBody, MeetingParams, OutcomeBody, Slots, SlotsQuery } from './api-schemas.ts';
import { auditChange } from '../../accounts/services.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { runContextOf, WorkspaceQuery } from '../../../core/http/workspace.ts';

/**
 * What the meetings routes run over: the plugins, and the product's collections a cancellation's
 * email to the prospect uses (without them, as in a router built for the platform's own tests, a
 * cancelled meeting is cancelled and nobody is emailed).
 */
export type MeetingsRouteDeps = MeetingDeps & { db?: CancellationDb | undefined };

const tags = ['meetings'];
const badWorkspace = { description: 'Invalid workspace slug' };

/** /api/meetings: the workspace's meetings, booking one, its invitation, its outcome, and free slots (via the meeting-booking plugin). */
export const meetingsRoutes = [
  route<MeetingsRouteDeps>(
    {
      method: 'get',
      path: '/api/meetings',
      access: 'viewer',
      summary: "The workspace's meetings, earliest first",
      tags,
      query: WorkspaceQuery,
      responses: { 200: { description: 'Meetings', schema: z.array(Meeting) }, 400: badWorkspace },
    },
    (deps) => async (ctx) => {
      ctx.body = await listMeetings(deps, runContextOf(ctx));
    },
  ),
  route<MeetingsRouteDeps>(
    {
      method: 'get',
      path: '/api/meetings/slots',
      access: 'viewer',
      summary:
        "The next free slots to offer a prospect: clear of the workspace's meetings and of its connected calendar's busy times (a calendar that cannot be read: a warning, and the meetings only)",
      tags,
      query: SlotsQuery,
      responses: { 200: { description: 'Free slots', schema: Slots }, 400: { description: 'A bad count or prospect' } },
    },
    (deps) => async (ctx) => {
      const { count, prospect } = SlotsQuery.parse(ctx.query);
      ctx.body = Slots.parse(await proposeSlots(deps, runContextOf(ctx), count, { prospectId: prospect }));
    },
  ),
  route<MeetingsRouteDeps>(
    {
      method: 'post',
      path: '/api/meetings',
      access: 'sales-ops',
      summary: 'Schedule a meeting (optional Idempotency-Key header)',
      tags,
      query: WorkspaceQuery,
      body: MeetingBody,
      responses: {
        201: { description: 'The booked meeting and its invitation', schema: Booking },
        400: { description: 'A field is invalid (named)' },
        404: { description: 'No prospect with that id in this workspace' },
        409: {
          description:
            'The time is not free (another meeting, or busy in the connected calendar) or not bookable, or the Idempotency-Key booked something else',
        },
      },
    },
    (deps) => async (ctx) => {
      const body = MeetingBody.parse(ctx.request.body ?? {});
      const idempotencyKey = IdempotencyKey.parse(ctx.get('Idempotency-Key') || undefined);
      const booked = Booking.parse(await bookMeeting(deps, runContextOf(ctx), { ...body, idempotencyKey }));
      ctx.status = 201;
      ctx.body = booked;
    },
  ),
  route<MeetingsRouteDeps>(
    {
      method: 'get',
      path: '/api/meetings/{id}/invite.ics',
      access: 'viewer',
      summary: "The meeting's iCalendar invitation",
      tags,
      params: MeetingParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'iCalendar (METHOD:REQUEST)', schema: z.string(), contentType: 'text/calendar' },
        400: badWorkspace,
        404: { description: 'No such meeting in this workspace' },
        409: { description: 'The meeting was cancelled' },
      },
    },
    (deps) => async (ctx) => {
      const { id } = MeetingParams.parse(ctx.params);
      const ics = await meetingInvitation(deps, runContextOf(ctx), id);
      ctx.attachment(`meeting-${id}.ics`, { type: 'inline' });
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.body = ics;
    },
  ),
  route<MeetingsRouteDeps>(
    {
      method: 'post',
      path: '/api/meetings/{id}/outcome',
      access: 'sales-ops',
      summary:
        'Mark a meeting completed (attended), no-show or cancelled; attendance only once it has started; an attended meeting corrected to a no-show (owners and admins, with a reason) has its charge credited; the prospect of a cancelled meeting is emailed its cancellation (.ics CANCEL) once, however often it is cancelled (not for one the calendar read-back cancelled)',
      tags,
      params: MeetingParams,
      query: WorkspaceQuery,
      body: OutcomeBody,
      responses: {
        200: { description: 'The meeting with its new status', schema: Meeting },
        400: { description: 'Not an outcome, or a correction of an attended meeting to a no-show without a reason' },
        403: { description: 'Correcting an attended meeting to a no-show, below admin' },
        404: { description: 'No such meeting in this workspace' },
        409: { description: "The meeting's status cannot change to that outcome" },
        422: { description: 'Completed or no-show for a meeting that has not started yet' },
      },
    },
    (deps) => async (ctx) => {
      const { id } = MeetingParams.parse(ctx.params);
      const { outcome, reason } = OutcomeBody.parse(ctx.request.body ?? {});
      const run = runContextOf(ctx);
      const marked = await markOutcome(deps, run, id, outcome, { reason });
      const { meeting } = z.object({ meeting: Meeting }).parse(marked);
      // Every cancel makes sure the prospect's email is queued (keyed by the meeting: once, and a repeat finishes a cancel stopped before it).
      if (outcome === 'cancelled' && deps.db) await ensureProspectTold({ ...deps, db: deps.db }, run, meeting);
      // A correction credits a charge: the trail keeps what it was, what it became and why.
      if (marked.correction)
        auditChange(ctx, {
          before: { status: marked.correction.from },
          after: { status: marked.correction.to, reason: marked.correction.reason },
        });
      ctx.body = meeting;
    },
  ),
];

export const meetingsRouter = (deps: MeetingsRouteDeps) => routerOf(meetingsRoutes, deps);
export const meetingsRouteDocs = docsOf(meetingsRoutes);
