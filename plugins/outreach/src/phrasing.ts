import nlp from 'compromise';
import { BoundedCache } from './bounded-cache.ts';
import { escapeRegExp, inline } from './variety.ts';

// What a user typed into the offer (a pain, a value, the one-liner, a proof point) can come in
// any grammatical form. The writer reads the form with compromise and places the phrase only
// where that form fits, rewriting it when a frame needs another form; a phrase that fits no
// frame stands as a sentence of its own. Everything here is deterministic.

/**
 * The grammatical form of a phrase:
 * - `noun`: a noun phrase ("manual CRM data entry", "an unpredictable pipeline");
 * - `gerund`: a phrase led by an -ing verb ("chasing invoices by hand");
 * - `clause`: a subject and a finite verb ("month-end close takes too long");
 * - `verb-s`: a verb phrase without subject, third person ("closes the books in three days");
 * - `verb-base`: a verb phrase in the base form, imperatives too ("reconcile invoices", "Stop chasing invoices");
 * - `other`: several sentences, a question, or too long to place inside a sentence.
 */
export type PhraseForm = 'noun' | 'gerund' | 'clause' | 'verb-s' | 'verb-base' | 'other';

/** The forms a frame's slot can ask for. `np` takes a noun or gerund phrase, `thing` only a noun phrase. */
export type SlotForm = 'np' | 'thing' | 'clause' | 'pred' | 'base';

/** A phrase read for placing: its form and, for a clause, where the subject ends. */
export interface Phrase {
  /** The phrase as it sits inside a sentence: trimmed, no final full stop, a plain first word lower-cased. */
  text: string;
  form: PhraseForm;
  /** For a clause: the words before its verb ("month-end close") and from its verb on ("takes too long"). */
  subject?: string;
  predicate?: string;
}

/** A word as compromise reads it: its text and its part-of-speech tags. */
export interface Term {
  text: string;
  tags: Set<string>;
}

const MAX_PLACED_WORDS = 22;
const PRONOUN_SUBJECT = /^(?:i|we|you|they|he|she|it)$/i;
// Nouns that read wrong after "a": "a data entry that takes hours".
const MASS_NOUNS = new Set(
  'data entry work time research information software money admin reporting forecasting pipeline close cash revenue traffic churn spend tooling outreach prospecting onboarding payroll compliance'.split(
    ' ',
  ),
);
// A first word lower-cased mid-sentence: an ordinary capitalised word, never an acronym or a name with inner capitals.
const LOWERABLE = /^[A-Z][a-z]+(?=[\s,]|$)/;

const tagged = new BoundedCache<Term[]>();

/** A text's words with compromise's tags (cached: offers, and the clauses written around them, repeat across a campaign). */
export function termsOf(text: string): Term[] {
  return tagged.get(text, () =>
    (nlp(text).terms().json() as Array<{ text: string; terms: Array<{ tags: string[] }> }>).map((term) => ({
      text: term.text,
      tags: new Set(term.terms[0]?.tags ?? []),
    })),
  );
}

const isVerb = (term: Term | undefined) => Boolean(term?.tags.has('Verb'));
const isGerund = (term: Term | undefined) => Boolean(term?.tags.has('Gerund')) || /ing$/i.test(term?.text ?? '');

/** Whether a word is read as a third-person verb when "it" stands before it ("it closes", "it books"). */
function thirdPersonVerb(word: string): boolean {
  if (!/s$/i.test(word)) return false;
  const [, verb] = termsOf(`it ${word.toLowerCase()} it`);
  return isVerb(verb) && !isGerund(verb);
}

/** Whether a word is read as a base-form verb when "we" stands before it ("we reconcile"). */
function baseVerb(word: string): boolean {
  if (/(?:ing|ed)$/i.test(word)) return false;
  const [, verb] = termsOf(`we ${word.toLowerCase()} it`);
  return isVerb(verb) && !isGerund(verb) && !verb!.tags.has('PastTense');
}

const NOT_SUBJECT_TAGS = ['Preposition', 'Adverb', 'Conjunction', 'Gerund', 'Modal', 'Copula', 'QuestionWord'];

/** Whether a word, read alone, can be part of a subject ("the", "finance", "teams", "HubSpot"): not a preposition, adverb or the like. */
function subjectWord(word: string): boolean {
  const term = termsOf(word.replace(/[,]$/, ''))[0];
  return Boolean(term) && !NOT_SUBJECT_TAGS.some((tag) => term!.tags.has(tag)) && !/ing$/i.test(word);
}

/** Whether a word reads as a verb agreeing with a subject before it: "it takes", "they pile", "they booked". */
function agreeingVerb(word: string, { pastToo = true, plural = false } = {}): boolean {
  const [, verb] = termsOf(`${plural ? 'they' : /s$/i.test(word) ? 'it' : 'they'} ${word.toLowerCase()} it`);
  if (!isVerb(verb) || isGerund(verb) || verb!.tags.has('Participle')) return false;
  return pastToo || !verb!.tags.has('PastTense');
}

/**
 * Where a clause's verb starts, as a word index: the first word after a run of subject words
 * ("month-end close | takes", "finance teams | close", "the books | close") that reads as a
 * verb agreeing with them. -1 when the phrase is no clause.
 */
function clauseVerbIndex(words: readonly string[], terms: readonly Term[]): number {
  const isThirdPersonVerb = thirdPersonVerb(words[0]!);
  for (let index = 1; index < words.length; index += 1) {
    // An adverb may sit between the subject and its verb: "your reps only talk".
    const adverb = index > 1 && termsOf(words[index - 1]!)[0]?.tags.has('Adverb');
    const before = words.slice(0, adverb ? index - 1 : index);
    if (!before.every(subjectWord)) return -1;
    // A subject does not end on "the" or "your".
    if (['Determiner', 'Possessive'].some((tag) => termsOf(before.at(-1)!)[0]?.tags.has(tag))) continue;
    const word = words[index]!;
    // "books qualified meetings" is a verb phrase; "invoices pile up" a clause: a plural subject takes a base-form verb.
    if (index === 1 && isThirdPersonVerb && !agreeingVerb(word, { pastToo: false, plural: true })) continue;
    if (/ing$/i.test(word) || !agreeingVerb(word)) continue;
    // The tagger read it as a verb in the phrase, or the dictionary knows it as one and the tagger not as a noun ('new leads reach').
    const inPhrase = terms.find((term) => term.text.toLowerCase() === word.toLowerCase());
    // "finance teams close": of two verbs in a row the tagger read, the second is the clause's.
    const next = terms.find((term) => term.text.toLowerCase() === words[index + 1]?.toLowerCase());
    if (next && isVerb(next) && !isGerund(next) && agreeingVerb(words[index + 1]!, { plural: true }) && /s$/i.test(word)) continue;
    if (inPhrase && isVerb(inPhrase)) return index;
    if (hasVerbReading(word) && !inPhrase?.tags.has('Noun')) return index;
  }
  return -1;
}

// Words that open a noun phrase as its subject: "the books close late", "your reps waste hours".
const DETERMINERS = new Set('the your our their his her its this these those every each most many some all a an'.split(' '));
// Words ending in -s that are no plural noun: "sales call notes" has no plural subject.
const NOT_PLURAL = new Set('sales operations analytics ops finance business process access status news series'.split(' '));
const PARTICLES = new Set('up down out off on over through away back behind late'.split(' '));

/**
 * Where a clause's verb starts when the tagger misread it (it reads "Reps" as a title and "waste"
 * as a noun, "close" as an adverb): a subject that is a plural noun ("reps", "finance teams") or
 * opens with a determiner ("the books", "the close"), then a verb agreeing with it in the
 * present tense, then words that can only follow a verb (a preposition, determiner, adverb,
 * particle…). "sales call notes" and "books qualified meetings" stay what they are. -1 when none.
 */
function subjectVerbIndex(words: readonly string[]): number {
  const lower = words.map((word) => word.toLowerCase().replace(/,$/, ''));
  const determined = DETERMINERS.has(lower[0]!);
  for (let index = determined ? 2 : 1; index < Math.min(words.length, 5); index += 1) {
    const subject = lower.slice(determined ? 1 : 0, index);
    if (subject.some((word) => !/^[a-z][a-z-]*$/.test(word) || DETERMINERS.has(word))) return -1;
    if (
      subject.some((word) =>
        ['Preposition', 'Conjunction', 'Modal', 'Copula', 'QuestionWord'].some((tag) => termsOf(word)[0]?.tags.has(tag)),
      )
    )
      return -1;
    const head = subject.at(-1)!;
    const plural = /[^su]s$/.test(head) && !NOT_PLURAL.has(head) && !termsOf(head)[0]?.tags.has('Adjective');
    // A bare -s word first ("cuts close time", "books meetings") is a verb phrase, not a subject.
    if (!determined && index === 1 && thirdPersonVerb(words[0]!)) return -1;
    if (!plural && !determined) continue;
    const verb = lower[index]!;
    const singularVerb = /s$/.test(verb);
    if (plural === singularVerb) continue;
    if (!agreeingVerb(verb, { pastToo: false, plural })) continue;
    const rest = words.slice(index + 1);
    const followsVerb =
      rest.length === 0 ||
      PARTICLES.has(rest[0]!.toLowerCase()) ||
      rest.some((word) =>
        ['Preposition', 'Determiner', 'Adverb', 'Possessive', 'Value', 'Pronoun'].some((tag) =>
          termsOf(word.toLowerCase())[0]?.tags.has(tag),
        ),
      );
    if (followsVerb) return index;
  }
  return -1;
}

const LEXICON = (nlp as unknown as { world: () => { model: { one: { lexicon: Record<string, string | string[]> } } } }).world().model.one
  .lexicon;
const VERB_TAGS = new Set(['Infinitive', 'PresentTense', 'PastTense', 'Verb', 'Copula', 'Modal']);

/** Whether compromise's dictionary lists the word (or the word less its -s) as a verb. */
function hasVerbReading(word: string): boolean {
  const lower = word.toLowerCase();
  return [lower, lower.replace(/e?s$/, ''), lower.replace(/s$/, '')].some((form) => {
    const tags = LEXICON[form];
    return (Array.isArray(tags) ? tags : [tags]).some((tag) => tag !== undefined && VERB_TAGS.has(tag));
  });
}

/** The phrase as it sits inside a sentence: inline, its first word lower-cased unless it is a name or an acronym. */
export function placeable(text: string): string {
  const phrase = inline(text).replace(/\s+/g, ' ');
  // Only a word the dictionary knows, or the tagger reads as a verb or describing word, is lowered: "Kestrel" and "Quotewell" keep their capital.
  return phrase.replace(LOWERABLE, (word) => {
    const term = termsOf(phrase)[0];
    const ordinary =
      LEXICON[word.toLowerCase()] !== undefined || ['Verb', 'Adjective', 'Determiner', 'Adverb'].some((tag) => term?.tags.has(tag));
    // "Reps" is tagged a title (as in "Rep. Smith"), a proper noun: the plural of a common noun here.
    const name = term?.tags.has('ProperNoun') && !term.tags.has('Honorific');
    return ordinary && !name ? word.toLowerCase() : word;
  });
}

/**
 * Reads a phrase's form. `owner` is the offer's company: a one-liner that opens with it ("Tallyline
 * reconciles invoices") or with "we" is read without it, as the verb phrase it completes.
 */
export function readPhrase(raw: string, owner?: string): Phrase {
  // Cached as termsOf is: a campaign's offer is read again for every sequence (and every email of it).
  return { ...phrases.get(`${owner ?? ''}\u0000${raw}`, () => readPhraseAnew(raw, owner)) };
}

const phrases = new BoundedCache<Phrase>();

function readPhraseAnew(raw: string, owner?: string): Phrase {
  let text = placeable(raw);
  text = text.replace(new RegExp(`^(?:${owner?.trim() ? `${escapeRegExp(owner.trim())}|` : ''}we)\\s+`, 'i'), '');
  const words = text.split(' ').filter(Boolean);
  if (words.length === 0 || words.length > MAX_PLACED_WORDS || /[.!?;]\s|[?!;:]$|\n|"/.test(text) || /[.!?]\s/.test(raw.trim())) {
    return { text, form: 'other' };
  }
  const terms = termsOf(text);
  const first = terms[0]!;
  if (isGerund(first) && isVerb(first)) return { text, form: 'gerund' };
  const found = clauseVerbIndex(words, terms);
  const verb = found > 0 ? found : subjectVerbIndex(words);
  // "reconcile bank feeds by hand" is an imperative, not the bank's feeds: a base-form verb first and a singular subject.
  const imperative = verb > 0 && isVerb(first) && !first.tags.has('Noun') && baseVerb(words[0]!) && !/[^su]s$/i.test(words[verb - 1]!);
  if (verb > 0 && !imperative)
    return { text, form: 'clause', subject: words.slice(0, verb).join(' '), predicate: words.slice(verb).join(' ') };
  // Compromise tags a bare phrase by guesswork; a word before the first one settles whether it is a verb.
  if (thirdPersonVerb(words[0]!) && !first.tags.has('Determiner') && !first.tags.has('Possessive')) return { text, form: 'verb-s' };
  if (isVerb(first) && !first.tags.has('Noun') && !first.tags.has('Adjective') && baseVerb(words[0]!)) return { text, form: 'verb-base' };
  return { text, form: 'noun' };
}

const conjugated = new BoundedCache<string>();

/**
 * "closes" → "close", "reconcile" → "reconciles", "closing" → "closes": one verb, by compromise's
 * conjugation. Cached: the grammar check places every offer phrase in every sentence it reads, so
 * the same few verbs are conjugated for each sentence of each prospect (71% of writing a sequence's
 * CPU before the cache, on the outreach tests' offer).
 */
function conjugate(verb: string, to: 'Infinitive' | 'PresentTense'): string {
  return conjugated.get(`${to}:${verb}`, () => {
    const forms = nlp(verb).verbs().conjugate()[0] as Record<string, string> | undefined;
    const result = forms?.[to];
    return result && /^[a-z-]+$/i.test(result) ? result : verb;
  });
}

/** The phrase with its first word conjugated. */
function withFirstVerb(text: string, to: 'Infinitive' | 'PresentTense'): string {
  const [first = '', ...rest] = text.split(' ');
  return [conjugate(first, to), ...rest].join(' ');
}

/** The conjugated phrase, or null when compromise could not conjugate its verb (it came back unchanged). */
const changed = (before: string, after: string) => (after.toLowerCase() === before.toLowerCase() ? null : after);

/** "month-end close takes too long" → "a month-end close that takes too long"; null when its subject is a pronoun. */
function asRelative({ subject: whole = '', predicate: after = '' }: Phrase): string | null {
  // "your reps only talk" → "your reps that only talk": an adverb before the verb stays with it.
  const adverb = / (\S+)$/.exec(whole)?.[1];
  const moved = adverb !== undefined && termsOf(adverb)[0]?.tags.has('Adverb');
  const subject = moved ? whole.slice(0, -adverb.length - 1) : whole;
  const predicate = moved ? `${adverb} ${after}` : after;
  const terms = termsOf(subject);
  if (terms.length === 0 || (terms.length === 1 && PRONOUN_SUBJECT.test(subject))) return null;
  const head = terms.at(-1)!;
  const determined = terms[0]!.tags.has('Determiner') || terms[0]!.tags.has('Possessive') || terms[0]!.tags.has('Value');
  const countable =
    head.tags.has('Singular') && !head.tags.has('Plural') && !MASS_NOUNS.has(head.text.toLowerCase()) && !/s$/i.test(head.text);
  const article = determined || !countable ? '' : /^[aeiou]/i.test(subject) ? 'an ' : 'a ';
  return `${article}${subject} that ${predicate}`;
}

/**
 * The phrase in the form a slot needs, or null when it cannot be put that way:
 * - `np`: noun or gerund phrase as it is; a clause as a relative ("a month-end close that takes
 *   too long"); a base-form verb phrase as "having to …";
 * - `thing`: a noun phrase only (a clause as a relative);
 * - `clause`: a clause as it is; a verb phrase as "your team can …";
 * - `pred`: what follows the seller's name ("closes the books …"): a verb phrase, conjugated;
 *   a gerund phrase conjugated; a noun phrase as "offers …";
 * - `base`: a verb phrase in the base form ("close the books …").
 */
export function realise(phrase: Phrase, slot: SlotForm): string | null {
  const { text, form } = phrase;
  if (form === 'other') return null;
  switch (slot) {
    case 'np':
      if (form === 'noun' || form === 'gerund') return text;
      if (form === 'clause') return asRelative(phrase);
      return form === 'verb-base' ? `having to ${text}` : null;
    case 'thing':
      return form === 'noun' ? text : form === 'clause' ? asRelative(phrase) : null;
    case 'clause':
      if (form === 'clause') return text;
      if (form === 'verb-s') return `your team can ${withFirstVerb(text, 'Infinitive')}`;
      return form === 'verb-base' ? `your team can ${text}` : null;
    case 'pred':
      if (form === 'verb-s') return text;
      if (form === 'verb-base' || form === 'gerund') return changed(text, withFirstVerb(text, 'PresentTense'));
      return form === 'noun' ? `offers ${text}` : null;
    case 'base':
      if (form === 'verb-base') return text;
      return form === 'verb-s' || form === 'gerund' ? changed(text, withFirstVerb(text, 'Infinitive')) : null;
  }
}

/** The slots a value prop fills in the writer's frames: {pain}, {painClause}, {value}, {valueThing}; null where the phrase cannot take that form. */
export function valuePropSlots(painRaw: string, valueRaw: string): Record<'pain' | 'painClause' | 'value' | 'valueThing', string | null> {
  const pain = readPhrase(painRaw);
  const value = readPhrase(valueRaw);
  return {
    pain: realise(pain, 'np'),
    painClause: realise(pain, 'clause') === pain.text ? pain.text : null,
    value: realise(value, 'clause'),
    valueThing: realise(value, 'thing'),
  };
}

/** The phrase as a sentence of its own: for a phrase no frame can hold. */
export function standalone(raw: string): string {
  const text = raw.trim().replace(/\s+/g, ' ');
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * Stand-ins the grammar gate reads in place of a user's phrase, one per form: plain words
 * whose grammar the tagger never gets wrong, so the gate judges the frame around the phrase.
 */
export const STAND_INS: Record<Exclude<PhraseForm, 'other'>, string> = {
  noun: 'the backlog',
  gerund: 'fixing the backlog',
  clause: 'the backlog grows',
  'verb-s': 'fixes the backlog',
  'verb-base': 'fix the backlog',
};

/** Every way a phrase may appear in copy, longest first, each with the form it is in there. */
export function appearances(phrase: Phrase): Array<{ text: string; form: Exclude<PhraseForm, 'other'> }> {
  if (phrase.form === 'other') return [];
  const found = new Map<string, Exclude<PhraseForm, 'other'>>();
  const add = (text: string | null, form: Exclude<PhraseForm, 'other'>) => {
    if (text && !found.has(text.toLowerCase())) found.set(text.toLowerCase(), form);
  };
  add(realise(phrase, 'thing'), 'noun');
  add(realise(phrase, 'np'), phrase.form === 'gerund' ? 'gerund' : 'noun');
  add(realise(phrase, 'clause'), 'clause');
  add(realise(phrase, 'pred'), 'verb-s');
  add(realise(phrase, 'base'), 'verb-base');
  add(phrase.text, phrase.form);
  return [...found].map(([text, form]) => ({ text, form })).sort((a, b) => b.text.length - a.text.length);
}
