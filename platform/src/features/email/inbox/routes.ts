import type { Context } from 'koa';
import { z } from 'zod';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import { INBOX_RESOLUTIONS, INBOX_SOURCES } from './model.ts';
import { archiveMessage, inboxThread, listInbox, notInterested, replyFromInbox, suppressFromInbox, type InboxDeps } from './inbox.ts';

const ACTIONS = z.enum(['stop', 'pause', 'continue']);
/** A reply as the Inbox shows it. */
export const InboxItemSchema = z.object({
  id: z.string(),
  prospect: z
    .object({ id: z.number().int(), name: z.string(), company: z.string(), jobTitle: z.string().nullable(), email: z.string() })
    .nullable()
    .describe('The prospect it came from (null if they were deleted since)'),
  from: z.string(),
  subject: z.string(),
  text: z.string().describe('The new text the sender wrote (quoted history removed)'),
  receivedAt: z.iso.datetime(),
  source: z
    .enum(INBOX_SOURCES)
    .describe('thread: answered an email we sent; confirmed: a held message a person confirmed; pasted: added by hand'),
  category: z
    .string()
    .describe("Engagement analysis's category (interested, not-now, objection, referral, out-of-office, unsubscribe, bounce)"),
  confidence: z.number(),
  action: ACTIONS.describe('What it did to the sequence'),
  meetingIntent: z.number(),
  returnDate: z.string().nullable(),
  proposedTimes: z.array(z.object({ start: z.iso.datetime(), matched: z.string() })).describe('Days and times the reply offers, to book'),
  status: z.enum(['open', 'done']),
  resolution: z.enum(INBOX_RESOLUTIONS).nullable(),
  meetingId: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
const ThreadEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sent'),
    at: z.iso.datetime(),
    subject: z.string(),
    text: z.string(),
    step: z.number().int(),
    status: z.string(),
    label: z.string(),
    waitReason: z.string().nullable().describe('Why it has not gone yet (window, cap…); null once sent'),
  }),
  z.object({
    kind: z.literal('received'),
    at: z.iso.datetime(),
    subject: z.string(),
    text: z.string(),
    id: z.string(),
    category: z.string(),
  }),
]);
/** A reply and the conversation with its prospect: what every Inbox route answers. */
export const ThreadSchema = z.object({ message: InboxItemSchema, thread: z.array(ThreadEntrySchema) });

const InboxListQuery = z.object({
  status: z.enum(['open', 'done', 'all']).default('open').describe('open (the default): waiting for someone; done; or all'),
  category: z.string().max(40).optional(),
  prospectId: z.coerce.number().int().min(1).optional(),
  before: z.iso.datetime({ offset: true }).optional().describe('Only replies received before this (the last one shown): the next page'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
/** An Inbox message's id in the path. */
export const InboxParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be an Inbox message id') });
const ReplyBody = z.strictObject({
  subject: z.string().trim().min(1).max(300).optional().describe('Default: "Re: " and the reply\'s subject'),
  body: z.string().trim().min(1, 'write the reply').max(20_000),
});

const tags = ['inbox'];
export const inboxNotFound = { description: "No such message in the workspace's Inbox" };
export const inboxBadRequest = { description: 'Not a message id, an invalid field (named), or an invalid workspace slug' };
const by = (ctx: Context) => accessOf(ctx).principal.id;

const action = (path: string, summary: string, run: (deps: InboxDeps, ctx: Context, id: string) => Promise<unknown>) =>
  route<InboxDeps>(
    {
      method: 'post',
      path: `/api/inbox/{id}/${path}`,
      access: 'sales-ops',
      tags,
      params: InboxParams,
      query: WorkspaceQuery,
      summary,
      responses: {
        200: { description: 'The message, done, with its conversation', schema: ThreadSchema },
        400: inboxBadRequest,
        404: inboxNotFound,
      },
    },
    (deps) => async (ctx) => {
      const { id } = InboxParams.parse(ctx.params);
      const answer = ThreadSchema.parse(await run(deps, ctx, id));
      auditChange(ctx, { before: { id, status: 'open' }, after: { id, resolution: answer.message.resolution } });
      ctx.body = answer;
    },
  );

/** /api/inbox: every reply, threaded with what was sent, classified, and answered or closed in one click (booking: revenue/inbox-booking). */
export const inboxRoutes = [
  route<InboxDeps>(
    {
      method: 'get',
      path: '/api/inbox',
      access: 'viewer',
      tags,
      query: WorkspaceQuery.extend(InboxListQuery.shape),
      summary: "The workspace's replies, newest first: open ones (the default) wait for someone to book, answer or close them",
      responses: {
        200: {
          description: 'The replies, how many match, and how many are open',
          schema: z.object({ items: z.array(InboxItemSchema), total: z.number().int(), open: z.number().int() }),
        },
        400: { description: 'A query parameter is invalid (each is named)' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await listInbox(db, workspaceOf(ctx), InboxListQuery.parse(ctx.query));
      },
  ),
  route<InboxDeps>(
    {
      method: 'get',
      path: '/api/inbox/{id}',
      access: 'viewer',
      tags,
      params: InboxParams,
      query: WorkspaceQuery,
      summary: 'One reply with the whole conversation with its prospect: every email written to them and every reply, oldest first',
      responses: { 200: { description: 'The reply and its conversation', schema: ThreadSchema }, 400: inboxBadRequest, 404: inboxNotFound },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = ThreadSchema.parse(await inboxThread(db, workspaceOf(ctx), InboxParams.parse(ctx.params).id));
      },
  ),
  route<InboxDeps>(
    {
      method: 'post',
      path: '/api/inbox/{id}/reply',
      access: 'sales-ops',
      tags,
      params: InboxParams,
      query: WorkspaceQuery,
      body: ReplyBody,
      summary:
        "Answer a reply through the workspace's mailboxes, in the prospect's thread and within the sending guardrails (it may wait for the window or a cap)",
      responses: {
        200: {
          description: 'The outbox step of the answer, and the conversation with it',
          schema: ThreadSchema.extend({ step: z.number().int() }),
        },
        400: inboxBadRequest,
        404: inboxNotFound,
        409: { description: "The prospect's address is on the suppression list" },
      },
    },
    (deps) => async (ctx) => {
      // The body first: a request wrong in both is told about its fields.
      const body = ReplyBody.parse(ctx.request.body ?? {});
      const { id } = InboxParams.parse(ctx.params);
      const answer = await replyFromInbox(deps, workspaceOf(ctx), id, body, by(ctx));
      auditChange(ctx, { before: { id }, after: { id, resolution: 'replied', step: answer.step } });
      ctx.body = answer;
    },
  ),
  action('not-interested', "Mark a reply not interested: the prospect's sequence stops", (deps, ctx, id) =>
    notInterested(deps, workspaceOf(ctx), id, by(ctx)),
  ),
  action(
    'suppress',
    "Put the prospect's address on the suppression list (nothing is sent to it again) and end their sequence",
    (deps, ctx, id) => suppressFromInbox(deps, workspaceOf(ctx), id, by(ctx)),
  ),
  action('archive', 'Mark a reply done without doing anything else', (deps, ctx, id) =>
    archiveMessage(deps, workspaceOf(ctx), id, by(ctx)),
  ),
];

export const inboxRouter = (deps: InboxDeps) => routerOf(inboxRoutes, deps);
