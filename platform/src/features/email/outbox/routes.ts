import type { Client } from '@temporalio/client';
import type { Context } from 'koa';
import { z } from 'zod';
import { nonBlank } from '../../../core/http/api-strings.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import { OUTBOX_STATUSES } from './model.ts';
import { approveAll, listOutbox, reviewEmail, type ReviewDb } from './review.ts';
import { NEXT_UP_MAX, nextUp } from './next-up.ts';

/** What the outbox routes are built over. */
export interface OutboxDeps {
  db: ReviewDb;
  temporal: Client;
}

const OutboxListQuery = z.object({
  status: z.enum(OUTBOX_STATUSES).optional().describe('Only emails with this status (pending_review: the review queue)'),
  campaignId: z.coerce.number().int().min(1).optional().describe('Only emails of this campaign'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const OutboxParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be an outbox email id') });

const OutboxItemSchema = z.object({
  id: z.string(),
  prospectId: z.number().int(),
  prospect: z
    .object({ firstName: z.string(), lastName: z.string(), company: z.string(), jobTitle: z.string().nullable(), email: z.string() })
    .nullable(),
  campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  step: z.number().int(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  edited: z.boolean().describe('A reviewer changed it: what is sent is the edit'),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  waitingUntil: z.iso.datetime().nullable(),
  waitReason: z.string().nullable().describe('Why it has not gone yet: the daily cap, the sending window, the domain limit…'),
  sentAt: z.iso.datetime().nullable(),
  mailbox: z.object({ id: z.string(), fromAddress: z.string() }).nullable(),
  error: z.string().nullable(),
  facts: z
    .array(z.object({ id: z.string(), kind: z.string(), value: z.string(), evidence: z.object({ url: z.string(), snippet: z.string() }) }))
    .describe('The researched facts the email cites, each with where it was read'),
  createdAt: z.iso.datetime(),
});

const NextUpQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NEXT_UP_MAX).default(10).describe('How many to show, soonest first'),
});

const NextUpItemSchema = z.object({
  prospectId: z.number().int(),
  prospect: z
    .object({ firstName: z.string(), lastName: z.string(), company: z.string(), jobTitle: z.string().nullable(), email: z.string() })
    .nullable(),
  campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  step: z.number().int(),
  stage: z
    .enum(['send', 'write'])
    .describe(
      "send: written (and approved, or autonomous), waiting for its send; write: the sequence's next step, written when its day comes",
    ),
  at: z.iso.datetime().nullable().describe('When it goes out (send) or is written (write); null: due now'),
  reason: z.string().describe('Why it waits until then, in words'),
});

const ApproveBody = z.object({
  subject: nonBlank(300, 'must not be blank').optional().describe("The reviewer's subject, sent instead"),
  body: nonBlank(20_000, 'must not be blank').optional().describe("The reviewer's body, sent instead"),
});
const ApproveAllBody = z.object({ campaignId: z.number().int().min(1).optional().describe('Only this campaign') });

const tags = ['outbox'];
const notFound = { description: 'No such email in the workspace, or no such workspace for the caller' };
const decided = { description: 'The email is not waiting for review any more (approved, rejected or sent)' };

/** Who reviewed: the signed-in user's id, or the API token's. */
const reviewerOf = (ctx: Context) => accessOf(ctx).principal.id;

/** /api/outbox: the emails sequences wrote, and the review queue where people approve, edit or reject them. */
export const outboxRoutes = [
  route<OutboxDeps>(
    {
      method: 'get',
      path: '/api/outbox',
      access: 'viewer',
      tags,
      query: WorkspaceQuery.extend(OutboxListQuery.shape),
      summary: "The workspace's outbox, oldest first, each email with the facts it cites (status=pending_review: the review queue)",
      responses: {
        200: {
          description: 'One page',
          schema: z.object({ items: z.array(OutboxItemSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
        },
        400: { description: 'A query parameter is invalid (each is named)' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await listOutbox(db, workspaceOf(ctx), OutboxListQuery.parse(ctx.query));
      },
  ),
  route<OutboxDeps>(
    {
      method: 'get',
      path: '/api/outbox/next-up',
      access: 'viewer',
      tags,
      query: WorkspaceQuery.extend(NextUpQuery.shape),
      summary:
        "What comes up next, soonest first: emails waiting for their send (until when, and why) and the sequences' next steps not written yet (their day in the cadence)",
      responses: {
        200: { description: 'The next emails', schema: z.object({ items: z.array(NextUpItemSchema) }) },
        400: { description: 'A query parameter is invalid (each is named)' },
      },
    },
    (deps) => async (ctx) => {
      ctx.body = await nextUp(deps, workspaceOf(ctx), NextUpQuery.parse(ctx.query).limit);
    },
  ),
  route<OutboxDeps>(
    {
      method: 'post',
      path: '/api/outbox/{id}/approve',
      access: 'sales-ops',
      tags,
      params: OutboxParams,
      query: WorkspaceQuery,
      body: ApproveBody,
      summary: 'Approve an email waiting for review, as written or edited (the edit is kept and sent); its send starts',
      responses: {
        200: { description: 'The email, queued to send', schema: OutboxItemSchema },
        400: { description: 'A bad field' },
        404: notFound,
        409: decided,
      },
    },
    (deps) => async (ctx) => {
      const edit = ApproveBody.parse(ctx.request.body ?? {});
      const item = await reviewEmail(
        deps,
        workspaceOf(ctx),
        OutboxParams.parse(ctx.params).id,
        { action: 'approve', ...edit },
        reviewerOf(ctx),
      );
      auditChange(ctx, { before: null, after: { id: item.id, status: item.status, edited: item.edited } });
      ctx.body = item;
    },
  ),
  route<OutboxDeps>(
    {
      method: 'post',
      path: '/api/outbox/{id}/reject',
      access: 'sales-ops',
      tags,
      params: OutboxParams,
      query: WorkspaceQuery,
      summary: "Reject an email waiting for review: it is never sent and the prospect's sequence stops",
      responses: {
        200: { description: 'The email, rejected', schema: OutboxItemSchema },
        400: { description: 'Not an outbox email id, or an invalid workspace slug' },
        404: notFound,
        409: decided,
      },
    },
    (deps) => async (ctx) => {
      const item = await reviewEmail(deps, workspaceOf(ctx), OutboxParams.parse(ctx.params).id, { action: 'reject' }, reviewerOf(ctx));
      auditChange(ctx, { before: null, after: { id: item.id, status: item.status } });
      ctx.body = item;
    },
  ),
  route<OutboxDeps>(
    {
      method: 'post',
      path: '/api/outbox/approve-all',
      access: 'sales-ops',
      tags,
      query: WorkspaceQuery,
      body: ApproveAllBody,
      summary: 'Approve every email waiting for review (of one campaign, when given)',
      responses: {
        200: { description: 'How many were approved', schema: z.object({ approved: z.number().int() }) },
        400: { description: 'A bad field' },
      },
    },
    (deps) => async (ctx) => {
      const { campaignId } = ApproveAllBody.parse(ctx.request.body ?? {});
      const result = await approveAll(deps, workspaceOf(ctx), campaignId, reviewerOf(ctx));
      auditChange(ctx, { before: null, after: { campaignId: campaignId ?? null, ...result } });
      ctx.body = result;
    },
  ),
];

export const outboxRouter = (deps: OutboxDeps) => routerOf(outboxRoutes, deps);
