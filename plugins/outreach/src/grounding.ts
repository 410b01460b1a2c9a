import type { Fact } from '@meetflow/plugin-sdk';

// Capitalised words that say nothing specific: sentence openers and function words. Any other
// capitalised word is treated as a name (a person, company, product, place or technology).
const COMMON = new Set(
  (
    'a about after again all also an and another any are as ask at back be because before being best beyond but by can ' +
    'cheers circling closing congrats congratulations could dear do does either even every ever few following for from ' +
    'getting given glad good great growing happy hard having he hello her here hey hi his hope how i if in instead is it ' +
    'its just kind landing last let like looks many may maybe me more most much my new next nice no not noticed now of ok ' +
    'on once one open or other our out over perhaps quick question quite rather re really regards right same saw selling ' +
    'serving she short should simple since so some sorry still sure take teams thanks that the their them then there these ' +
    'they this those though time to today together too tools understood up us very was we well were what when where which ' +
    'while who why will winning with without worth would yes yet you your results recap beyond growing every dear sincerely ' +
    'warm warmly apologies another hello idea closing before one might'
  ).split(' '),
);

// Events, and the kinds of fact that back each. A sentence may mention one only when it cites a
// fact of that kind, or a fact or the offer uses the word itself.
const EVENTS: Array<{ pattern: RegExp; kinds: string[] }> = [
  { pattern: /\b(?:rais(?:e|ed|es|ing)|funding|funded|investors?|backed|rounds?)\b/i, kinds: ['funding'] },
  { pattern: /\b(?:hiring|hires?|hired|headcount|recruiting)\b/i, kinds: ['hiring', 'employees'] },
  { pattern: /\b(?:launch(?:ed|es|ing)?|released?)\b/i, kinds: ['product'] },
  { pattern: /\b(?:acquisitions?|acquired|mergers?|merged|ipo)\b/i, kinds: [] },
  { pattern: /\b(?:offices?|headquartered|headquarters|expansion|expanding)\b/i, kinds: ['location'] },
  { pattern: /\bfounded\b/i, kinds: ['founded'] },
];

const isEvent = (word: string) => EVENTS.some(({ pattern }) => pattern.test(word));

/** Lower-case words (of any script) and digit runs of a text ("1,200" → "1200", "$40M" → "40", "m"). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/(\d),(\d)/g, '$1$2')
      .match(/\p{L}+|\d+/gu) ?? []
  );
}

/**
 * The specific claims in a text: numbers and names. A name is a capitalised word (or one with
 * capitals inside, "HubSpot") that is not a common opener or function word; possessives and
 * contractions are cut at the apostrophe.
 */
export function specificTokens(text: string): string[] {
  const numbers = text.replace(/(\d),(\d)/g, '$1$2').match(/\d+/g) ?? [];
  // Letters of any script, so "Österreich", "Ørsted" and "Škoda" are names as "Acme" is.
  const names = (text.match(/(?<![\p{L}\p{N}])\p{L}[\p{L}\p{N}&-]*(?:['’]\p{Ll}+)?/gu) ?? [])
    .map((word) => word.replace(/['’].*$/, ''))
    // Capitalised events ("Hiring at Acme") are judged as events, below, not as names.
    .filter((word) => /\p{Lu}/u.test(word) && word.length > 1 && !COMMON.has(word.toLowerCase()) && !isEvent(word));
  return [...new Set([...numbers, ...names.map((word) => word.toLowerCase())])];
}

/** Where a sentence's claims may come from: the facts it cites, and text any sentence may use. */
export interface ClaimSources {
  facts: ReadonlyMap<string, Fact>;
  /** The offer, the prospect record and the signature: the only other things copy may name. */
  shared: string;
}

/** The words of the text any sentence may use, read once per set of sources, not once per sentence (its `shared` checked each time). */
const sharedWordsOf = new WeakMap<ClaimSources, { shared: string; words: ReadonlySet<string> }>();

function sharedWords(sources: ClaimSources): ReadonlySet<string> {
  let read = sharedWordsOf.get(sources);
  if (read?.shared !== sources.shared) {
    read = { shared: sources.shared, words: new Set(wordsOf(sources.shared)) };
    sharedWordsOf.set(sources, read);
  }
  return read.words;
}

/**
 * What in a sentence is not traceable: a fact id that does not exist, a number or name found
 * neither in its cited facts (value and evidence) nor in the shared text, and an event
 * ("raised", "hiring") stated without citing a fact. Each reason quotes the sentence.
 */
export function untracedClaims(text: string, factIds: readonly string[], sources: ClaimSources): string[] {
  const unknown = factIds.filter((id) => !sources.facts.has(id));
  if (unknown.length > 0) return [`"${text}" cites ${unknown.join(', ')}, which no research fact is`];
  const cited = factIds.map((id) => sources.facts.get(id)!);
  const shared = sharedWords(sources);
  const citedWords = new Set(wordsOf(cited.flatMap((fact) => [fact.value, fact.evidence.snippet]).join('\n')));
  const backed = { has: (word: string) => shared.has(word) || citedWords.has(word) };
  const reasons = specificTokens(text)
    .filter((token) => !wordsOf(token).every((word) => backed.has(word)))
    .map((token) => `"${text}" says "${token}", which neither its cited facts nor the offer hold`);
  for (const { pattern, kinds } of EVENTS) {
    const event = pattern.exec(text)?.[0]?.toLowerCase();
    if (!event || backed.has(event) || cited.some((fact) => kinds.includes(fact.kind))) continue;
    reasons.push(`"${text}" mentions "${event}" without citing a fact that says so`);
  }
  return reasons;
}
