/** MongoDB's duplicate-key error code: a unique index refused a second document with the same key. */
export const DUPLICATE_KEY = 11000;

/**
 * True for a duplicate-key error: another attempt (a retry, a concurrent request) wrote the same
 * key first. Idempotent writes treat it as "already done".
 */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;
}

/**
 * The positions of a failed bulk write's items refused only because their unique key was already
 * there (a repeat, a concurrent write); null when it was no bulk write error or anything else
 * failed, which is then the caller's to throw. The driver gives one WriteError or a list of them.
 */
export function duplicateKeyIndexes(error: unknown): Set<number> | null {
  const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
  if (writeErrors === undefined || writeErrors === null) return null;
  const list = [writeErrors].flat() as Array<{ index?: number; err?: { index?: number } }>;
  if (list.length === 0 || !list.every(isDuplicateKey)) return null;
  return new Set(list.map((write) => write.index ?? write.err?.index ?? -1));
}
