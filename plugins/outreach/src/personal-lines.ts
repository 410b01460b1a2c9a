import type { Fact } from '@meetflow/plugin-sdk';
import type { PersonalKind } from './fact-allocation.ts';
import type { Sentence } from './schemas.ts';
import { fillSlots, fnv1a, inline, possessive } from './variety.ts';

// Each phrasing states the fact as researched ({value}, quoted or verbatim) and nothing more:
// no guesses about what it means for the company. {company} is the prospect's company, {companys}
// its possessive.
const PHRASINGS: Record<PersonalKind, string[]> = {
  'pain-point': [
    'One thing stood out in my research on {company}: {value}.',
    'From what I read, one challenge at {company} is this: {value}.',
  ],
  tech: ['I noticed {company} works with {tech}.', 'I saw {tech} in {companys} stack.'],
  funding: ['Congratulations on the funding news ({value}).', 'I saw the funding announcement at {company}: {value}.'],
  hiring: ['Your open roles caught my eye ({value}).', 'I noticed the hiring news at {company}: {value}.'],
  product: ['I spent a few minutes with what {company} offers: {value}.', 'I took a look at {companys} product: {value}.'],
  customer: ['I saw who {company} works with: {value}.', 'I noticed this among {companys} customers: {value}.'],
  description: ['I read how {company} describes its work: "{value}".', 'This line from {company} stuck with me: "{value}".'],
  value: ['I read how {company} describes what it delivers: "{value}".', 'This promise from {company} stuck with me: "{value}".'],
  employees: ['I saw that {company} has {value}.', 'I read that {company} is at {value}.'],
  location: ['I saw that {company} is based in {value}.', 'I noticed {company} calls {value} home.'],
  founded: ['I saw that {company} dates back to {value}.', 'I read that {company} started in {value}.'],
};

// Fact values are written as statements ("Uses Stripe", "Founded 2015"); the lead verb is dropped
// where the phrasing already says it.
const LEADING_WORDS: Partial<Record<PersonalKind, RegExp>> = {
  tech: /^(uses|using|runs on|built (on|with)|powered by)\s+/i,
  founded: /^(founded|established|started)\s+(in\s+)?/i,
  location: /^(based|headquartered|located)\s+in\s+/i,
};

/** The fact's value as it sits in a sentence. */
export function factPhrase(fact: Fact): string {
  const pattern = LEADING_WORDS[fact.kind as PersonalKind];
  const value = inline(fact.value);
  return pattern ? value.replace(pattern, '') : value;
}

/**
 * One personal sentence stating a researched fact, citing it. `position` is the line's place in
 * its email, so two facts of one kind in one email are phrased differently.
 */
export function personalLine(fact: Fact & { kind: PersonalKind }, company: string, email: string, position: number): Sentence {
  const phrasings = PHRASINGS[fact.kind];
  const phrasing =
    phrasings[(fnv1a(`${email.trim().toLowerCase()}|${fact.kind}`) + position) % phrasings.length] ?? phrasings[0] ?? '{value}';
  const phrase = factPhrase(fact);
  return { text: fillSlots(phrasing, { company, companys: possessive(company), value: phrase, tech: phrase }), factIds: [fact.id] };
}
