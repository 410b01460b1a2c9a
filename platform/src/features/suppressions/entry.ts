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

// Letters, digits and hyphens in labels of at most 63, a top-level label of letters first (at least two).
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])$/;
// The dot-atom local part of RFC 5322 (no quoted strings, no comments).
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_PREFIX = /^\*?@/;

/**
 * The pattern of a stored entry or an address: what the path of DELETE /api/suppressions/{email}
 * must look like (the OpenAPI document shows it). Loose on purpose: {@link parseEntry} decides.
 */
export const ENTRY_PATTERN = /^[^\s@,;<>]*@?[A-Za-z0-9.-]+\.[A-Za-z0-9-]+$/;

const isDomain = (value: string) => DOMAIN.test(value);
const isAddress = (local: string, domain: string) => local.length <= 64 && LOCAL.test(local) && isDomain(domain);

/** The entry `raw` stands for, or why it stands for none (a phrase to follow the entry, e.g. `is not an email address`). */
export function parseEntry(raw: string): SuppressionEntry | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (value === '') return { problem: 'is blank' };
  if (value.length > MAX_ENTRY_LENGTH) return { problem: `is longer than ${MAX_ENTRY_LENGTH} characters` };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return { problem: 'is a web address: write the domain alone, e.g. example.com' };
  if (/[\s,;<>]/.test(value)) return { problem: 'holds spaces, commas or angle brackets: write one address or domain per line' };
  if (DOMAIN_PREFIX.test(value)) {
    const domain = value.replace(DOMAIN_PREFIX, '');
    return isDomain(domain) ? { email: `*@${domain}`, kind: 'domain' } : { problem: 'is not a domain (write it as example.com)' };
  }
  const at = value.lastIndexOf('@');
  if (at >= 0) {
    const [local, domain] = [value.slice(0, at), value.slice(at + 1)];
    return isAddress(local, domain) ? { email: value, kind: 'address' } : { problem: 'is not an email address' };
  }
  if (value.startsWith('*.')) return { problem: 'is a wildcard: write the domain itself (each subdomain is an entry of its own)' };
  return isDomain(value) ? { email: `*@${value}`, kind: 'domain' } : { problem: 'is neither an email address nor a domain' };
}

/** The kind of a stored entry. */
export const kindOf = (email: string): SuppressionEntry['kind'] => (email.startsWith('*@') ? 'domain' : 'address');

/** An entry as a message quotes it: at most 60 characters. */
export const quoted = (raw: string) => {
  const value = raw.trim();
  return `"${value.length > 60 ? `${value.slice(0, 57)}…` : value}"`;
};
