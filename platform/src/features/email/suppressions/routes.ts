import type { Context } from 'koa';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import { AddResult, AddSuppressionsBody, SuppressionListQuery, SuppressionPage, SuppressionParams } from './api-schemas.ts';
import { addSuppressions, listSuppressions, removeSuppression } from './suppressions.ts';

/** What the suppression list routes are built over. */
export interface SuppressionsDeps {
  db: Pick<Models, 'suppressions'>;
}

const tags = ['suppressions'];

/** Who added entries: the signed-in user's id, or the API token's (as the outbox records its reviewers). */
const principalOf = (ctx: Context) => accessOf(ctx).principal.id;

/**
 * /api/suppressions: the workspace's suppression list, the addresses and domains it never emails
 * (unsubscribes, bounces and replies asking to stop add to it; admins add and remove by hand).
 */
export const suppressionsRoutes = [
  route<SuppressionsDeps>(
    {
      method: 'get',
      path: '/api/suppressions',
      access: 'viewer',
      tags,
      query: WorkspaceQuery.extend(SuppressionListQuery.shape),
      summary:
        "The workspace's suppression list, newest first (search, filter by reason, paginate), with every entry counted by reason: " +
        'addresses and whole domains (*@domain) no email of the workspace is sent to',
      responses: {
        200: { description: 'One page', schema: SuppressionPage },
        400: { description: 'A query parameter is invalid (each is named)' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await listSuppressions(db, workspaceOf(ctx), SuppressionListQuery.parse(ctx.query));
      },
  ),
  route<SuppressionsDeps>(
    {
      method: 'post',
      path: '/api/suppressions',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      body: AddSuppressionsBody,
      summary:
        'Add addresses and domains to the suppression list (example.com, @example.com and *@example.com all mean the whole domain). ' +
        'Every entry is checked first: one refused entry adds none. An entry already listed keeps its first reason',
      responses: {
        200: { description: 'How many were added, and how many were already listed', schema: AddResult },
        400: { description: 'A refused entry (each named by its place, entries.N, quoted with why), or a bad reason' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const input = AddSuppressionsBody.parse(ctx.request.body ?? {});
        const { emails, ...result } = await addSuppressions(db, workspaceOf(ctx), input, principalOf(ctx));
        auditChange(ctx, { before: null, after: { added: emails, alreadyPresent: result.alreadyPresent, reason: input.reason ?? null } });
        ctx.body = result;
      },
  ),
  route<SuppressionsDeps>(
    {
      method: 'delete',
      path: '/api/suppressions/{email}',
      access: 'admin',
      tags,
      params: SuppressionParams,
      query: WorkspaceQuery,
      summary:
        'Take an address or domain off the suppression list: emails to it may be sent again from now on. ' +
        'Sequences it stopped (an unsubscribe, a bounce) stay stopped: removing the entry restarts nothing',
      responses: {
        200: { description: 'Removed', schema: z.object({ removed: z.literal(true) }) },
        400: { description: 'Not an email address or a domain' },
        404: { description: 'The entry is not on the suppression list of the workspace' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const { email } = SuppressionParams.parse(ctx.params);
        const removed = await removeSuppression(db, workspaceOf(ctx), email);
        auditChange(ctx, { before: removed, after: null });
        ctx.body = { removed: true };
      },
  ),
];

export const suppressionsRouter = (deps: SuppressionsDeps) => routerOf(suppressionsRoutes, deps);
