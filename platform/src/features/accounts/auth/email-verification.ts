import type { Types } from 'mongoose';
import { ConflictError, ServiceUnavailableError, TooManyRequestsError, UnauthorizedError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { issueLink, useLink } from './account-links.ts';
import { verificationEmail } from './account-mail.ts';
import { sendInBackground, type AccountDeps } from './account-deps.ts';

/** The kind of account email the sign-up's answers and the verification links count under (login-limits.ts `mayEmail`). */
export const VERIFICATION_EMAILS = 'verification';

export const VERIFICATION_LINK_NOT_VALID =
  'This verification link is not valid: it was used already, it expired (after 24 hours), or it is mistyped. Sign in and ask for a new one.';

/** Emails the user a verification link for their address (24 hours, once), unless the hourly number of them is reached; answers whether it went. */
export async function sendVerification(
  deps: AccountDeps,
  user: { _id: Types.ObjectId; email: string; name: string },
  now: Date,
): Promise<{ sent: boolean; waitMs: number }> {
  const may = await deps.limits.mayEmail(VERIFICATION_EMAILS, user.email, now);
  if (!may.allowed) return { sent: false, waitMs: may.waitMs };
  const token = await issueLink(deps.db, 'email-verification', user, now);
  sendInBackground(deps, verificationEmail(deps.publicUrl, user.email, user.name, token));
  return { sent: true, waitMs: 0 };
}

/**
 * Sends the signed-in user a new verification link: a 409 when the address is verified already,
 * a 503 when this server sends no email, a 429 past the hourly number of them.
 */
export async function resendVerification(deps: AccountDeps, userId: Types.ObjectId): Promise<{ email: string }> {
  const user = await deps.db.users.findById(userId, { email: 1, name: 1, emailVerifiedAt: 1 }).lean();
  if (!user) throw new UnauthorizedError('Not signed in.');
  if (user.emailVerifiedAt) throw new ConflictError(`${user.email} is verified already.`);
  if (!deps.mail.configured)
    throw new ServiceUnavailableError(
      'This server sends no email (MEETFLOW_SYSTEM_MAIL_URL is not set), so it cannot verify addresses. Ask its operator.',
    );
  const { sent, waitMs } = await sendVerification(deps, user, deps.now());
  if (!sent)
    throw new TooManyRequestsError(
      'Three verification emails went to this address in the last hour: look for them (and in the spam folder), or ask again later.',
      Math.max(1, Math.ceil(waitMs / 1000)),
    );
  return { email: user.email };
}

/** Follows a verification link: the address it was sent to is the user's, proven (a used, expired or unknown link is a 422). */
export async function verifyEmail(deps: Pick<AccountDeps, 'db' | 'now'>, token: string): Promise<{ email: string }> {
  const now = deps.now();
  const link = await useLink(deps.db, 'email-verification', token, now);
  if (!link) throw new UnprocessableError(VERIFICATION_LINK_NOT_VALID);
  // Only while the account still has that address; an earlier verification stays as it was.
  await deps.db.users.updateOne({ _id: link.userId, email: link.email, emailVerifiedAt: null }, { $set: { emailVerifiedAt: now } });
  return { email: link.email };
}
