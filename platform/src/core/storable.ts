// What the database cannot store, refused before anything is written.
import { UnprocessableError } from './http/unprocessable.ts';

/** Where in a JSON value the first key holding the NUL character is (`a.0.b`), or null when none does. */
function keyWithNul(value: unknown, at: string[] = []): string | null {
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
 * Refuses (422, naming the key) a JSON value that is stored as it is (a run's input, a step's
 * constants) and cannot be: BSON keys end at the NUL character, so the driver refuses a key
 * holding one. A NUL inside a string value is stored as it is. `what` names the value.
 */
export function assertStorable(value: unknown, what: string): void {
  const at = keyWithNul(value);
  if (at !== null) {
    throw new UnprocessableError(
      `${what} cannot be stored: its key ${JSON.stringify(at)} holds the NUL character (\\u0000), which no key may`,
    );
  }
}
