import { ACROSS_WORKSPACES, isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Types } from 'mongoose';
import type { z } from 'zod';
import { ConflictError, UnauthorizedError } from '../../core/errors.ts';
import type { WorkspaceModel } from '../workspaces/model.ts';
import { createWorkspace } from '../workspaces/workspaces.ts';
import type { AccountViewSchema } from './api-schemas.ts';
import type { LoginLimits } from './login-limits.ts';
import type { AuthModels, Role } from './model.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** What accounts are stored in. */
export type AccountsDb = AuthModels & { workspaces: WorkspaceModel };

/** A signed-in user as the API shows them: never the password or its hash. */
export type AccountView = z.infer<typeof AccountViewSchema>;

/** The one answer for an unknown email and a wrong password, so neither says which accounts exist. */
export const WRONG_CREDENTIALS = 'The email or password is wrong.';

/** The user and the workspaces they belong to, with their role in each. */
export async function accountView(db: AccountsDb, userId: Types.ObjectId): Promise<AccountView | null> {
  const user = await db.users.findById(userId).lean();
  if (!user) return null;
  // A user's memberships span workspaces by definition.
  const memberships = await db.memberships.find({ userId }, null, ACROSS_WORKSPACES).sort({ createdAt: 1 }).lean();
  const workspaces = await db.workspaces.find({ slug: { $in: memberships.map((membership) => membership.workspaceId) } }).lean();
  const nameOf = new Map(workspaces.map((workspace) => [workspace.slug, workspace.name]));
  return {
    user: { id: String(user._id), email: user.email, name: user.name },
    workspaces: memberships.map((membership) => ({
      slug: membership.workspaceId,
      name: nameOf.get(membership.workspaceId) ?? membership.workspaceId,
      role: membership.role as Role,
    })),
  };
}

/** A new account and its own new workspace, the user its owner. A second account with the email is refused (409). */
export async function signUp(
  db: AccountsDb,
  input: { email: string; password: string; name: string; workspaceName?: string | undefined },
): Promise<Types.ObjectId> {
  const passwordHash = await hashPassword(input.password);
  let userId: Types.ObjectId;
  try {
    userId = (await db.users.create({ email: input.email, name: input.name, passwordHash }))._id;
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError('An account with this email already exists: sign in instead.');
    throw error;
  }
  await createWorkspace(db, userId, { name: input.workspaceName ?? `${input.name}'s workspace` });
  return userId;
}

/**
 * The user whose email and password these are. Unknown email and wrong password give the same
 * 401 after the same work; failures count against the account and the address (429 past the limit).
 */
export async function logIn(
  db: AccountsDb,
  limits: LoginLimits,
  input: { email: string; password: string },
  address: string,
): Promise<Types.ObjectId> {
  const email = input.email.trim().toLowerCase();
  await limits.check(email, address);
  const user = await db.users.findOne({ email }, { passwordHash: 1 }).lean();
  const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !matches) {
    await limits.failed(email, address);
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  }
  await limits.succeeded(email);
  await db.users.updateOne({ _id: user._id }, { $set: { lastSignInAt: new Date() } });
  return user._id;
}
