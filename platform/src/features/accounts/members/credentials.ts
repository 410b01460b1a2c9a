import type { Types } from 'mongoose';
import { ROLES, roleAtLeast, type Role } from '../../../core/access.ts';
import type { AuthModels } from '../auth/model.ts';
import type { invitationModels } from './model.ts';

type CredentialsDb = Pick<AuthModels, 'apiTokens'> & ReturnType<typeof invitationModels>;

/**
 * What a change of membership did to the credentials the member made in the workspace, for the
 * audit trail: ids, names and roles, never a secret (and keys without the words the trail
 * redacts, such as "token").
 */
export interface CredentialsFollowed {
  /** API tokens revoked (they left) or capped to the new role (a demotion), each with the role it had. */
  apiCredentials: Array<{ id: string; name: string; role: Role }>;
  /** Pending invitations withdrawn, each with its role. */
  invitations: Array<{ id: string; role: Role; email: string | null }>;
}

/**
 * Credentials follow membership: when a member leaves (`role` null) the API tokens and pending
 * invitations they made in the workspace go with them; when they are demoted, their tokens above
 * the new role are capped to it and their invitations above it withdrawn (not capped: the invitee
 * was offered a role, and should not silently join with a weaker one). Called after the
 * membership changed; a token's use re-checks its creator anyway (auth/tokens.ts `findApiToken`),
 * so one made meanwhile never acts beyond them.
 */
export async function credentialsFollowMembership(
  db: CredentialsDb,
  workspace: string,
  userId: Types.ObjectId,
  role: Role | null,
): Promise<CredentialsFollowed> {
  const theirs = {
    workspaceId: workspace,
    createdBy: userId,
    ...(role ? { role: { $in: ROLES.filter((stronger) => !roleAtLeast(role, stronger)) } } : {}),
  };
  const [tokens, invitations] = await Promise.all([
    db.apiTokens.find(theirs, { publicId: 1, name: 1, role: 1 }).sort({ createdAt: 1 }).lean(),
    db.invitations.find(theirs, { publicId: 1, role: 1, email: 1 }).sort({ createdAt: 1 }).lean(),
  ]);
  const tokenIds = { workspaceId: workspace, _id: { $in: tokens.map((token) => token._id) } };
  await Promise.all([
    tokens.length === 0 ? null : role ? db.apiTokens.updateMany(tokenIds, { $set: { role } }) : db.apiTokens.deleteMany(tokenIds),
    invitations.length === 0
      ? null
      : db.invitations.deleteMany({ workspaceId: workspace, _id: { $in: invitations.map((invitation) => invitation._id) } }),
  ]);
  return {
    apiCredentials: tokens.map((token) => ({ id: token.publicId, name: token.name, role: token.role as Role })),
    invitations: invitations.map((invitation) => ({
      id: invitation.publicId,
      role: invitation.role as Role,
      email: invitation.email ?? null,
    })),
  };
}
