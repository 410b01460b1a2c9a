import { z } from 'zod';
import { ConflictError, ServiceUnavailableError } from '../../../core/errors.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { auditChange } from '../../accounts/services.ts';
import {
  InboxCheckResult,
  MailboxListItem,
  MailboxParams,
  MailboxPatchBody,
  MailboxView,
  NewMailboxBody,
  TestResult,
} from './api-schemas.ts';
import { createMailbox, deleteMailbox, getMailbox, listMailboxes, requireBox, testMailbox, updateMailbox } from './mailboxes.ts';
import { invalidFields, refusedMailHosts, type MailAllowHosts } from './mail-hosts.ts';
import { checkInbox, type InboxDb } from '../inbound/imap-poll.ts';
import { ensureInboxPolling, type InboxPolling } from '../inbound/polling.ts';
import type { InProcessChannel } from '../../runs/services.ts';
import { withTodaysFigures, type MailboxFiguresDb } from '../sending/mailbox-figures.ts';

/** What the mailbox routes are built over: their model, and the box their passwords are sealed in (or why there is none). */
export interface MailboxesDeps {
  db: InboxDb & MailboxFiguresDb;
  secrets: Secrets;
  /** Starts reading replies over IMAP once a mailbox has IMAP settings; left out (tests without Temporal), nothing reads them. */
  polling?: InboxPolling;
  /** The email channel plugin that tests (and sends through) a mailbox, bound in-process (PluginHost.channel). */
  channel: InProcessChannel | null;
  /** Mail servers allowed despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS): local ones `npm start` or a test runs. */
  mailAllowHosts: MailAllowHosts;
}

const tags = ['mailboxes'];
const notFound = { description: 'No such mailbox in the workspace, or no such workspace for the caller' };
const noKey = { description: 'Mailbox passwords cannot be stored or used: MEETFLOW_SECRETS_KEY is not set (production)' };
const taken = { description: 'Another mailbox of the workspace already sends from this address' };
const hostRefused =
  'or smtp.host / imap.host is, or resolves to, a private, loopback, link-local or metadata address ("address not allowed")';

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
        400: { description: `A bad field, named; ${hostRefused}` },
        409: taken,
        503: noKey,
      },
    },
    ({ db, secrets, polling, mailAllowHosts }) =>
      async (ctx) => {
        const input = NewMailboxBody.parse(ctx.request.body ?? {});
        const refused = await refusedMailHosts(input, mailAllowHosts);
        if (Object.keys(refused).length > 0) throw invalidFields(refused);
        const created = await createMailbox(db, requireBox(secrets), workspaceOf(ctx), input);
        auditChange(ctx, { before: null, after: created });
        if (created.imap && polling) await ensureInboxPolling(polling, workspaceOf(ctx));
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
      summary:
        'Change a mailbox: only the fields given; without a password the stored one is kept, except that a change of smtp.host, smtp.port, smtp.user, imap.host or imap.port, or to a weaker TLS mode, needs the password again',
      responses: {
        200: { description: 'The mailbox as changed', schema: MailboxView },
        400: {
          description: `A bad field, named; or \`password\` when the connection settings changed without it ("enter the password again"); ${hostRefused}`,
        },
        404: notFound,
        409: taken,
        503: noKey,
      },
    },
    (deps) => async (ctx) => {
      const patch = MailboxPatchBody.parse(ctx.request.body ?? {});
      const { id } = MailboxParams.parse(ctx.params);
      const { before, after } = await updateMailbox(deps, workspaceOf(ctx), id, patch);
      auditChange(ctx, { before, after });
      if (after.imap && deps.polling) await ensureInboxPolling(deps.polling, workspaceOf(ctx));
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
      summary:
        'Test connection: connect to the SMTP server with the stored settings and log in (nothing is sent); recorded as lastTest. The host is checked against the address policy before connecting',
      responses: {
        200: { description: 'ok, or why not as one classified reason (a refusal is an answer, not an error)', schema: TestResult },
        400: { description: 'Not a mailbox id' },
        404: notFound,
        409: { description: 'The stored password cannot be opened (saved under another MEETFLOW_SECRETS_KEY, or damaged): enter it again' },
        503: { description: `${noKey.description}; or no email channel plugin is installed` },
      },
    },
    (deps) => async (ctx) => {
      const { id } = MailboxParams.parse(ctx.params);
      ctx.body = await testMailbox(deps, workspaceOf(ctx), id);
    },
  ),
  route<MailboxesDeps>(
    {
      method: 'post',
      path: '/api/mailboxes/{id}/check-inbox',
      access: 'sales-ops',
      tags,
      params: MailboxParams,
      query: WorkspaceQuery,
      summary:
        'Check replies now: read the new messages of the mailbox over IMAP (read-only) as polling does, threading replies and bounces into their sequences',
      responses: {
        200: {
          description:
            'What was read, or why the server could not be read, as one classified reason (a refusal is an answer, not an error)',
          schema: InboxCheckResult,
        },
        400: { description: 'Not a mailbox id' },
        404: notFound,
        409: { description: 'The mailbox has no IMAP settings' },
        503: { description: 'This server runs without Temporal, which classifies replies' },
      },
    },
    ({ db, secrets, polling, mailAllowHosts }) =>
      async (ctx) => {
        const { id } = MailboxParams.parse(ctx.params);
        const mailbox = await getMailbox(db, workspaceOf(ctx), id);
        if (!mailbox.imap) throw new ConflictError(`${mailbox.fromAddress} has no IMAP settings: add them to read its replies.`);
        if (!polling) throw new ServiceUnavailableError('Replies cannot be read here: this server runs without Temporal.');
        const inbox = { db, secrets, temporal: polling.temporal, taskQueue: polling.taskQueue, mailAllowHosts };
        ctx.body = await checkInbox(inbox, mailbox);
      },
  ),
];

export const mailboxesRouter = (deps: MailboxesDeps) => routerOf(mailboxesRoutes, deps);
