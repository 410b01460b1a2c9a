import type { Types } from 'mongoose';
import type { AuthModels } from './model.ts';
import { hashSecret, newSecret } from './secrets.ts';

/** What an emailed link proves, and how long it works. */
export type LinkPurpose = 'password-reset' | 'email-verification';

/**
 * A reset link works 30 minutes (it sets a password: short, as OWASP advises); a verification
 * link 24 hours (it proves only the address, and may wait in an inbox overnight).
 */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  'password-reset': 30 * 60_000,
  'email-verification': 24 * 3_600_000,
};

/** Makes a single-use link token for the user's address: answers the token (for the email), stored only as its hash. */
export async function issueLink(
  db: Pick<AuthModels, 'accountLinks'>,
  purpose: LinkPurpose,
  user: { _id: Types.ObjectId; email: string },
  now: Date,
): Promise<string> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
  await db.accountLinks.create({ _id: hashSecret(token), purpose, userId: user._id, email: user.email, expiresAt });
  return token;
}

/**
 * Uses a link: the user and address it was made for, or null for one that is unknown, used,
 * expired or made for another purpose. Taken atomically (deleted as it is read), so a link works
 * once even when followed twice at the same moment, from two API processes.
 */
export async function useLink(
  db: Pick<AuthModels, 'accountLinks'>,
  purpose: LinkPurpose,
  token: string,
  now: Date,
): Promise<{ userId: Types.ObjectId; email: string } | null> {
  const taken = await db.accountLinks.findOneAndDelete({ _id: hashSecret(token), purpose, expiresAt: { $gt: now } }).lean();
  return taken ? { userId: taken.userId, email: taken.email } : null;
}

/** Withdraws the user's other links of a purpose (a reset done: the rest of its emails stop working). */
export async function dropLinks(db: Pick<AuthModels, 'accountLinks'>, purpose: LinkPurpose, userId: Types.ObjectId): Promise<void> {
  await db.accountLinks.deleteMany({ userId, purpose });
}
