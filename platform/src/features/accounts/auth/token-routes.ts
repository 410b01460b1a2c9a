import { z } from 'zod';
import { nonBlank } from '../../../core/http/api-strings.ts';
import { roleAtLeast } from '../../../core/access.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { ROLES, type AuthModels } from './model.ts';
import { createApiToken, DEFAULT_TOKEN_DAYS, listApiTokens, MAX_TOKEN_DAYS, revokeApiToken } from './tokens.ts';

const TokenView = z.object({
  id: z.string().describe('Names the token in this API (not the token itself)'),
  name: z.string(),
  role: z.enum(ROLES),
  prefix: z.string().describe("The token's first characters, to tell tokens apart"),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable().describe('When it was last used (to the minute), null if never'),
  expiresAt: z.iso.datetime().nullable().describe('When it stops working (401 from then on), null if never'),
});
const DAYS_RANGE = `must be a whole number of days from 1 to ${MAX_TOKEN_DAYS}, or null for never`;
const CreateTokenBody = z.object({
  name: nonBlank(100, 'must not be blank').describe('What the token is for, e.g. "CRM sync"'),
  role: z
    .enum(ROLES)
    .describe('What the token may do in the workspace: at most the creator’s own role, now and later (it acts with at most theirs)'),
  expiresInDays: z
    .number(DAYS_RANGE)
    .int(DAYS_RANGE)
    .min(1, DAYS_RANGE)
    .max(MAX_TOKEN_DAYS, DAYS_RANGE)
    .nullable()
    .default(DEFAULT_TOKEN_DAYS)
    .describe(`Days until it stops working, 1–${MAX_TOKEN_DAYS}, or null for never; ${DEFAULT_TOKEN_DAYS} when left out`),
});
const CreatedToken = TokenView.extend({
  token: z.string().describe('The token: shown this once, stored only as a hash. Send it as `Authorization: Bearer <token>`'),
});
const TokenParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, 'must be a token id') });

const tags = ['auth'];
type TokensDeps = { db: Pick<AuthModels, 'apiTokens'>; now: () => Date };

/** /api/tokens: a workspace's API tokens, for its admins. */
export const tokenRoutes = [
  route<TokensDeps>(
    {
      method: 'get',
      path: '/api/tokens',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's API tokens (never a token itself)",
      responses: { 200: { description: 'Oldest first', schema: z.array(TokenView) }, 400: { description: 'Invalid workspace slug' } },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = z.array(TokenView).parse(await listApiTokens(db, workspaceOf(ctx)));
      },
  ),
  route<TokensDeps>(
    {
      method: 'post',
      path: '/api/tokens',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      body: CreateTokenBody,
      summary: `Create an API token acting in the workspace with a role, working ${DEFAULT_TOKEN_DAYS} days unless told otherwise: the answer is the only time the token is shown`,
      responses: {
        201: { description: 'The token, shown once', schema: CreatedToken },
        400: { description: 'A blank name, an unknown role or an expiry out of range (each field named)' },
        403: { description: "The caller's role is below admin, or the token would have a stronger role than the caller's" },
      },
    },
    ({ db, now }) =>
      async (ctx) => {
        const input = CreateTokenBody.parse(ctx.request.body ?? {});
        const { principal, role } = accessOf(ctx);
        if (role && !roleAtLeast(role, input.role))
          throw new ForbiddenError(`A token cannot do more than its creator: your role is ${role}, the token asks for ${input.role}.`);
        const created = await createApiToken(db, { workspace: workspaceOf(ctx), ...input, createdBy: principal.userId }, now());
        ctx.status = 201;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = CreatedToken.parse({ ...created.view, token: created.token });
      },
  ),
  route<TokensDeps>(
    {
      method: 'delete',
      path: '/api/tokens/{id}',
      access: 'admin',
      tags,
      params: TokenParams,
      query: WorkspaceQuery,
      summary: 'Revoke an API token: it stops working at once',
      responses: {
        200: { description: 'Revoked', schema: z.object({ revoked: z.literal(true) }) },
        400: { description: 'Not a token id' },
        404: { description: 'No such token in the workspace, or no such workspace for the caller' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const { id } = TokenParams.parse(ctx.params);
        await revokeApiToken(db, workspaceOf(ctx), id);
        ctx.body = { revoked: true };
      },
  ),
];

/** The token routes over the auth models; `now` is the clock new tokens' creation and expiry are read from. */
export const tokenRouter = (db: TokensDeps['db'], now: () => Date = () => new Date()) => routerOf(tokenRoutes, { db, now });
