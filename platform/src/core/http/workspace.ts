import type { Context } from 'koa';
import { z } from 'zod';
import { DEFAULT_WORKSPACE } from '../../features/workspaces/model.ts';

/** The `?workspace=<slug>` query every workspace-scoped route reads; extend it with a route's own query in its RouteDoc. */
export const WorkspaceQuery = z.object({
  workspace: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a workspace slug')
    .optional(),
});

/** The workspace a request acts in: `?workspace=<slug>`, else the default one the UI hard-codes. */
export function workspaceOf(ctx: Context): string {
  return WorkspaceQuery.parse(ctx.query).workspace ?? DEFAULT_WORKSPACE.slug;
}
