/** MongoDB's duplicate-key error code: a unique index refused a second document with the same key. */
export const DUPLICATE_KEY = 11000;

/**
 * True for a duplicate-key error: another attempt (a retry, a concurrent request) wrote the same
 * key first. Idempotent writes treat it as "already done".
 */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;
}
