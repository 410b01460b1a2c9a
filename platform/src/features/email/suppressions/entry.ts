/**
 * What a person may type as a suppression list entry, and how it is stored: an email address
 * (lowercased), or a whole domain written `example.com`, `@example.com` or `*@example.com`,
 * stored `*@example.com` (the form the send activity looks up, sending/suppression.ts).
 */

/** An entry as stored, and whether it stands for one address or a whole domain. */
export interface SuppressionEntry {
  email: string;
  kind: 'address' | 'domain';
}

/** Longer than any address (RFC 5321: 254) with room for the `*@` of a domain. */
export const MAX_ENTRY_LENGTH = 320;

// Letters, digits and hyphens in labels of at most 63, a top-level label of a letter first (at least two).
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN = `(?:${LABEL}\\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])`;
// The dot-atom local part of RFC 5322 (no quoted strings, no comments).
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL = `${ATOM}(?:\\.${ATOM})*`;
/** What String.prototype.trim removes, spelt out so that every regex engine reads the pattern alike. */
const SPACE = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]*';

/**
 * Exactly the entries the list takes, in any case and with white space around them (trimmed):
 * an address, or a domain written example.com, @example.com or *@example.com. The OpenAPI
 * document shows it, so a client knows what is refused before sending it. Plainly regular (no
 * look-ahead), so the limits of RFC 5321 on the local part and the whole domain are left to
 * {@link MAX_ENTRY_LENGTH}: an address past them cannot receive mail, and suppressing it is harmless.
 */
export const ENTRY_PATTERN = new RegExp(`^${SPACE}(?:(?:\\*?@)?${DOMAIN}|${LOCAL}@${DOMAIN})${SPACE}$`);

const DOMAIN_PREFIX = /^\*?@/;

/** The entry `raw` stands for, or why it stands for none (a phrase to follow the entry, e.g. `is not an email address`). */
export function parseEntry(raw: string): SuppressionEntry | { problem: string } {
  if (raw.length > MAX_ENTRY_LENGTH) return { problem: `is longer than ${MAX_ENTRY_LENGTH} characters` };
  const value = raw.trim().toLowerCase();
  if (ENTRY_PATTERN.test(raw)) {
    if (DOMAIN_PREFIX.test(value)) return { email: `*@${value.replace(DOMAIN_PREFIX, '')}`, kind: 'domain' };
    return value.includes('@') ? { email: value, kind: 'address' } : { email: `*@${value}`, kind: 'domain' };
  }
  // Refused: say why in the words of what was written.
  if (value === '') return { problem: 'is blank' };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return { problem: 'is a web address: write the domain alone, e.g. example.com' };
  if (/[\s,;<>]/.test(value)) return { problem: 'holds spaces, commas or angle brackets: write one address or domain per line' };
  if (DOMAIN_PREFIX.test(value)) return { problem: 'is not a domain (write it as example.com)' };
  if (value.includes('@')) return { problem: 'is not an email address' };
  if (value.startsWith('*.')) return { problem: 'is a wildcard: write the domain itself (each subdomain is an entry of its own)' };
  return { problem: 'is neither an email address nor a domain' };
}

/** The kind of a stored entry. */
export const kindOf = (email: string): SuppressionEntry['kind'] => (email.startsWith('*@') ? 'domain' : 'address');

/** An entry as a message quotes it: at most 60 characters. */
export const quoted = (raw: string) => {
  const value = raw.trim();
  return `"${value.length > 60 ? `${value.slice(0, 57)}…` : value}"`;
};
