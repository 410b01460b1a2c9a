import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { issueLink, useLink } from './account-links.ts';
import { passwordResetEmail } from './account-mail.ts';
import { sendInBackground, type AccountDeps } from './account-deps.ts';
import { normalEmail, setPassword } from './accounts.ts';

export const RESET_LINK_NOT_VALID =
  'This password-reset link is not valid: it was used already, it expired (after 30 minutes), or it is mistyped. Ask for a new one.';

/** The kind of account email reset links count under (login-limits.ts `mayEmail`). */
const RESET_EMAILS = 'password-reset';

/**
 * Asks for a password reset: when the address has an account, a link (30 minutes, once) goes to
 * it in the background, at most a few an hour. The caller learns nothing either way: the same
 * answer, after the same reads and writes (the email's count is taken for any address).
 * Counted per client address (429).
 */
export async function requestPasswordReset(deps: AccountDeps, input: { email: string }, address: string): Promise<void> {
  const now = deps.now();
  await deps.limits.resetRequest(address, now);
  const email = normalEmail(input.email);
  const may = await deps.limits.mayEmail(RESET_EMAILS, email, now);
  const user = await deps.db.users.findOne({ email }, { email: 1 }).lean();
  if (!user || !may.allowed) return;
  const token = await issueLink(deps.db, 'password-reset', user, now);
  sendInBackground(deps, passwordResetEmail(deps.publicUrl, user.email, token));
}

/**
 * Sets a new password with a reset link: the link is used up (atomically: it works once), every
 * other reset link and every session of the user ends, the account's failed sign-ins are
 * forgotten, and the address counts as verified (the link reached it). An unknown, used or
 * expired link is a 422.
 */
export async function completePasswordReset(deps: AccountDeps, input: { token: string; password: string }): Promise<{ email: string }> {
  const now = deps.now();
  const link = await useLink(deps.db, 'password-reset', input.token, now);
  const user = link && (await deps.db.users.findOne({ _id: link.userId, email: link.email }, { email: 1 }).lean());
  if (!user) throw new UnprocessableError(RESET_LINK_NOT_VALID);
  await setPassword(deps.db, user._id, input.password);
  await deps.db.users.updateOne({ _id: user._id, emailVerifiedAt: null }, { $set: { emailVerifiedAt: now } });
  await deps.limits.clearAccount(user.email);
  return { email: user.email };
}
