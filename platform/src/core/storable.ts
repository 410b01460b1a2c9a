// What the database cannot store, found before anything is written.

/** Where in a JSON value the first key holding the NUL character is (`a.0.b`), or null when none does. */
export function keyWithNul(value: unknown, at: string[] = []): string | null {
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const path = [...at, key];
    if (key.includes('\u0000')) return path.join('.');
    const found = keyWithNul(inner, path);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Why a JSON value that is stored as it is (a run's input, a step's constants) cannot be, or null:
 * BSON keys end at the NUL character, so the driver refuses a key holding one. A NUL inside a
 * string value is stored as it is.
 */
export function unstorable(value: unknown, what: string): string | null {
  const at = keyWithNul(value);
  return at === null ? null : `${what} cannot be stored: its key ${JSON.stringify(at)} holds the NUL character (\\u0000), which no key may`;
}
