import type { Context } from 'koa';
import { z } from 'zod';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { runContextOf, WorkspaceQuery } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import { inboxBadRequest, InboxParams, InboxThreadSchema, inboxNotFound } from '../../email/services.ts';
import { Meeting } from '../meetings/api-schemas.ts';
import { bookFromInbox, type InboxBookingDeps } from './booking.ts';

const BookBody = z.strictObject({
  scheduledAt: z.iso.datetime({ offset: true }).describe('When, ISO 8601 with offset: one of the proposed times, or a free slot'),
});
const by = (ctx: Context) => accessOf(ctx).principal.id;

/** POST /api/inbox/{id}/book: a reply turned into a meeting, with the invitation emailed. */
export const inboxBookingRoutes = [
  route<InboxBookingDeps>(
    {
      method: 'post',
      path: '/api/inbox/{id}/book',
      access: 'sales-ops',
      tags: ['inbox'],
      params: InboxParams,
      query: WorkspaceQuery,
      body: BookBody,
      summary:
        'Book a meeting from a reply (a time it proposed, or a free slot): the sequence stops and the prospect gets an invitation email with the .ics; once per reply',
      responses: {
        200: {
          description: 'The meeting, and the conversation with the invitation',
          schema: InboxThreadSchema.extend({ meeting: Meeting }),
        },
        400: inboxBadRequest,
        404: inboxNotFound,
        409: {
          description:
            'The time is not free or not bookable (outside working hours, too soon: the reason is given), this reply booked another time already, or the address is suppressed',
        },
      },
    },
    (deps) => async (ctx) => {
      // The body first: a request wrong in both is told about its fields.
      const { scheduledAt } = BookBody.parse(ctx.request.body ?? {});
      const { id } = InboxParams.parse(ctx.params);
      const answer = await bookFromInbox(deps, runContextOf(ctx), id, scheduledAt, by(ctx));
      auditChange(ctx, { before: { id }, after: { id, resolution: 'booked', meetingId: answer.meeting.id } });
      ctx.body = answer;
    },
  ),
];

export const inboxBookingRouter = (deps: InboxBookingDeps) => routerOf(inboxBookingRoutes, deps);
