import { ACROSS_WORKSPACES, isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Types } from 'mongoose';
import type { z } from 'zod';
import { UnauthorizedError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { createWorkspace } from '../workspaces/workspaces.ts';
import { dropLinks } from './account-links.ts';
import { alreadyRegisteredEmail } from './account-mail.ts';
import { sendInBackground, type AccountDeps, type AccountsDb } from './account-deps.ts';
import type { AccountViewSchema } from './api-schemas.ts';
import { sendVerification, VERIFICATION_EMAILS } from './email-verification.ts';
import type { Role } from './model.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endUserSessions } from './sessions.ts';
import { knownDevice, trustDevice } from './trusted-devices.ts';

export type { AccountDeps, AccountsDb } from './account-deps.ts';

/** A signed-in user as the API shows them: never the password or its hash. */
export type AccountView = z.infer<typeof AccountViewSchema>;

/** The one answer for an unknown email and a wrong password, so neither says which accounts exist. */
export const WRONG_CREDENTIALS = 'The email or password is wrong.';

/** Emails are stored lowercase (model.ts), so every lookup folds case the same way. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** The user and the workspaces they belong to, with their role in each. */
export async function accountView(db: AccountsDb, userId: Types.ObjectId): Promise<AccountView | null> {
  const user = await db.users.findById(userId).lean();
  if (!user) return null;
  // A user's memberships span workspaces by definition.
  const memberships = await db.memberships.find({ userId }, null, ACROSS_WORKSPACES).sort({ createdAt: 1 }).lean();
  const workspaces = await db.workspaces.find({ slug: { $in: memberships.map((membership) => membership.workspaceId) } }).lean();
  const nameOf = new Map(workspaces.map((workspace) => [workspace.slug, workspace.name]));
  return {
    user: {
      id: String(user._id),
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerifiedAt != null,
      mustChangePassword: user.mustChangePassword === true,
    },
    workspaces: memberships.map((membership) => ({
      slug: membership.workspaceId,
      name: nameOf.get(membership.workspaceId) ?? membership.workspaceId,
      role: membership.role as Role,
    })),
  };
}

/**
 * A sign-up: for a new email, an account and its own new workspace (the user its owner) and an
 * email with the verification link; for an email that has an account already, nothing but an
 * email saying so. Both answer alike (nothing returned; the emails go out in the background), so
 * a sign-up never tells whether an address has an account. Counted per client address (429).
 */
export async function signUp(
  deps: AccountDeps,
  input: { email: string; password: string; name: string; workspaceName?: string | undefined },
  address: string,
): Promise<void> {
  const now = deps.now();
  await deps.limits.signUp(address, now);
  const email = normalEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  let user;
  try {
    user = await deps.db.users.create({ email, name: input.name, passwordHash });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    if ((await deps.limits.mayEmail(VERIFICATION_EMAILS, email, now)).allowed)
      sendInBackground(deps, alreadyRegisteredEmail(deps.publicUrl, email));
    return;
  }
  await createWorkspace(deps.db, user._id, { name: input.workspaceName ?? `${input.name}'s workspace` });
  await sendVerification(deps, user, now);
}

/** A successful sign-in: who, whether they must set a new password first, and this browser's device token (for its cookie). */
export interface SignedIn {
  userId: Types.ObjectId;
  mustChangePassword: boolean;
  deviceToken: string;
}

/**
 * The user whose email and password these are. Unknown email and wrong password give the same
 * 401 after the same work. Each attempt is counted first (login-limits.ts): past an account's
 * free failures the next must wait (429), unless this browser (`deviceToken`) has signed in to
 * it before and counts on its own; failures also count against the client address.
 */
export async function logIn(
  deps: Pick<AccountDeps, 'db' | 'limits' | 'now'>,
  input: { email: string; password: string },
  address: string,
  deviceToken?: string,
): Promise<SignedIn> {
  const email = normalEmail(input.email);
  const now = deps.now();
  const attempt = await deps.limits.attempt(email, address, now, await knownDevice(deps.db, deviceToken, email, now));
  const user = await deps.db.users.findOne({ email }, { passwordHash: 1, mustChangePassword: 1 }).lean();
  const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !matches) throw new UnauthorizedError(WRONG_CREDENTIALS);
  await attempt.succeeded();
  await deps.db.users.updateOne({ _id: user._id }, { $set: { lastSignInAt: now } });
  return {
    userId: user._id,
    mustChangePassword: user.mustChangePassword === true,
    deviceToken: await trustDevice(deps.db, deviceToken, email, now),
  };
}

/**
 * Stores a new password for the user: its hash, the end of any obligation to change it, every
 * outstanding reset link withdrawn and every session ended (whoever held one signs in again).
 */
export async function setPassword(db: AccountsDb, userId: Types.ObjectId, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.users.updateOne({ _id: userId }, { $set: { passwordHash, mustChangePassword: false } });
  await dropLinks(db, 'password-reset', userId);
  await endUserSessions(db, userId);
}

/**
 * Changes the signed-in user's password, given the current one (checked and counted as a
 * sign-in attempt is, so a borrowed session cannot guess it); every session ends, the caller's
 * included (the route starts a fresh one). A wrong current password or an unchanged one is a 422.
 */
export async function changePassword(
  deps: AccountDeps,
  userId: Types.ObjectId,
  input: { currentPassword: string; newPassword: string },
  address: string,
  deviceToken?: string,
): Promise<void> {
  const now = deps.now();
  const user = await deps.db.users.findById(userId, { email: 1, passwordHash: 1 }).lean();
  if (!user) throw new UnauthorizedError('Not signed in.');
  const attempt = await deps.limits.attempt(user.email, address, now, await knownDevice(deps.db, deviceToken, user.email, now));
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new UnprocessableError('The current password is wrong.', { currentPassword: 'is not your current password' });
  await attempt.succeeded();
  if (input.newPassword === input.currentPassword)
    throw new UnprocessableError('The new password must differ from the current one.', {
      newPassword: 'must differ from your current password',
    });
  await setPassword(deps.db, user._id, input.newPassword);
}
