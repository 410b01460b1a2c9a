// Deterministic variety: the same prospect always gets the same phrasing, different prospects
// get different phrasings, and nothing depends on Math.random or the time.

/** FNV-1a, 32 bits: small, fast and stable across runs and machines. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * FNV-1a with MurmurHash3's finaliser over it: FNV-1a's low bits follow the low bits of the
 * characters alone, so for similar texts (one campaign's addresses) `hash % 3` piles onto one
 * value; the finaliser spreads every input bit over every output bit.
 */
export function mixedHash(text: string): number {
  let hash = fnv1a(text);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Picks one of `options` by a hash of the prospect's email and the slot being filled. */
export function pickVariant<T>(options: readonly T[], email: string, slot: string): T {
  if (options.length === 0) throw new Error(`no phrasing for slot "${slot}"`);
  return options[mixedHash(`${email.trim().toLowerCase()}|${slot}`) % options.length] as T;
}

/** Replaces {name} slots; a slot without a value is a bug in the copy, so it throws. */
export function fillSlots(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`copy uses unknown slot {${name}}`);
    return value;
  });
}

/** A fact value or sender phrase ready to sit inside a sentence: trimmed, without its final full stop. */
export function inline(text: string): string {
  return text.trim().replace(/[.。]+$/, '');
}

/** "Acme" → "Acme's", "Northwind Analytics" → "Northwind Analytics'". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

// Words that may open a user's phrase and read fine in lower case mid-sentence ("Books meetings" → "books meetings").
const LOWERABLE = /^(?:[A-Z][a-z]+)(?=\s|$)/;

/**
 * A user phrase ready to follow other words: inline, and its first word lower-cased when it is
 * an ordinary capitalised word. Names and acronyms ("HubSpot", "SDR", "Acme") cannot be told
 * from ordinary words here, so `keep` lists the names that must keep their capital.
 */
export function midSentence(text: string, keep: readonly string[] = []): string {
  const phrase = inline(text);
  const first = LOWERABLE.exec(phrase)?.[0];
  if (!first || keep.some((name) => name.split(/\s+/)[0] === first)) return phrase;
  return first.toLowerCase() + phrase.slice(first.length);
}

/** The first letter in upper case, for a phrase that now opens a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The text as a regular expression matching it literally (names may hold dots, plus signs, brackets). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
