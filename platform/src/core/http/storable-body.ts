import type { Middleware } from 'koa';
import { UnprocessableError } from './unprocessable.ts';

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
 * Refuses a JSON body the database cannot store, before any route writes part of it: a key with
 * the NUL character in it (BSON keys end at NUL, so the driver throws and the request would be a
 * 500, or leave the records written before it). Such a body is valid JSON and may fit a route's
 * schema (run inputs, settings, constants take any object), so it is a 422 naming where the key
 * is; a NUL inside a string value is stored as it is.
 */
export function storableBody(): Middleware {
  return async (ctx, next) => {
    const at = keyWithNul((ctx.request as { body?: unknown }).body);
    if (at !== null) {
      throw new UnprocessableError(
        `The request body cannot be stored: the key at ${JSON.stringify(at)} holds the NUL character (\\u0000), which no key may`,
      );
    }
    await next();
  };
}

/** The body parser's refusal of a key that would set an object's prototype (`__proto__`, `constructor.prototype`). */
export const PROTOTYPE_KEY = /forbidden prototype property/i;
