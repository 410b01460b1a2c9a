import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Models } from '../../core/db/models.ts';
import { handleReply } from './handle-reply.ts';
import { route, routerOf } from '../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../core/http/workspace.ts';

/** Body of POST /api/replies. */
export const ReplyBody = z.object({
  prospectId: z.number().int().min(1),
  body: z.string().min(1).max(100_000),
  subject: z.string().max(1_000).optional(),
  from: z.string().max(320).optional(),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
  messageId: z.string().min(1).max(500).optional(),
});

/** The answer: the explainable classification and the sequence's new state. */
export const HandledReplySchema = z.object({
  classification: z.looseObject({
    category: z.string(),
    action: z.enum(['stop', 'pause', 'continue']),
    confidence: z.number(),
    returnDate: z.string().nullable(),
    meetingIntent: z.number(),
    signals: z.array(z.unknown()),
  }),
  sequence: z.object({ workflowId: z.string(), signal: z.enum(['reply', 'unsubscribe']), state: z.unknown() }).nullable(),
});

/** What the replies route is built over. */
export interface RepliesDeps {
  db: Models;
  temporal: Client;
  taskQueue: string;
}

/** POST /api/replies: read a prospect's reply and act on it. */
export const repliesRoutes = [
  route<RepliesDeps>(
    {
      method: 'post',
      path: '/api/replies',
      access: 'sales-ops',
      tags: ['engagement'],
      summary: "Classify a prospect's reply (engagement analysis), record it, and stop, pause or unsubscribe their sequence",
      query: WorkspaceQuery,
      body: ReplyBody,
      responses: {
        200: { description: 'The classification and the sequence after it', schema: HandledReplySchema },
        400: { description: 'Invalid body' },
        404: { description: 'No such prospect in this workspace' },
      },
    },
    (deps) => async (ctx) => {
      const reply = ReplyBody.parse(ctx.request.body ?? {});
      ctx.body = HandledReplySchema.parse(await handleReply(deps, workspaceOf(ctx), reply));
    },
  ),
];

export const repliesRouter = (deps: RepliesDeps) => routerOf(repliesRoutes, deps);
