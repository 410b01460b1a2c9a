import type { Client } from '@temporalio/client';
import type { Context } from 'koa';
import { z } from 'zod';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import { LINE_PATTERN, NO_CONTROL_CHARACTERS, NO_TEXT_CONTROL_CHARACTERS, TEXT_PATTERN } from '../inbound/control-characters.ts';
import { handleReply, type ReplyDb } from './handle-reply.ts';
import { confirmHeldReply, dismissHeldReply, listHeldReplies, type HeldRepliesDb } from './held-replies.ts';
import { HELD_REPLY_STATUSES } from './held-reply-model.ts';

/** A one-line field of a reply (a subject, an address, an id): no control characters. */
const line = (max: number) => z.string().max(max).regex(LINE_PATTERN, NO_CONTROL_CHARACTERS);

/** Body of POST /api/replies. */
export const ReplyBody = z.object({
  prospectId: z.number().int().min(1),
  body: z.string().min(1).max(100_000).regex(TEXT_PATTERN, NO_TEXT_CONTROL_CHARACTERS),
  subject: line(1_000).optional(),
  from: line(320).optional(),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
  messageId: line(500).min(1).optional(),
});

/** The answer: the explainable classification and the sequence's new state. */
export const HandledReplySchema = z.object({
  classification: z.looseObject({
    category: z.string(),
    action: z.enum(['stop', 'pause', 'continue']),
    confidence: z.number(),
    returnDate: z.string().nullable(),
    meetingIntent: z.number(),
    proposedTimes: z
      .array(z.object({ start: z.string(), matched: z.string() }))
      .describe('Days and times the reply offers for a meeting (UTC), with the words they were read from'),
    signals: z.array(z.unknown()),
  }),
  sequence: z.object({ workflowId: z.string(), signal: z.enum(['reply', 'unsubscribe']), state: z.unknown() }).nullable(),
});

const HeldReplySchema = z.object({
  id: z.string(),
  prospectId: z.number().int().describe('The prospect whose address it came from'),
  prospect: z.object({ firstName: z.string(), lastName: z.string(), company: z.string(), email: z.string() }).nullable(),
  from: z.string(),
  fromName: z.string().nullable(),
  subject: z.string(),
  text: z.string().describe('The new text the sender wrote (quoted history removed)'),
  receivedAt: z.iso.datetime(),
  status: z.enum(HELD_REPLY_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
const HeldQuery = z.object({
  status: z.enum(HELD_REPLY_STATUSES).default('held').describe('Which ones: waiting for a person (the default), confirmed or dismissed'),
  prospectId: z.coerce.number().int().min(1).optional().describe("Only this prospect's"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
const HeldParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a held reply id') });

/** What the replies routes are built over. */
export interface RepliesDeps {
  db: HeldRepliesDb & ReplyDb;
  temporal: Client;
  taskQueue: string;
}

const tags = ['engagement'];
const notFound = { description: 'No such held reply in the workspace' };
const decided = { description: 'The reply was confirmed or dismissed already' };
/** Who decided: the signed-in user's id, or the API token's. */
const deciderOf = (ctx: Context) => accessOf(ctx).principal.id;

/** POST /api/replies: read a prospect's reply and act on it; /api/replies/held: replies matched by From alone, for a person to decide. */
export const repliesRoutes = [
  route<RepliesDeps>(
    {
      method: 'post',
      path: '/api/replies',
      access: 'sales-ops',
      tags,
      summary: "Classify a prospect's reply (engagement analysis), record it, and stop, pause or unsubscribe their sequence",
      query: WorkspaceQuery,
      body: ReplyBody,
      responses: {
        200: { description: 'The classification and the sequence after it', schema: HandledReplySchema },
        400: {
          description:
            'Invalid body (control characters in the subject, address or id, or in the body other than tab and line breaks, included)',
        },
        404: { description: 'No such prospect in this workspace' },
      },
    },
    (deps) => async (ctx) => {
      const reply = ReplyBody.parse(ctx.request.body ?? {});
      ctx.body = HandledReplySchema.parse(await handleReply(deps, workspaceOf(ctx), reply));
    },
  ),
  route<RepliesDeps>(
    {
      method: 'get',
      path: '/api/replies/held',
      access: 'viewer',
      tags,
      query: WorkspaceQuery.extend(HeldQuery.shape),
      summary:
        "Inbound messages in no thread of ours but from a prospect's address, newest first: held until a person confirms or dismisses them",
      responses: {
        200: {
          description: 'The held replies and how many match',
          schema: z.object({ items: z.array(HeldReplySchema), total: z.number().int() }),
        },
        400: { description: 'A query parameter is invalid (each is named)' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await listHeldReplies(db, workspaceOf(ctx), HeldQuery.parse(ctx.query));
      },
  ),
  route<RepliesDeps>(
    {
      method: 'post',
      path: '/api/replies/held/{id}/confirm',
      access: 'sales-ops',
      tags,
      params: HeldParams,
      query: WorkspaceQuery,
      summary:
        "Confirm a held reply as its prospect's: it is classified, counted and its sequence stopped or paused, as a threaded reply is",
      responses: {
        200: {
          description: 'The reply, confirmed, and what handling it did',
          schema: z.object({ reply: HeldReplySchema, handled: HandledReplySchema }),
        },
        400: { description: 'Not a held reply id, or an invalid workspace slug' },
        404: notFound,
        409: decided,
      },
    },
    (deps) => async (ctx) => {
      const result = await confirmHeldReply(deps, workspaceOf(ctx), HeldParams.parse(ctx.params).id, deciderOf(ctx));
      auditChange(ctx, { before: { status: 'held' }, after: { id: result.reply.id, status: 'confirmed' } });
      ctx.body = result;
    },
  ),
  route<RepliesDeps>(
    {
      method: 'post',
      path: '/api/replies/held/{id}/dismiss',
      access: 'sales-ops',
      tags,
      params: HeldParams,
      query: WorkspaceQuery,
      summary: 'Dismiss a held reply: it is kept as dismissed and never acts',
      responses: {
        200: { description: 'The reply, dismissed', schema: HeldReplySchema },
        400: { description: 'Not a held reply id, or an invalid workspace slug' },
        404: notFound,
        409: decided,
      },
    },
    ({ db }) =>
      async (ctx) => {
        const reply = await dismissHeldReply(db, workspaceOf(ctx), HeldParams.parse(ctx.params).id, deciderOf(ctx));
        auditChange(ctx, { before: { status: 'held' }, after: { id: reply.id, status: 'dismissed' } });
        ctx.body = reply;
      },
  ),
];

export const repliesRouter = (deps: RepliesDeps) => routerOf(repliesRoutes, deps);
