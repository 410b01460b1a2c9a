import type { Types } from 'mongoose';
import type { AuthModels } from './model.ts';
import { hashSecret, newSecret, TOUCH_EVERY_MS } from './secrets.ts';

/** The session cookie: HttpOnly, SameSite=Lax, Secure over TLS (see routes.ts). */
export const SESSION_COOKIE = 'meetflow_session';

/** How long a session lives: ended after `idleMs` without a request, and `absoluteMs` after sign-in whatever happens. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 24 * 3_600_000, absoluteMs: 7 * 24 * 3_600_000 };

/** Starts a session for the user: returns the token for the cookie (256 random bits), never stored as such. */
export async function createSession(
  db: Pick<AuthModels, 'sessions'>,
  userId: Types.ObjectId,
  now: Date,
  policy: SessionPolicy,
): Promise<string> {
  const token = newSecret();
  await db.sessions.create({
    _id: hashSecret(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.absoluteMs),
  });
  return token;
}

/** The live session a token names, its last-seen time moved on; null for an unknown, ended or idle-expired one (which is deleted). */
export async function findSession(
  db: Pick<AuthModels, 'sessions'>,
  token: string | undefined,
  now: Date,
  policy: SessionPolicy,
): Promise<{ userId: Types.ObjectId } | null> {
  if (!token) return null;
  const id = hashSecret(token);
  const session = await db.sessions.findById(id).lean();
  if (!session) return null;
  if (session.expiresAt <= now || session.lastSeenAt.getTime() + policy.idleMs <= now.getTime()) {
    await db.sessions.deleteOne({ _id: id });
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
    await db.sessions.updateOne({ _id: id }, { $set: { lastSeenAt: now } });
  return { userId: session.userId };
}

/** Ends the session a token names (nothing to do when there is none). */
export async function endSession(db: Pick<AuthModels, 'sessions'>, token: string | undefined): Promise<void> {
  if (token) await db.sessions.deleteOne({ _id: hashSecret(token) });
}
