import type { Fact } from '@meetflow/plugin-sdk';
import type { OutreachProspect, Sender } from './schemas.ts';

// Words that appear in facts but say nothing specific on their own ("Uses", "team", "customers").
const GENERIC_WORDS = new Set([
  'about',
  'after',
  'also',
  'based',
  'been',
  'being',
  'build',
  'builds',
  'built',
  'company',
  'customer',
  'customers',
  'deliver',
  'every',
  'from',
  'funding',
  'growing',
  'growth',
  'have',
  'help',
  'helps',
  'hiring',
  'into',
  'just',
  'like',
  'many',
  'more',
  'most',
  'need',
  'needs',
  'only',
  'over',
  'people',
  'platform',
  'product',
  'products',
  'round',
  'sales',
  'service',
  'services',
  'some',
  'team',
  'teams',
  'than',
  'that',
  'their',
  'them',
  'they',
  'this',
  'through',
  'time',
  'today',
  'used',
  'uses',
  'using',
  'very',
  'what',
  'when',
  'which',
  'while',
  'with',
  'work',
  'works',
  'year',
  'years',
  'your',
]);

// Letters and digits split apart, so "$40M" gives "40" and "m" and matches "40 million".
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1$2')
    .match(/[a-z]+|\d+/g) ?? [];

/**
 * The words and numbers of a fact that would give it away: numbers of two or more digits and
 * words of four or more letters, minus generic words and those the email may use anyway
 * (the prospect's and sender's names, titles and offer).
 */
export function telltales(fact: Fact, allowed: ReadonlySet<string>): string[] {
  return [...new Set(words(fact.value))].filter((word) =>
    /^\d+$/.test(word) ? word.length >= 2 : word.length >= 4 && !GENERIC_WORDS.has(word) && !allowed.has(word),
  );
}

/** Words any sentence may contain: from the prospect record and the sender. */
export function allowedWords(prospect: OutreachProspect, sender: Sender): Set<string> {
  return new Set(
    words(
      [
        prospect.firstName,
        prospect.lastName,
        prospect.jobTitle,
        prospect.company,
        sender.name,
        sender.company,
        sender.valueProposition,
      ].join(' '),
    ),
  );
}

/**
 * The first uncited claim in a text: a telltale word of a fact the text does not cite.
 * Returns a readable reason, or null when the text is clean.
 */
export function uncitedClaim(
  text: string,
  citedIds: readonly string[],
  facts: readonly Fact[],
  allowed: ReadonlySet<string>,
): string | null {
  const present = new Set(words(text));
  // Words of the cited facts are backed, even when another fact shares them ("Berlin").
  const backed = new Set([...allowed, ...facts.filter((fact) => citedIds.includes(fact.id)).flatMap((fact) => words(fact.value))]);
  for (const fact of facts) {
    if (citedIds.includes(fact.id)) continue;
    const giveaway = telltales(fact, backed).find((word) => present.has(word));
    if (giveaway) return `"${text}" mentions "${giveaway}" from fact ${fact.id} without citing it`;
  }
  return null;
}

/**
 * A number in a citing sentence that none of its cited facts holds ("$100M" citing a "$40M"
 * fact): the sentence claims more than its evidence. Durations ("15-minute call") and numbers
 * from the prospect record or the sender are fine. Returns a readable reason, or null.
 */
export function unsupportedNumber(
  text: string,
  citedIds: readonly string[],
  facts: readonly Fact[],
  allowed: ReadonlySet<string>,
): string | null {
  if (citedIds.length === 0) return null;
  const backed = new Set(facts.filter((fact) => citedIds.includes(fact.id)).flatMap((fact) => words(fact.value)));
  const clean = text
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1$2')
    .replace(/\b\d+[\s-]*(minutes?|mins?)\b/g, '');
  const number = (clean.match(/\d+/g) ?? []).find((digits) => digits.length >= 2 && !backed.has(digits) && !allowed.has(digits));
  return number ? `"${text}" states ${number}, which its cited facts (${citedIds.join(', ')}) do not hold` : null;
}
