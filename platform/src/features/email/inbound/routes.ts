import type { Client } from '@temporalio/client';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import { InputError, UnauthorizedError } from '../../../core/errors.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { requireBox } from '../mailboxes/mailboxes.ts';
import { HandledReplySchema } from '../replies/routes.ts';
import { handleInbound, type InboundDb } from './handle-inbound.ts';
import { inboundSecret, isInboundSecret, rotateInboundSecret } from './inbound-key.ts';

/** What the inbound routes are built over. */
export interface InboundDeps {
  db: InboundDb & Pick<Models, 'workspaces' | 'inboundKeys'>;
  temporal: Client;
  taskQueue: string;
  secrets: Secrets;
  /** Where this Meetflow is reached from outside: the webhook's address. */
  publicUrl: string;
}

/** The header an inbound-parse webhook sends the workspace's secret in. */
export const INBOUND_SECRET_HEADER = 'x-meetflow-inbound-secret';
/** The largest raw message taken (attachments included). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const InboundQuery = z.object({ workspace: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a workspace slug') });
/** What one inbound message was, and what was done: POST /api/inbound/email's answer. */
const InboundAnswer = z.union([
  z.object({
    kind: z.literal('bounce'),
    hardBounces: z.array(z.string()).describe('The addresses that failed for good: suppressed, their sequences stopped'),
    pausedMailboxes: z.array(z.string()).describe('Mailboxes that paused themselves on these bounces (over 3 in their last 100 sends)'),
  }),
  z.object({
    kind: z.literal('reply'),
    matched: z.literal(true),
    prospectId: z.number().int(),
    threadedBy: z.literal('message-id').describe("Its In-Reply-To or References names an email Meetflow sent: that email's prospect"),
    handled: HandledReplySchema,
  }),
  z.object({
    kind: z.literal('reply'),
    matched: z.literal(false),
    from: z.string().describe("The sender's address"),
    held: z
      .object({ id: z.string(), prospectId: z.number().int() })
      .optional()
      .describe(
        "In no thread of ours, but from this prospect's address: held for a person to confirm (GET /api/replies/held); it does nothing by itself",
      ),
  }),
  z
    .object({
      kind: z.literal('calendar-reply'),
      meetingId: z.string(),
      prospectId: z.number().int(),
      answer: z.enum(['accepted', 'tentative', 'declined']),
      done: z
        .string()
        .describe('What it did: cancelled, recorded, or why nothing (an older invitation answered, the meeting no longer scheduled)'),
    })
    .describe(
      "The prospect's calendar answered a meeting's invitation (iCalendar METHOD:REPLY from the invited address): declined cancels the meeting, accepted or tentative is recorded on it; never classified as a reply",
    ),
]);

const InboundSettings = z.object({
  url: z.string().describe('Where an inbound-parse webhook posts raw messages'),
  header: z.string().describe('The header that carries the secret'),
  secret: z.string().describe("The workspace's inbound secret (admins only)"),
});

/** The request's body as bytes, refusing more than `limit`. */
async function rawBody(ctx: Context, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new InputError(`The message is larger than ${limit / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const settingsOf = async (deps: InboundDeps, workspaceId: string, secret: string) => ({
  url: `${deps.publicUrl}/api/inbound/email?workspace=${workspaceId}`,
  header: INBOUND_SECRET_HEADER,
  secret,
});

/** POST /api/inbound/email and its settings: replies and bounces come back into Meetflow. */
export const inboundRoutes = [
  route<InboundDeps>(
    {
      method: 'post',
      path: '/api/inbound/email',
      access: 'public',
      tags: ['inbound'],
      query: InboundQuery,
      summary:
        'Take one raw inbound email (RFC 822, as inbound-parse webhooks post it) with the workspace secret in X-Meetflow-Inbound-Secret: ' +
        'a bounce suppresses the address; a reply threaded (In-Reply-To/References) to an email Meetflow sent is classified and its ' +
        "sequence stopped or paused; one matching a prospect's address alone is held for a person to confirm",
      responses: {
        200: { description: 'What the message was and what was done', schema: InboundAnswer },
        400: {
          description:
            'Not an email, too large, a bad workspace slug, or control characters in a sender name, subject, address or Message-ID ' +
            '(or, other than tab and line breaks, in the text): each such field is named',
        },
        401: { description: 'The secret is missing or not the workspace’s' },
        503: { description: 'Secrets are off (MEETFLOW_SECRETS_KEY not set in production)' },
      },
    },
    (deps) => async (ctx) => {
      const { workspace } = InboundQuery.parse(ctx.query);
      const box = requireBox(deps.secrets);
      const given = ctx.get(INBOUND_SECRET_HEADER);
      if (!given || !(await deps.db.workspaces.exists({ slug: workspace })) || !(await isInboundSecret(deps.db, box, workspace, given)))
        throw new UnauthorizedError(`Send the workspace's inbound secret in the ${INBOUND_SECRET_HEADER} header (Settings → Mailboxes)`);
      const raw = await rawBody(ctx, MAX_MESSAGE_BYTES);
      if (raw.length === 0) throw new InputError('The body must be the raw email (RFC 822); it was empty');
      ctx.body = await handleInbound(deps, workspace, raw);
    },
  ),
  route<InboundDeps>(
    {
      method: 'get',
      path: '/api/inbound/settings',
      access: 'admin',
      tags: ['inbound'],
      query: WorkspaceQuery,
      summary: "Where the workspace's inbound webhook posts, and its secret",
      responses: {
        200: { description: 'The webhook settings', schema: InboundSettings },
        400: { description: 'Invalid workspace slug' },
        503: { description: 'Secrets are off' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      ctx.body = await settingsOf(deps, workspaceId, await inboundSecret(deps.db, requireBox(deps.secrets), workspaceId));
    },
  ),
  route<InboundDeps>(
    {
      method: 'post',
      path: '/api/inbound/settings/rotate',
      access: 'admin',
      tags: ['inbound'],
      query: WorkspaceQuery,
      summary: 'Make a new inbound secret; the old one stops working at once',
      responses: {
        200: { description: 'The new settings', schema: InboundSettings },
        400: { description: 'Invalid workspace slug' },
        503: { description: 'Secrets are off' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      ctx.body = await settingsOf(deps, workspaceId, await rotateInboundSecret(deps.db, requireBox(deps.secrets), workspaceId));
    },
  ),
];

export const inboundRouter = (deps: InboundDeps) => routerOf(inboundRoutes, deps);
