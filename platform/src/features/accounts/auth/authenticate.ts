import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { Types } from 'mongoose';
import type { Authenticator, Principal, Role } from '../../../core/access.ts';
import { ForbiddenError, UnauthorizedError } from '../../../core/errors.ts';
import type { AuthModels } from './model.ts';
import { findSession, MUST_CHANGE_PASSWORD, SESSION_COOKIE, WHILE_PASSWORD_MUST_CHANGE, type SessionPolicy } from './sessions.ts';
import { findApiToken } from './tokens.ts';

const BAD_HEADER = 'The Authorization header must be "Bearer <API token>".';

/** A signed-in user: their memberships are read once per request, when first needed. */
function userPrincipal(db: Pick<AuthModels, 'memberships' | 'users'>, userId: Types.ObjectId): Principal {
  let roles: Promise<Map<string, Role>> | undefined;
  const load = () =>
    (roles ??= db.memberships
      .find({ userId }, { workspaceId: 1, role: 1 }, ACROSS_WORKSPACES) // a user's memberships span workspaces
      .sort({ createdAt: 1 })
      .lean()
      .then((memberships) => new Map(memberships.map((membership) => [membership.workspaceId, membership.role as Role]))));
  return {
    id: `user:${String(userId)}`,
    kind: 'user',
    userId: String(userId),
    roleIn: async (workspace) => (await load()).get(workspace) ?? null,
    defaultWorkspace: async () => [...(await load()).keys()][0] ?? null,
    describe: async () => (await db.users.findById(userId, { email: 1 }).lean())?.email ?? `user ${String(userId)}`,
  };
}

/**
 * Who makes a request: the bearer of an API token (`Authorization: Bearer mf_…`), else the user
 * of the session cookie, else nobody. A token that is presented but not valid (unknown, revoked,
 * expired, or its creator no longer a member) is a 401 even on a route a session could use: a
 * script should learn its token is wrong, not act as someone else.
 */
export function sessionsAndTokens(
  db: Pick<AuthModels, 'sessions' | 'memberships' | 'apiTokens' | 'users'>,
  policy: SessionPolicy,
  clock: () => Date = () => new Date(),
): Authenticator {
  return async (ctx) => {
    const now = clock();
    const header = ctx.get('authorization');
    if (header) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
      if (!bearer) throw new UnauthorizedError(BAD_HEADER);
      const token = await findApiToken(db, bearer, now);
      return {
        id: `token:${token.id}`,
        kind: 'token',
        userId: token.createdBy,
        roleIn: async (workspace) => (workspace === token.workspace ? token.role : null),
        defaultWorkspace: async () => token.workspace,
        describe: async () => `API token "${token.name}"`,
      };
    }
    const session = await findSession(db, ctx.cookies.get(SESSION_COOKIE), now, policy);
    // A one-time password (the demo owner's) buys a session that can only set a new one.
    if (session?.mustChangePassword && !WHILE_PASSWORD_MUST_CHANGE.has(ctx.path)) throw new ForbiddenError(MUST_CHANGE_PASSWORD);
    return session ? userPrincipal(db, session.userId) : null;
  };
}
