import { z } from 'zod';
import { route, routerOf } from '../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../core/http/workspace.ts';
import type { Secrets } from '../../core/secrets-key.ts';
import { auditChange } from '../audit/trail.ts';
import { MailboxListItem, MailboxParams, MailboxPatchBody, MailboxView, NewMailboxBody, TestResult } from './api-schemas.ts';
import { createMailbox, deleteMailbox, listMailboxes, requireBox, testMailbox, updateMailbox } from './mailboxes.ts';
import type { Models } from '../../core/db/models.ts';
import { withTodaysFigures } from '../sending/mailbox-figures.ts';

/** What the mailbox routes are built over: their model, and the box their passwords are sealed in (or why there is none). */
export interface MailboxesDeps {
  db: Models;
  secrets: Secrets;
}

const tags = ['mailboxes'];
const notFound = { description: 'No such mailbox in the workspace, or no such workspace for the caller' };
const noKey = { description: 'Mailbox passwords cannot be stored or used: MEETFLOW_SECRETS_KEY is not set (production)' };
const taken = { description: 'Another mailbox of the workspace already sends from this address' };

/** /api/mailboxes: the workspace's sending mailboxes (admins manage them, every member sees them; never a password). */
export const mailboxesRoutes = [
  route<MailboxesDeps>(
    {
      method: 'get',
      path: '/api/mailboxes',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary:
        "The workspace's sending mailboxes, oldest first, with today's sends against today's cap and the bounce rate (a password is never returned, only passwordSet)",
      responses: { 200: { description: 'Oldest first', schema: z.array(MailboxListItem) }, 400: { description: 'Invalid workspace slug' } },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        ctx.body = await withTodaysFigures(db, workspaceId, await listMailboxes(db, workspaceId));
      },
  ),
  route<MailboxesDeps>(
    {
      method: 'post',
      path: '/api/mailboxes',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      body: NewMailboxBody,
      summary: 'Connect a sending mailbox: sender, signature and SMTP settings; its password is stored encrypted',
      responses: {
        201: { description: 'The mailbox (without its password)', schema: MailboxView },
        400: { description: 'A bad field, named' },
        409: taken,
        503: noKey,
      },
    },
    ({ db, secrets }) =>
      async (ctx) => {
        const input = NewMailboxBody.parse(ctx.request.body ?? {});
        const created = await createMailbox(db, requireBox(secrets), workspaceOf(ctx), input);
        auditChange(ctx, { before: null, after: created });
        ctx.status = 201;
        ctx.body = created;
      },
  ),
  route<MailboxesDeps>(
    {
      method: 'patch',
      path: '/api/mailboxes/{id}',
      access: 'admin',
      tags,
      params: MailboxParams,
      query: WorkspaceQuery,
      body: MailboxPatchBody,
      summary: 'Change a mailbox: only the fields given; without a password the stored one is kept',
      responses: {
        200: { description: 'The mailbox as changed', schema: MailboxView },
        400: { description: 'A bad field, named' },
        404: notFound,
        409: taken,
        503: noKey,
      },
    },
    ({ db, secrets }) =>
      async (ctx) => {
        const patch = MailboxPatchBody.parse(ctx.request.body ?? {});
        const { id } = MailboxParams.parse(ctx.params);
        const { before, after } = await updateMailbox(db, secrets, workspaceOf(ctx), id, patch);
        auditChange(ctx, { before, after });
        ctx.body = after;
      },
  ),
  route<MailboxesDeps>(
    {
      method: 'delete',
      path: '/api/mailboxes/{id}',
      access: 'admin',
      tags,
      params: MailboxParams,
      query: WorkspaceQuery,
      summary: 'Remove a mailbox and its stored password',
      responses: {
        200: { description: 'Removed', schema: z.object({ removed: z.literal(true) }) },
        400: { description: 'Not a mailbox id' },
        404: notFound,
      },
    },
    ({ db }) =>
      async (ctx) => {
        const { id } = MailboxParams.parse(ctx.params);
        const removed = await deleteMailbox(db, workspaceOf(ctx), id);
        auditChange(ctx, { before: removed, after: null });
        ctx.body = { removed: true };
      },
  ),
  route<MailboxesDeps>(
    {
      method: 'post',
      path: '/api/mailboxes/{id}/test',
      access: 'admin',
      tags,
      params: MailboxParams,
      query: WorkspaceQuery,
      summary: 'Test connection: connect to the SMTP server with the stored settings and log in (nothing is sent); recorded as lastTest',
      responses: {
        200: { description: 'ok, or what the server said when it refused (a refusal is an answer, not an error)', schema: TestResult },
        400: { description: 'Not a mailbox id' },
        404: notFound,
        409: { description: 'The password was stored under another MEETFLOW_SECRETS_KEY: enter it again' },
        503: noKey,
      },
    },
    ({ db, secrets }) =>
      async (ctx) => {
        const { id } = MailboxParams.parse(ctx.params);
        ctx.body = await testMailbox(db, secrets, workspaceOf(ctx), id);
      },
  ),
];

export const mailboxesRouter = (deps: MailboxesDeps) => routerOf(mailboxesRoutes, deps);
