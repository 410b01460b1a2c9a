import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn, tidyPhrase, type Sentence } from './text.ts';

const MAX_PAIN_POINTS = 6;

interface PainRule {
  pattern: RegExp;
  confidence: number;
  /** The capture may be a list ("manual entry, lost approvals and late fees"): one pain per item. */
  list: boolean;
}

// Time and money lost, as copy words it: "hours", "the first week of every month", "half their day".
const TIME_SPENT = String.raw`(?:(?:so much|too much|countless|endless|precious|the|their|your|our|first|whole|entire|half|every|each|an?|\d+\+?)\s+)*(?:time|hours?|days?|weeks?|months?|nights?|weekends?|money|budget|afternoons?|mornings?|evenings?)(?:\s+(?:of|a|per)\s+(?:every|each|the)?\s*\w+)?`;
// Problem adjectives: "manual invoice entry", "late payment fees", "abandoned carts".
const PROBLEM_ADJECTIVES =
  'manual|slow|costly|expensive|error-prone|time-consuming|tedious|painful|disconnected|siloed|outdated|clunky|late|lost|missed|messy|scattered|duplicate|surprise|unpredictable|inaccurate|stale|broken|abandoned|flaky|illegible|unpaid|overdue|noisy';
const NOT_IN_PHRASE =
  '(?!and\\b|or\\b|to\\b|by\\b|with\\b|for\\b|in\\b|is\\b|are\\b|was\\b|that\\b|which\\b|so\\b|but\\b|at\\b|cost\\b|costs\\b)';

// Problem words, strongest first. Each rule captures the problem in the site's own words.
const PAIN_RULES: PainRule[] = [
  { pattern: /^(?:are you )?(?:still|sick of|fed up with)\s+([^?]+)\?$/i, confidence: 0.75, list: false },
  { pattern: /\b(?:tired|sick|fed up) (?:of|with) ([^.?!;]+)/i, confidence: 0.75, list: true },
  { pattern: /\bstruggl(?:e|es|ing) (?:with|to) ([^.?!;]+)/i, confidence: 0.75, list: true },
  {
    pattern: /\b(?:drowning in|buried (?:in|under)|bogged down (?:by|in|with)|frustrated (?:by|with)|held back by|plagued by) ([^.?!;]+)/i,
    confidence: 0.7,
    list: true,
  },
  // "lose top candidates to slow feedback loops, scattered notes and …": what they lose it to.
  { pattern: /\blos(?:e|es|ing)\s+(?:[\w$,'’-]+\s+){0,3}?to\s+([^.?!;]+)/i, confidence: 0.7, list: true },
  // "Property managers still chase late rent by phone, lose …": what a role still does by hand.
  { pattern: /\b(?:teams?|managers?|leaders?|owners?|[a-z]+s)\s+still\s+([^.?!;]+)/i, confidence: 0.65, list: true },
  { pattern: /\bjuggl(?:e|es|ing)\s+([^.?!;]+)/i, confidence: 0.65, list: true },
  {
    pattern: /\b(?:no more|say goodbye to|goodbye to|get rid of|eliminates?|stop|ditch|forget(?! to\b)|put an end to) ([^.?!;]+)/i,
    confidence: 0.65,
    list: true,
  },
  // "replaces spreadsheets and email threads with one workspace": the problem ends at "with".
  { pattern: /\b(?:replaces?|replacing) ((?:(?! with\b)[^.?!;,])+)/i, confidence: 0.6, list: true },
  { pattern: /\bwast(?:e|es|ed|ing) ([^.?!;,]+)/i, confidence: 0.65, list: false },
  // Only time and money lost count ("spend management" is a product, not a problem); the problem
  // is what the time goes to: "spend the first week of every month chasing receipts and …".
  {
    pattern: new RegExp(
      String.raw`\b(?:losing|lose|loses|spending|spend|spends|sinking|burning) ${TIME_SPENT}\s+(?:(?:on|to|in|with|over)\s+)?([^.?!;]+)`,
      'i',
    ),
    confidence: 0.6,
    list: true,
  },
  { pattern: /\bstuck (?:with |in |on )?([^.?!;,]+)/i, confidence: 0.6, list: false },
  { pattern: /\bwait(?:s|ing)?\s+(?:days|weeks|hours|months|\d+\s+\w+)\s+(?:for|on|to)\s+([^.?!;,]+)/i, confidence: 0.6, list: false },
  // A list item that promises less of something names the problem: "Fewer claim denials from …".
  { pattern: /^(?:fewer|less|zero)\s+([^.?!;]+)/i, confidence: 0.6, list: false },
  // The problems as the subject: "Abandoned carts and one-time shoppers eat your ad budget." (Not
  // "slow": "Teams struggle with slow close" would make "Teams struggle with" a subject.)
  {
    pattern:
      /^([A-Z][^.?!;:]{3,80}?)\s+(?:eat|eats|cost|costs|frustrate|frustrates|kill|kills|drain|drains|hurt|hurts|plague|plagues|are the result|is the result)\b/,
    confidence: 0.6,
    list: true,
  },
  { pattern: /\bwithout ([^.?!;,]+)/i, confidence: 0.6, list: true },
];
// Problem adjectives anywhere: every such phrase in a sentence, not only the first.
const ADJECTIVE_PHRASE = new RegExp(String.raw`\b((?:${PROBLEM_ADJECTIVES})\s+[a-z][\w-]*(?:\s+${NOT_IN_PHRASE}[a-z][\w-]*){0,2})`, 'gi');

// Careers and security pages talk about the company's own culture and controls, and team pages
// about its people: not its buyers' problems.
const PAIN_PAGES = new Set(['home', 'about', 'customers', 'pricing', 'blog', 'other']);

// What the copy wraps a problem in, which is not the problem: "losing time to manual
// reconciliation" is the problem "manual reconciliation"; "hours chasing approvals" is "chasing
// approvals"; "the headache of month-end" is "month-end".
const LEAD_INS: RegExp[] = [
  new RegExp(String.raw`^(?:losing|lose|loses|wasting|waste|wastes|spending|spend|spends|sinking|burning)\s+(?=${TIME_SPENT}\b)`, 'i'),
  new RegExp(String.raw`^${TIME_SPENT}\s+(?:(?:on|to|in|with|over)\s+)?`, 'i'),
  /^(?:the |that )?(?:pain|hassle|headache|chaos|mess|burden|cost|nightmare|grind|drudgery|risk) of\s+/i,
  /^(?:dealing|coping|living|wrestling|fighting|putting up) with\s+/i,
  /^(?:the|your|their|our|all the|those|these)\s+/i,
];

/** The problem itself, without the words the copy wraps it in. */
export function problemOnly(phrase: string): string {
  let problem = phrase.trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const leadIn of LEAD_INS) {
      const stripped = problem.replace(leadIn, '');
      if (stripped !== problem && stripped.split(' ').length >= 2) {
        problem = stripped;
        changed = true;
      }
    }
  }
  return problem;
}

function splitList(capture: string): string[] {
  const items = capture
    .split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/)
    .map((item) => tidyPhrase(item))
    .filter(Boolean);
  // A long item means this was prose rather than a list: keep it whole.
  return items.length > 1 && items.every((item) => item.split(' ').length <= 7) ? items : [tidyPhrase(capture)];
}

// A phrase that is the copy's own promise or filler, not a problem ("stop guessing and start…" keeps "guessing").
const NOT_A_PROBLEM = /^(?:it|this|that|them|us|you|here|today|now|anything|everything|nothing)\b/i;

// Where a captured problem ends: what follows is the consequence or the promise.
const TAIL = /\s+(?:and start|so you can|so that|because|while|when|until|—|–)(?:\s.*)?$/i;

// Two words at least ("late rent"), or one hyphenated ("no-shows", "mis-picks").
const isPhrase = (phrase: string) => phrase.split(' ').length >= 2 || /\w-\w/.test(phrase);

function painsIn(sentence: Sentence): Array<{ phrase: string; confidence: number }> {
  const captures: Array<{ raw: string; confidence: number }> = [];
  for (const rule of PAIN_RULES) {
    const match = rule.pattern.exec(sentence.text);
    if (!match?.[1]) continue;
    for (const raw of rule.list ? splitList(match[1].replace(TAIL, '')) : [tidyPhrase(match[1])])
      captures.push({ raw, confidence: rule.confidence });
  }
  for (const match of sentence.text.matchAll(ADJECTIVE_PHRASE)) captures.push({ raw: match[1]!, confidence: 0.6 });
  const found: Array<{ phrase: string; confidence: number }> = [];
  for (const { raw, confidence } of captures) {
    const phrase = tidyPhrase(problemOnly(raw.replace(TAIL, '')));
    if (isPhrase(phrase) && !NOT_A_PROBLEM.test(phrase))
      found.push({ phrase: phrase.charAt(0).toLowerCase() + phrase.slice(1), confidence });
  }
  return found;
}

/**
 * The problems the site says its customers have, from sentences with problem words ("tired
 * of", "struggle with", "drowning in", "no more", "manual", "without"…), as short phrases in the
 * site's own words, each with the sentence it came from as evidence.
 */
export function extractPainPoints(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  const kept: string[] = [];
  for (const sentence of sentencesIn(pages.filter((page) => PAIN_PAGES.has(page.kind)))) {
    for (const { phrase, confidence } of painsIn(sentence)) {
      const lower = phrase.toLowerCase();
      // "manual data entry" and "data entry" are one pain point.
      if (kept.some((other) => other.includes(lower) || lower.includes(other)) || kept.length >= MAX_PAIN_POINTS) continue;
      kept.push(lower);
      drafts.push({ kind: 'pain-point', value: phrase, url: sentence.url, snippet: sentence.text, confidence });
    }
  }
  return drafts;
}
