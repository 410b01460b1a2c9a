import type { Context } from 'koa';
import type { RunPrincipal } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import type { RequestAccess } from '../access.ts';
import { requestPrincipal, requestRunContext, type WorkspaceRunContext } from '../run-context.ts';

/**
 * The `?workspace=<slug>` query of workspace-scoped routes: which of the caller's workspaces the
 * request acts in (the access check refuses one they are not a member of with 404); without it,
 * the caller's first workspace, or an API token's own. Extend it with a route's own query.
 */
export const WorkspaceQuery = z.object({
  workspace: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a workspace slug')
    .optional()
    .meta({ description: "The workspace the request acts in, one of the caller's (default: their first, or the API token's own)" }),
});

/** The workspace a request acts in, as the access check resolved it from the session or token. */
export function workspaceOf(ctx: Context): string {
  const workspace = (ctx.state.access as { workspace?: string } | undefined)?.workspace;
  if (!workspace) throw new Error(`${ctx.method} ${ctx.path}: no workspace was resolved (the route's access must name a role)`);
  return workspace;
}

/** What the access check resolved for a workspace-scoped route. */
function accessOf(ctx: Context): RequestAccess {
  const access = ctx.state.access as RequestAccess | undefined;
  if (!access) throw new Error(`${ctx.method} ${ctx.path}: the request passed no access check`);
  return access;
}

/** The principal behind a workspace-scoped request, with its role there: whose authority a run it starts has. */
export function principalOf(ctx: Context): RunPrincipal {
  return requestPrincipal(accessOf(ctx));
}

/** The run context of a workspace-scoped request (its workspace and principal), for the plugin activities it calls. */
export function runContextOf(ctx: Context): WorkspaceRunContext {
  return requestRunContext(accessOf(ctx));
}
