import nlp from 'compromise';
import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesIn, tidyPhrase, type Sentence } from './text.ts';

const MAX_PAIN_POINTS = 8;
/** Sentences under a page's first heading where it states the problem it solves. */
const HERO_SENTENCES = 3;

interface PainRule {
  pattern: RegExp;
  confidence: number;
  /** The capture may be a list ("manual entry, lost approvals and late fees"): one pain per item. */
  list: boolean;
}

// Time and money lost, as copy words it: "hours", "the first week of every month", "half their day".
const TIME_SPENT = String.raw`(?:(?:[\w-]+\s+){0,2}[\w-]+s(?:'|’)\s+)?(?:(?:so much|too much|countless|endless|precious|the|their|your|our|first|whole|entire|half|every|each|an?|\d+\+?)\s+)*(?:time|hours?|days?|weeks?|months?|nights?|weekends?|money|budget|afternoons?|mornings?|evenings?)(?:\s+(?:of|a|per)\s+(?:every|each|the)?\s*\w+)?`;
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
      /^([A-Z][^.?!;:]{3,80}?)\s+(?:eat|eats|cost|costs|frustrate|frustrates|kill|kills|drain|drains|hurt|hurts|plague|plagues|are the result|is the result|are a thing of the past|is a thing of the past|are history|are gone)\b/,
    confidence: 0.6,
    list: true,
  },
  { pattern: /\bwithout ([^.?!;,]+)/i, confidence: 0.6, list: true },
  // Why buyers come: "choose us when their supplier misses ship dates or sends parts out of tolerance".
  {
    pattern: /\b(?:choose|call|switch to|come to|turn to|hire) us (?:when|after|because|once) ([^.?!;]+)/i,
    confidence: 0.6,
    list: true,
  },
  // A short line that is a list of problems: "Missed pickups and detention charges" (a table's "before" column).
  {
    pattern: new RegExp(String.raw`^((?:${PROBLEM_ADJECTIVES})\s+[a-z][\w-]*(?:(?:,\s*|\s+(?:and|or)\s+)[\w-]+(?:\s+[\w-]+)?){1,3})$`, 'i'),
    confidence: 0.6,
    list: true,
  },
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
  // A long item means this was prose rather than a list: the problem is its first clause ("timesheets
  // reconstructed on Friday afternoon, and law firm partners wait…").
  if (items.length > 1 && items.every((item) => item.split(' ').length <= 7)) return items;
  const [first] = capture.split(/,\s+(?:and|but|while|so)\s+/);
  return [tidyPhrase(first && first.split(' ').length >= 2 ? first : capture)];
}

// A phrase that is the copy's own promise or filler, not a problem ("stop guessing and start…" keeps "guessing").
const NOT_A_PROBLEM = /^(?:it|this|that|them|us|you|here|today|now|anything|everything|nothing)\b/i;

// Where a captured problem ends: what follows is the consequence or the promise.
const TAIL = /\s+(?:and start|so you can|so that|because|while|when|until|—|–)(?:\s.*)?$/i;

// Two words at least ("late rent"), or one hyphenated ("no-shows", "mis-picks").
const isPhrase = (phrase: string) => phrase.split(' ').length >= 2 || /\w-\w/.test(phrase);

// Who a problem sentence is about: the buyers, as a plural ("Production managers at job shops",
// "SRE teams", "Developers", "Clinic owners").
const BUYERS =
  /^(?:(?:most|many|too many|busy|small|growing|today(?:'|’)s)\s+)?(?:[\w&'-]+\s+){0,3}?(?:teams|managers|leaders|directors|developers|engineers|marketers|owners|analysts|officers|reps|founders|recruiters|planners|accountants|controllers|bookkeepers|attorneys|lawyers|dispatchers|buyers|admins|administrators|clinicians|doctors|nurses|teachers|principals|practices|clinics|shops|firms|retailers|brands|restaurants|landlords|operators|specialists|coordinators|supervisors|superintendents|contractors|agencies|sellers|merchants|companies|businesses|hospitals|schools|carriers|shippers|manufacturers|CFOs|CISOs|SREs|SDRs|AEs|CSMs)\b/i;
// What buyers do with the product, or gain from it: the sentence is a promise, not a problem.
const PROMISE_VERBS =
  /^(?:use|uses|love|loves|choose|chooses|call|calls|contact|hire|hires|come|turn|switch|trust|trusts|rely|relies|switch|adopt|save|saves|cut|cuts|close|closes|grow|grows|ship|ships|launch|win|wins|can|could|will|get started|sign|start|see|know|keep|stay|need|want)\b/i;
// A verb the cue rules above already read ("struggle with", "lose … to", "spend hours", "are drowning in").
const CUE_VERBS =
  /^(?:still\s+)?(?:struggl|juggl|los(?:e|es|ing)\b|spend|wast|wait|(?:are|is)\s+(?:drowning|buried|tired|sick|fed up|stuck|bogged|frustrated|plagued|held back))/i;
const PROMISE_WORDS =
  /\d+\s*(?:%|x\b)|\b(?:instantly|in minutes|in seconds|automatically|with (?:us|our)|thanks to|in (?:one|a single) (?:click|place|dashboard|view))\b/i;

/**
 * A sentence whose subject is the buyers and whose verb says what they go through ("Production
 * managers at job shops schedule on whiteboards, chase travellers … and find quality problems after
 * the parts ship"): each clause of what they do is a problem, in their words, though no cue word
 * ("struggle", "manual"…) marks it. compromise finds the verb; a promise ("Finance teams use …",
 * "… close 30% faster") is not a problem. Only read where a page states its problem: the first
 * sentences under its first heading (see HERO_SENTENCES); further down, the same shape describes
 * the product in use ("Superintendents log daily reports from the jobsite").
 */
function buyerPredicate(text: string): string | null {
  if (!BUYERS.test(text) || PROMISE_WORDS.test(text)) return null;
  const terms = (nlp(text).json() as Array<{ terms: Array<{ text: string; tags: string[]; post: string }> }>).flatMap(
    (sentence) => sentence.terms,
  );
  const subjectEnd = terms.findIndex((term) => term.tags.includes('Plural'));
  if (subjectEnd < 0 || subjectEnd > 4) return null;
  for (let index = subjectEnd + 1; index < Math.min(terms.length, subjectEnd + 9); index += 1) {
    const term = terms[index]!;
    const previous = terms[index - 1]!;
    const verb =
      term.tags.includes('Verb') &&
      (term.tags.includes('PresentTense') || term.tags.includes('Infinitive') || term.tags.includes('Copula'));
    if (!verb || !(previous.tags.includes('Plural') || previous.tags.includes('Adverb'))) continue;
    // "still", "often" before the verb are the copy's, not the problem's.
    const rest = terms
      .slice(index)
      .map((each) => `${each.text}${each.post}`)
      .join('')
      .trim();
    return PROMISE_VERBS.test(rest) || CUE_VERBS.test(rest) ? null : rest;
  }
  return null;
}

/** The clauses of what the buyers go through: "schedule on whiteboards", "chase travellers around the plant floor". */
function clausesOf(predicate: string): string[] {
  return predicate
    .replace(/[.!]+$/, '')
    .split(/\s*[:;]\s*|,\s*(?:and\s+|or\s+)?|\s+and\s+/)
    .map((clause) => tidyPhrase(clause.replace(TAIL, ''), 9))
    .filter((clause) => clause.split(' ').length >= 2 && !/^(?:from|with|for|by|to|in|on|at)\b/i.test(clause));
}

function painsIn(sentence: Sentence, hero: boolean): Array<{ phrase: string; confidence: number }> {
  const captures: Array<{ raw: string; confidence: number }> = [];
  for (const rule of PAIN_RULES) {
    const match = rule.pattern.exec(sentence.text);
    if (!match?.[1]) continue;
    for (const raw of rule.list ? splitList(match[1].replace(TAIL, '')) : [tidyPhrase(problemOnly(match[1].replace(TAIL, '')))])
      captures.push({ raw, confidence: rule.confidence });
  }
  const predicate = hero ? buyerPredicate(sentence.text) : null;
  if (predicate) for (const raw of clausesOf(predicate)) captures.push({ raw, confidence: 0.55 });
  for (const match of sentence.text.matchAll(ADJECTIVE_PHRASE)) captures.push({ raw: match[1]!, confidence: 0.6 });
  const found: Array<{ phrase: string; confidence: number }> = [];
  for (const { raw, confidence } of captures) {
    const phrase = tidyPhrase(problemOnly(raw.replace(TAIL, '')));
    if (isPhrase(phrase) && !NOT_A_PROBLEM.test(phrase))
      // "Broken pipelines" reads "broken pipelines" mid-sentence; "CSV exports" and "RFIs" keep their capitals.
      found.push({ phrase: /^[A-Z][A-Z]/.test(phrase) ? phrase : phrase.charAt(0).toLowerCase() + phrase.slice(1), confidence });
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
  const firstHeading = new Map(pages.map((page) => [page.url, page.blocks.find((block) => /^h[1-4]$/.test(block.tag))?.text ?? '']));
  const heroSeen = new Map<string, number>();
  for (const sentence of sentencesIn(pages.filter((page) => PAIN_PAGES.has(page.kind)))) {
    const underFirstHeading = sentence.heading === firstHeading.get(sentence.url) && sentence.text !== sentence.heading;
    const heroIndex = underFirstHeading ? (heroSeen.get(sentence.url) ?? 0) : HERO_SENTENCES;
    if (underFirstHeading) heroSeen.set(sentence.url, heroIndex + 1);
    for (const { phrase, confidence } of painsIn(sentence, heroIndex < HERO_SENTENCES)) {
      const lower = phrase.toLowerCase();
      // "manual data entry" and "data entry" are one pain point.
      if (kept.some((other) => other.includes(lower) || lower.includes(other)) || kept.length >= MAX_PAIN_POINTS) continue;
      kept.push(lower);
      drafts.push({ kind: 'pain-point', value: phrase, url: sentence.url, snippet: sentence.text, confidence });
    }
  }
  return drafts;
}
