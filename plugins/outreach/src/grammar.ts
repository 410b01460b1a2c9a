import type { Offer } from './offer.ts';
import { BoundedCache } from './bounded-cache.ts';
import { appearances, readPhrase, STAND_INS, standalone, termsOf, type Phrase, type Term } from './phrasing.ts';
import { escapeRegExp } from './variety.ts';

// The grammar gate: judges the frame around each phrase the user typed. Every appearance of an
// offer phrase in a sentence (as typed or as the writer rewrote it) is replaced by a stand-in of
// the same form ("the backlog grows" for a clause), so the tagger reads only plain words; the
// skeleton is then split into clauses at commas and connectives, and each clause may hold one
// finite verb. A connective ("so", "because") must be followed by a subject and its verb, and
// none may be said twice in one sentence.

/** The user's phrases of an offer, read once. */
export function offerPhrases(offer: Offer): Phrase[] {
  return [
    readPhrase(offer.oneLiner, offer.companyName),
    ...offer.valueProps.flatMap((prop) => [readPhrase(prop.pain), readPhrase(prop.value)]),
    ...offer.proofPoints.map((proof) => readPhrase(proof.text)),
  ];
}

// Words that open a new clause: the verb count starts again after them.
const CLAUSE_BREAK =
  /\b(?:that|which|who|whom|whose|what|how|when|where|whether|why|if|while|because|since|so|than|before|after|until|unless|once|and|but|or|as|though|although)\b|[,;:–—()]|\.\s/i;
const CONNECTIVES = ['so', 'because', 'since', 'which means'] as const;
// Each connective's pattern, compiled once (match() with a global pattern starts from the beginning each time).
const CONNECTIVE_PATTERNS = CONNECTIVES.map((word) => [word, new RegExp(`\\b${word}\\b(?!\\s+(?:far|much|many|on|long))`, 'gi')] as const);
// Verbs tagged as such that work as something else in the copy ("Worth 20 minutes?").
const NOT_VERBS = new Set(['worth', 'like', 'open', 'last', 'ago', 'congrats']);

// The verbs of the stand-ins: a finite one of these in a clause that has another is a phrase forced into a frame.
const STAND_IN_VERBS = new Set(['grows', 'fixes', 'fix']);

/** Whether the term heads a finite verb group (an auxiliary's verb, an infinitive after "to" or a modal, a gerund do not). */
function isFinite(term: Term, before: Term | undefined): boolean {
  const { tags } = term;
  if (!tags.has('Verb') || NOT_VERBS.has(term.text.toLowerCase())) return false;
  if (tags.has('Gerund') || /ing$/i.test(term.text)) return false;
  if (before && /^(?:to|not|never)$/i.test(before.text)) return false;
  // Part of a verb group started by an auxiliary, a modal, a copula or "to" ("could take", "is hiring", "has grown").
  if (before && (before.tags.has('Auxiliary') || before.tags.has('Modal') || before.tags.has('Copula') || before.tags.has('Infinitive')))
    return false;
  if (tags.has('Participle') && !tags.has('PastTense')) return false;
  return tags.has('PresentTense') || tags.has('PastTense') || tags.has('Modal') || tags.has('Copula');
}

/** An appearance of an offer phrase as a pattern, and the stand-in its form is read as. */
type Replacement = { pattern: RegExp; standIn: string };

const replacements = new BoundedCache<Replacement[]>(500);

/**
 * Each appearance of the phrases (longest first) as a pattern and its form's stand-in: made once
 * per set of phrases (an offer's), not per sentence (appearances conjugates each phrase).
 */
function replacementsOf(phrases: readonly Phrase[]): Replacement[] {
  const key = phrases
    .map((phrase) => [phrase.form, phrase.text, phrase.subject ?? '', phrase.predicate ?? ''].join('\u0000'))
    .join('\u0001');
  return replacements.get(key, () =>
    phrases
      .flatMap(appearances)
      .sort((a, b) => b.text.length - a.text.length)
      .map(({ text, form }) => ({
        pattern: new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(text)}(?![\\p{L}\\d])`, 'giu'),
        standIn: STAND_INS[form],
      })),
  );
}

/** The sentence with every appearance of an offer phrase (`replacementsOf`) replaced by its form's stand-in. */
function skeletonOf(sentence: string, replacements: readonly Replacement[]): string {
  let skeleton = sentence;
  // replace() starts a global pattern from the beginning each time, so one pattern serves every sentence.
  for (const { pattern, standIn } of replacements) skeleton = skeleton.replace(pattern, standIn);
  return skeleton;
}

/** The clauses of a sentence: split at commas and the words that open a clause, each with the word that opened it. */
function clausesOf(skeleton: string): Array<{ opener: string; text: string }> {
  const clauses: Array<{ opener: string; text: string }> = [];
  let rest = skeleton;
  let opener = '';
  while (rest.length > 0) {
    const match = CLAUSE_BREAK.exec(rest);
    const end = match ? match.index : rest.length;
    clauses.push({ opener, text: rest.slice(0, end).trim() });
    if (!match) break;
    opener = match[0].toLowerCase();
    rest = rest.slice(end + match[0].length);
  }
  return clauses.filter((clause) => clause.text.length > 0 || clause.opener !== '');
}

/** How often each connective opens a clause in the sentence. */
function connectiveCounts(sentence: string): Array<[string, number]> {
  return CONNECTIVE_PATTERNS.map(([word, pattern]) => [word, (sentence.match(pattern) ?? []).length]);
}

/**
 * What is wrong with one sentence's grammar around the offer's phrases; empty when nothing is.
 * A sentence that is one of the phrases standing alone is the user's own and passes.
 */
export function grammarProblems(sentence: string, phrases: readonly Phrase[]): string[] {
  return grammarGate(phrases)(sentence);
}

/**
 * {@link grammarProblems} for many sentences around one set of phrases (an offer's): what it reads
 * of the phrases (each standing alone, each appearance's pattern) is made once, not per sentence.
 */
export function grammarGate(phrases: readonly Phrase[]): (sentence: string) => string[] {
  const alone = new Set(phrases.map((phrase) => standalone(phrase.text).toLowerCase()));
  const replacements = replacementsOf(phrases);
  return (sentence) => problemsOf(sentence, alone, replacements);
}

function problemsOf(sentence: string, alone: ReadonlySet<string>, replacements: readonly Replacement[]) {
  const text = sentence.trim();
  if (alone.has(text.toLowerCase())) return [];
  const problems: string[] = [];
  // A phrase's own connectives count once: "…, so finance teams close the month in days" may
  // follow a name, but not be followed by another "so".
  for (const [word, count] of connectiveCounts(text)) {
    if (count > 1) problems.push(`"${word}" twice in "${text}"`);
  }
  const skeleton = skeletonOf(text, replacements);
  // Only clauses holding a phrase are judged: the writer's own words are checked by its tests.
  for (const { opener, text: clause } of clausesOf(skeleton).filter((one) => /\bbacklog\b/.test(one.text))) {
    const terms = termsOf(clause);
    const finite = terms.filter((term, index) => isFinite(term, terms[index - 1]));
    // A clause the user typed is a clause of its own: after a connective (or first) and last in its clause.
    const held = clause.replace(/[.?!]+$/, '').trim();
    if (held.includes(STAND_INS.clause) && held !== STAND_INS.clause) problems.push(`a clause placed where a noun belongs in "${text}"`);
    // Only a verb the user's phrase brings can be the second one: the frame's own verbs are the writer's.
    const brought = finite.filter((term) => STAND_IN_VERBS.has(term.text.toLowerCase()));
    if (brought.length > 0 && finite.length > 1)
      problems.push(`two verbs (${finite.map((term) => `"${term.text}"`).join(', ')}) in one clause of "${text}"`);
    // "so"/"because" needs a subject before its verb: "so closes the books" lacks one, "so the backlog" its verb.
    if ((opener === 'so' || opener === 'because') && terms.length > 0) {
      const first = terms[0]!;
      if (finite.length === 0) problems.push(`"${opener}" is followed by no verb in "${text}"`);
      else if (isFinite(first, undefined) && !first.tags.has('Noun'))
        problems.push(`"${opener}" is followed by a verb without its subject in "${text}"`);
    }
  }
  return problems;
}

/** The sentences of a piece of copy the gate reads: every line of it but the greeting and the sign-off. */
export function gateSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z"“])/)
    .map((part) => part.trim())
    .filter(Boolean);
}
