import type { AuthModels } from './model.ts';
import { hashSecret, newSecret } from './secrets.ts';

/**
 * The device cookie: set at a successful sign-in, it marks a browser that has signed in to an
 * account before, whose later attempts are counted on their own (login-limits.ts). So a stranger's
 * failed guesses slow down only browsers the account has never used, never its owner's.
 * HttpOnly, SameSite=Lax, Secure over TLS; 256 random bits, stored only hashed with the account.
 */
export const DEVICE_COOKIE = 'meetflow_device';

/** A browser stays known to an account this long after its last successful sign-in. */
export const DEVICE_TRUSTED_MS = 180 * 24 * 3_600_000;

const recordKey = (token: string, email: string) => `trusted-device:${hashSecret(`${token}\n${email}`)}`;

/** The name the limits count this browser's attempts on `email` under, when it has signed in to it before; else null. */
export async function knownDevice(
  db: Pick<AuthModels, 'authLimits'>,
  token: string | undefined,
  email: string,
  now: Date,
): Promise<string | null> {
  if (!token) return null;
  const key = recordKey(token, email);
  return (await db.authLimits.exists({ _id: key, expiresAt: { $gt: now } })) ? key.slice('trusted-'.length) : null;
}

/** Records that this browser signed in to `email` (a new cookie token when it has none): answers the token for the cookie. */
export async function trustDevice(
  db: Pick<AuthModels, 'authLimits'>,
  token: string | undefined,
  email: string,
  now: Date,
): Promise<string> {
  const device = token && /^[\w-]{43}$/.test(token) ? token : newSecret();
  const expiresAt = new Date(now.getTime() + DEVICE_TRUSTED_MS);
  await db.authLimits.updateOne({ _id: recordKey(device, email) }, { $set: { expiresAt } }, { upsert: true });
  return device;
}
