import type { Fact } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import type { DraftEmail } from './compose.ts';
import { grammarGate, offerPhrases } from './grammar.ts';
import { untracedClaims, wordsOf, type ClaimSources } from './grounding.ts';
import { offerText, signatureLines, type Offer } from './offer.ts';
import { escapeRegExp } from './variety.ts';
import type { OutreachProspect } from './schemas.ts';

/** What the lint checks an email against. */
export interface LintContext {
  facts: readonly Fact[];
  offer: Offer;
  prospect: OutreachProspect;
  signature?: string;
}

/** One broken rule and why, in words a sales rep can act on. */
export interface LintProblem {
  rule: LintRule;
  reason: string;
}

/** The copy rules, each with the line the language model is given for it. */
export const STYLE_RULES = {
  placeholder: 'No unfilled placeholders such as {name}, {{name}} or [name].',
  'raw-label': 'No field labels ("Headline:", "Customer:") and no values in parentheses such as "(Raised Series A)": write sentences.',
  'missing-value': 'Never write "undefined", "null" or "NaN".',
  'doubled-phrase': 'Never repeat a run of four or more words, and never the same name twice in a line.',
  length: 'At most 120 words in the body.',
  subject: 'Subject: at most 60 characters, no words in capitals (acronyms aside), no "!!", "free" or "guarantee".',
  question: 'Exactly one question, the call to action, asking for a short call.',
  offer: "Say what the sender offers, in the offer's own terms.",
  grounding: 'Every number, name, technology or event must come from a fact the sentence cites (listed in its factIds) or from the offer.',
  grammar:
    'Place the offer\'s phrases where their grammar fits: a clause never where a noun belongs, one finite verb per clause, no connective ("so", "because") twice in a sentence.',
} as const;
export type LintRule = keyof typeof STYLE_RULES;

const MAX_BODY_WORDS = 120;
const MAX_SUBJECT_CHARS = 60;
const LABELS =
  /\b(headline|customer(?: base)?|pricing|address|email|phone|hiring|funding|industry|value|description|product|tech|location|founded|employees|revenue|pain[- ]point)\s*:/i;

// Words too common to show that a sentence is about the offer.
const FILLER = new Set(
  'your their that with have only this they them what when from into next before first week more most also than then'.split(' '),
);

type Check = (email: DraftEmail, body: string, context: LintContext) => string[];

/** The text with each multi-word name of the prospect and the sender collapsed into one word. */
function withNamesAsWords(text: string, { prospect, offer }: LintContext): string {
  const names = [prospect.company, offer.companyName, offer.senderName, `${prospect.firstName} ${prospect.lastName}`];
  return names
    .map((name) => name.trim())
    .filter((name) => wordsOf(name).length > 1)
    .reduce((result, name) => result.replace(new RegExp(escapeRegExp(name), 'gi'), 'name'), text);
}

const found = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map((match) => match[0]);

const CHECKS: Record<LintRule, Check> = {
  placeholder: (email, body) =>
    found(/\{\{?[^}]*\}?\}|\[[^\]]*\]/g, `${email.subject}\n${body}`).map((slot) => `unfilled placeholder ${slot}`),
  'raw-label': (email, body) => {
    const text = `${email.subject}\n${body}`;
    const label = LABELS.exec(text)?.[0];
    // Parentheses holding a value: a capital, a digit or a field separator inside.
    const values = found(/\((?=[^)]*(?:[A-Z0-9]|[:;]))[^)]*\)/g, text);
    return [...(label ? [`raw field label "${label}"`] : []), ...values.map((value) => `value in parentheses ${value}`)];
  },
  'missing-value': (email, body) =>
    found(/\b(?:undefined|null|NaN)\b/g, `${email.subject}\n${body}`).map((word) => `"${word}" in the copy`),
  'doubled-phrase': (_email, body, context) => {
    const problems: string[] = [];
    // A long name ("Northwind Freight Systems") may rightly appear twice: it counts as one word here.
    const words = wordsOf(withNamesAsWords(body, context));
    const seen = new Set<string>();
    for (let index = 0; index + 4 <= words.length; index += 1) {
      const run = words.slice(index, index + 4).join(' ');
      if (seen.has(run) && !problems.some((problem) => problem.includes(run))) problems.push(`"${run}" appears twice`);
      seen.add(run);
    }
    for (const line of body.split('\n')) {
      const parts = line
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean);
      const twice = parts.find((part, index) => parts.indexOf(part) !== index);
      if (twice) problems.push(`"${twice}" twice in the line "${line}"`);
    }
    return problems;
  },
  length: (_email, body) => {
    const count = body.split(/\s+/).filter(Boolean).length;
    return count > MAX_BODY_WORDS ? [`the body has ${count} words (at most ${MAX_BODY_WORDS})`] : [];
  },
  subject: ({ subject }) => [
    ...(subject.length > MAX_SUBJECT_CHARS ? [`the subject has ${subject.length} characters (at most ${MAX_SUBJECT_CHARS})`] : []),
    // An acronym is up to four capitals ("ROI", "CRM"); longer words in capitals shout.
    ...found(/\b[A-Z]{5,}\b/g, subject).map((word) => `the subject shouts "${word}"`),
    ...(subject.includes('!!') ? ['the subject has "!!"'] : []),
    ...found(/\b(?:free|guarantee\w*)\b/gi, subject).map((word) => `the subject says "${word}", a spam trigger`),
  ],
  question: (_email, body) => {
    const questions = (body.match(/\?/g) ?? []).length;
    return questions === 1 ? [] : [`${questions} questions (exactly one, the call to action)`];
  },
  offer: (email, _body, { offer }) => {
    // The offer is present when one sentence shares two content words with what it sells (its
    // one-liner or a value); naming a pain alone is not an offer.
    const offerWords = new Set(
      wordsOf([offer.oneLiner, ...offer.valueProps.map((prop) => prop.value)].join(' ')).filter(
        (word) => word.length >= 4 && !FILLER.has(word),
      ),
    );
    const says = email.sentences.some((sentence) => new Set(wordsOf(sentence.text).filter((word) => offerWords.has(word))).size >= 2);
    return says ? [] : [`the email never says what ${offer.companyName} offers`];
  },
  grounding: (email, _body, context) => {
    const sources = claimSources(context);
    const cited = [...new Set(email.sentences.flatMap((sentence) => sentence.factIds))].filter((id) => sources.facts.has(id));
    return [
      ...email.sentences.flatMap((sentence) => untracedClaims(sentence.text, sentence.factIds, sources)),
      // A subject cannot cite, but it may name what the email's sentences cite.
      ...untracedClaims(email.subject, cited, sources).map((reason) => `subject: ${reason}`),
    ];
  },
  grammar: (email, _body, { offer }) => {
    const grammarProblems = grammarGate(offerPhrases(offer));
    return email.sentences
      .filter((sentence) => sentence.move !== 'greeting' && sentence.move !== 'sign-off')
      .flatMap((sentence) => grammarProblems(sentence.text));
  },
};

/** What any sentence may name: the offer, the prospect record and the signature. */
export function claimSources({ facts, offer, prospect, signature }: LintContext): ClaimSources {
  const record = [prospect.firstName, prospect.lastName, prospect.jobTitle, prospect.company].join('\n');
  return {
    facts: new Map(facts.map((fact) => [fact.id, fact])),
    shared: [offerText(offer), record, ...signatureLines(offer, signature)].join('\n'),
  };
}

/** Every rule the email breaks, each with its reason; an empty list means the email may be sent. */
export function lintEmail(email: DraftEmail, context: LintContext): LintProblem[] {
  const body = email.sentences.map((sentence) => sentence.text).join('\n\n');
  return (Object.keys(CHECKS) as LintRule[]).flatMap((rule) => CHECKS[rule](email, body, context).map((reason) => ({ rule, reason })));
}

/** The problems of a whole sequence, each prefixed with its step. */
export function lintSequence(emails: readonly DraftEmail[], context: LintContext): string[] {
  return emails.flatMap((email) => lintEmail(email, context).map(({ rule, reason }) => `step ${email.step} (${rule}): ${reason}`));
}

/**
 * The failure of a sequence that breaks the copy rules: not retried (the same input would write
 * the same copy), its message listing every reason so the pipeline step records why.
 */
export function copyLintFailure(problems: readonly string[]): ApplicationFailure {
  return ApplicationFailure.create({
    type: 'CopyLintFailed',
    nonRetryable: true,
    message: `The sequence breaks the copy rules: ${problems.join('; ')}`,
    details: [problems],
  });
}
