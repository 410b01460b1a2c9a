import { z } from 'zod';

// Strings of request schemas whose OpenAPI rendering says exactly what the route accepts: a
// check the document cannot show (a trim before a length, a refinement) would make the route
// refuse values its document allows. Each check here is one the document states.

/** What String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator), spelt out so every regex engine reads it alike. */
const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** Holds a character that trimming keeps. */
export const NOT_BLANK = new RegExp(`[^${TRIMMED}]`);

/**
 * Text that is not blank, at most `max` characters as sent (the document's maxLength and
 * pattern), then trimmed: `"  Ada "` is read as `"Ada"`, `"   "` is refused.
 */
export function nonBlank(max: number, message = 'must not be blank', maxMessage = `must be at most ${max} characters`) {
  return z.string().max(max, maxMessage).regex(NOT_BLANK, message).trim();
}

/**
 * Within RFC 5321's limits, which the document's `format: email` states (and JSON Schema
 * validators check) but zod's email pattern does not: a local part of at most 64 characters,
 * domain labels of at most 63 that neither end in a hyphen nor hold one at their 3rd and 4th
 * characters (reserved for IDNA's `xn--`).
 */
export function withinEmailLimits(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return address
    .slice(at + 1)
    .split('.')
    .every((label) => label.length <= 63 && !label.endsWith('-') && label.slice(2, 4) !== '--');
}

/** An email address as sent (no surrounding spaces), at most 254 characters: zod's pattern and RFC 5321's limits (`format: email`). */
export function emailAddress(message = 'must be an email address') {
  return z.email(message).max(254, 'must be at most 254 characters').refine(withinEmailLimits, message);
}
