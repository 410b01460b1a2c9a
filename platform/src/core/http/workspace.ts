import type { Context } from 'koa';
import { z } from 'zod';

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
