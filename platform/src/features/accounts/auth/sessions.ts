import type { Types } from 'mongoose';
import type { AuthModels } from './model.ts';
import { hashSecret, newSecret, TOUCH_EVERY_MS } from './secrets.ts';

/** The session cookie: HttpOnly, SameSite=Lax, Secure over TLS (see routes.ts). */
export const SESSION_COOKIE = 'meetflow_session';

/** What a session whose user must set a new password (the demo owner's first) may still call: anything else is a 403 saying so. */
export const WHILE_PASSWORD_MUST_CHANGE = new Set(['/api/auth/password', '/api/auth/me', '/api/auth/logout']);
export const MUST_CHANGE_PASSWORD =
  'Set a new password first: this account signed in with a one-time password (POST /api/auth/password, or the page the app opens).';

/** How long a session lives: ended after `idleMs` without a request, and `absoluteMs` after sign-in whatever happens. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 24 * 3_600_000, absoluteMs: 7 * 24 * 3_600_000 };

/**
 * Starts a session for the user: returns the token for the cookie (256 random bits), never stored
 * as such. `mustChangePassword` (the user's flag) confines it to setting a new password.
 */
export async function createSession(
  db: Pick<AuthModels, 'sessions'>,
  userId: Types.ObjectId,
  now: Date,
  policy: SessionPolicy,
  mustChangePassword = false,
): Promise<string> {
  const token = newSecret();
  await db.sessions.create({
    _id: hashSecret(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.absoluteMs),
    mustChangePassword,
  });
  return token;
}

/** The live session a token names, its last-seen time moved on; null for an unknown, ended or idle-expired one (which is deleted). */
export async function findSession(
  db: Pick<AuthModels, 'sessions'>,
  token: string | undefined,
  now: Date,
  policy: SessionPolicy,
): Promise<{ userId: Types.ObjectId; mustChangePassword: boolean } | null> {
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
  return { userId: session.userId, mustChangePassword: session.mustChangePassword === true };
}

/** Ends the session a token names (nothing to do when there is none). */
export async function endSession(db: Pick<AuthModels, 'sessions'>, token: string | undefined): Promise<void> {
  if (token) await db.sessions.deleteOne({ _id: hashSecret(token) });
}

/** Ends every session of the user (their password changed: whoever held one must sign in with the new one). */
export async function endUserSessions(db: Pick<AuthModels, 'sessions'>, userId: Types.ObjectId): Promise<void> {
  await db.sessions.deleteMany({ userId });
}
