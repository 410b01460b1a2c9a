import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets the API hands out (session cookies, API tokens, invitation links) are 256 random
 * bits, shown once and stored only as their SHA-256: a copy of the database lets no one in.
 */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** The stored form of a secret: its SHA-256, hex. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The name of a stored secret in the API (revoking, listing): the first 16 hex characters of its hash, useless to sign in with. */
export const publicIdOf = (hash: string): string => hash.slice(0, 16);

/** A secret's last-used time is written at most this often, not on every request. */
export const TOUCH_EVERY_MS = 60_000;
