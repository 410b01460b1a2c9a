import { Types } from 'mongoose';
import { z } from 'zod';
import { nonBlank } from '../../../core/http/api-strings.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { createWorkspace, type WorkspacesDb } from './workspaces.ts';

const Slug = z
  .string()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes');
export const CreateWorkspaceBody = z.object({
  name: nonBlank(100, 'must not be blank').describe('Shown in the workspace switcher'),
  slug: Slug.optional().describe('Its id in URLs (`?workspace=`); made from the name when absent'),
});
const CreatedWorkspace = z.object({ slug: z.string(), name: z.string(), role: z.literal('owner') });

/** /api/workspaces: a signed-in user makes another workspace, and owns it. */
export const workspacesRoutes = [
  route<WorkspacesDb>(
    {
      method: 'post',
      path: '/api/workspaces',
      access: 'signed-in',
      tags: ['auth'],
      body: CreateWorkspaceBody,
      summary: 'Create a workspace: the signed-in user becomes its owner (an API token cannot)',
      responses: {
        201: { description: 'The new workspace', schema: CreatedWorkspace },
        400: { description: 'A blank name or a malformed slug (each field named)' },
        403: { description: 'Called with an API token: only a signed-in user can own a workspace' },
        409: { description: 'The slug is taken' },
      },
    },
    (db) => async (ctx) => {
      const input = CreateWorkspaceBody.parse(ctx.request.body ?? {});
      const { principal } = accessOf(ctx);
      if (principal.kind !== 'user' || !principal.userId)
        throw new ForbiddenError('An API token cannot create workspaces: sign in as a user to do that.');
      ctx.status = 201;
      ctx.body = CreatedWorkspace.parse(await createWorkspace(db, new Types.ObjectId(principal.userId), input));
    },
  ),
];

export const workspacesRouter = (db: WorkspacesDb) => routerOf(workspacesRoutes, db);
