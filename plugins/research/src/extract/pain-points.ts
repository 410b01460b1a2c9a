import { companyNameOf } from '../company-name.ts';
import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { sentencesOf, termsOf } from './terms.ts';
import { sentencesIn, tidyPhrase, type Sentence } from './text.ts';

const MAX_PAIN_POINTS = 12;
/** Words a rule's capture keeps: "reference checks that take a week of phone tag" is one problem, not eight words of it. */
const CAPTURE_WORDS = 14;
/** Sentences under a page's first heading where it states the problem it solves. */
const HERO_SENTENCES = 3;
/** Sentences under the first heading read as plain problem statements when they are neither the offer nor a promise. */
const OPENING_SENTENCES = 5;

interface PainRule {
  pattern: RegExp;
  confidence: number;
  /** The capture may be a list ("manual entry, lost approvals and late fees"): one pain per item. */
  list: boolean;
  /**
   * The capture names what is missing rather than the problem ("without a maintenance contract"):
   * it gives way to a clause of the same sentence holding it, and leaves the sentence to be read whole.
   */
  weak?: boolean;
  /** The problem's words when they are not the first capture alone (a headline's two halves). */
  capture?: (match: RegExpExecArray) => string;
  /**
   * The capture keeps its "until / when / because …" ("can't see which matters are over budget until
   * the invoice goes out"): there the time or cause is the problem, not the copy's promise after it.
   */
  whole?: boolean;
  /**
   * The capture is one clause of a sentence that may hold more ("Contracts live in inboxes …, and nobody
   * knows which version …"): the sentence is still read whole, as if no cue word had marked it.
   */
  partial?: boolean;
  /** The capture is a story of several problems ("three of our containers sat at the port … and the storage bill …"): one per clause. */
  clauses?: boolean;
}

/** A clause whose subject is people keeps what they do; a thing keeps its subject ("firing logs still live in a binder"). */
const withThingSubject = (subject: string, rest: string) => {
  const bare = subject.replace(/^[“"]\s*/, '').replace(/^(?:our|my|their|the|your)\s+/i, '');
  return PEOPLE_SUBJECT.test(bare) || BUYERS.test(bare) ? rest : `${bare} ${rest}`;
};

// Who did something, rather than a thing that was so: a pronoun, a person, a team or a department.
const PEOPLE_SUBJECT =
  /^(?:we|i|they|he|she|you|it|(?:[\w-]+ ){0,2}(?:team|teams|staff|people|sales|finance|marketing|ops|operations|support|department|office|desk|manager|managers|director|head|lead|accountant|nurse|nurses|doctor|teacher|engineer|engineers|developer|developers|rep|reps|recruiter|recruiters|broker|agent|agents|controller|clerk|admin|crew|partner|partners|founder|founders|customer|customers|client|clients|owner|owners|dispatcher|dispatchers))$/i;

// Time and money lost, as copy words it: "hours", "the first week of every month", "half their day".
// A share of the working day or of each job counts too: "a third of their day", "40% of each bid".
const SHARE = String.raw`(?:\d[\d.,]*\s*%|(?:a|one) (?:third|quarter|fifth|tenth)|half|two-thirds|three-quarters)`;
const TIME_SPENT = String.raw`(?:${SHARE} of (?:each|every|their|your|the|a|an|our|his|her) [\w-]+|(?:(?:[\w-]+\s+){0,2}[\w-]+s(?:'|’)\s+)?(?:(?:so much|too much|so many|too many|countless|endless|precious|the|their|your|our|my|first|last|whole|entire|half|every|each|an?|\d+\+?)\s+)*(?:(?:night|late|long|sleepless|weekend|working|inspection|audit|reporting|month-end|quarter-end|year-end|peak|holiday|busy)\s+)?(?:time|hours?|days?|weeks?|months?|nights?|weekends?|money|budget|afternoons?|mornings?|evenings?|shifts?)(?:\s+(?:of|a|per)\s+(?:every|each|the)?\s*\w+)?)`;
// Problem adjectives: "manual invoice entry", "late payment fees", "abandoned carts".
const PROBLEM_ADJECTIVES =
  'manual|slow|costly|expensive|error-prone|time-consuming|tedious|painful|disconnected|siloed|outdated|clunky|late|lost|missed|messy|scattered|duplicate|surprise|unpredictable|inaccurate|stale|broken|abandoned|flaky|illegible|unpaid|overdue|noisy|unused|unanswered|unread|unreadable|expired|angry|unhappy|overworked|idle|wasted|failed|rejected|denied|delayed|cancelled|canceled|forgotten|hidden|double-booked|misplaced|disputed';
const NOT_IN_PHRASE =
  '(?!and\\b|or\\b|to\\b|by\\b|with\\b|for\\b|in\\b|is\\b|are\\b|was\\b|that\\b|which\\b|so\\b|but\\b|at\\b|cost\\b|costs\\b)';

// A figure that counts a share: "1 in 3", "42%", "a third", "one in five".
const STAT = String.raw`\d[\d.,]*\s*%|\d+ (?:in|out of) \d+|(?:one|two|three|four|nine) in (?:two|three|four|five|six|seven|eight|nine|ten)|${SHARE}|nearly half|most`;
// A figure of what went well is the product's promise, not a problem: "98% of customers renew", "3 in 4 teams save …".
const GOOD_OUTCOME =
  /\b(?:more(?! than anything)|faster|better|fewer|less|happ\w+|lov\w+|recommend\w*|renew\w*|sav(?:e|es|ed|ing)|grow\w*|grew|increas\w+|improv\w+|win|wins|won|trust\w*|satisf\w+|on time|roi|prefer\w*|use|uses|used|choose|chooses|reduc\w+|cut|cuts|switch\w*)\b/i;

// Problem words, strongest first. Each rule captures the problem in the site's own words.
const PAIN_RULES: PainRule[] = [
  // Why, answered with the problem: "Why Cadencely? Because reps spend a third of their day writing emails nobody opens."
  {
    pattern: /^because\s+([^.?!;]+)/i,
    confidence: 0.6,
    list: false,
    whole: true,
    capture: (match) => (/^(?:we|our|it|this|that|you(?:'|’)re worth|you deserve)\b/i.test(match[1]!) ? '' : match[1]!),
  },
  // A survey's finding: "42% of controllers say missing receipts hold up the close": what they say is the problem.
  {
    pattern: new RegExp(
      String.raw`^(?:${STAT})\s+(?:of\s+)?(?:[\w'’-]+\s+){0,3}?(?:say|says|said|report|reports|tell us|admit|agree|complain)\s+(?:that\s+)?([^.?!;]+)`,
      'i',
    ),
    confidence: 0.6,
    list: false,
    whole: true,
    capture: (match) => (GOOD_OUTCOME.test(match[1]!) ? '' : match[1]!),
  },
  // A figure of a problem, its subject the thing: "1 in 3 month-end closes slip past day ten", "see a third of their orders come back".
  {
    pattern: new RegExp(
      String.raw`(?:^|\b(?:see|sees|watch|watches|lose|loses)\s+)((?:${STAT})\s+(?:of\s+)?(?:[\w'’-]+\s+){1,6}?[^.?!;]*)`,
      'i',
    ),
    confidence: 0.55,
    list: false,
    whole: true,
    capture: (match) => {
      const text = match[1]!;
      const verb = sentencesOf(text).some((sentence) => sentence.terms.slice(1).some((term) => term.tags.includes('Verb')));
      // "Half of us have run a jobsite" counts the company's own people, not its buyers' problem.
      const ours = /^\S+(?:\s+\S+)?\s+of (?:us|our team)\b/i.test(text);
      return verb && !ours && !GOOD_OUTCOME.test(text) && !/\b(?:say|says|said|report|reports|tell us|admit|agree)\b/i.test(text)
        ? text
        : '';
    },
  },
  // The problem named the commonest: "Surcharges added after booking are the most common complaint we hear".
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,8}?)(?:is|are|was|were|remains?)\s+(?:the|our|a|one of the)\s+(?:most common|commonest|biggest|number one|top|#1|main|usual)\s+(?:complaints?|problems?|frustrations?|headaches?|challenges?|pain points?|reasons?)\b/i,
    confidence: 0.6,
    list: false,
    whole: true,
  },
  // Costs and work that accumulate: "Every day a box waits, demurrage charges add up", "Support tickets pile up".
  {
    pattern:
      /(?:^|[,;:]\s+|\b(?:and|but|so|when|while)\s+)[“"]?((?!(?:it|this|that|savings|hours saved)\b)(?:[\w'’-]+\s+){1,4}?(?:add|adds|added|pile|piles|piled|mount|mounts|stack|stacks|rack|racks) up\b[^.?!;”"]*)/i,
    confidence: 0.6,
    list: false,
    whole: true,
    partial: true,
  },
  // A place overflowing: "Support inboxes fill up with 'where is my refund?' emails", "Inboxes flooded with …".
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,4}?(?:fill|fills|filled|filling) up with\s+[^.!;”]+|(?:[\w'’-]+\s+){1,4}?(?:are|is|get|gets|were|was)\s+(?:flooded|swamped|inundated|overflowing)\s+with\s+[^.!;”]+)/i,
    confidence: 0.6,
    list: false,
    whole: true,
  },
  // What could have been and was not: "Most of those refunds could have been exchanges".
  {
    pattern: /^[“"]?((?:[\w'’-]+\s+){1,6}?(?:could|should) have been\s+[^.?!;”"]+)/i,
    confidence: 0.55,
    list: false,
    whole: true,
  },
  // What lags: "Our rates on the booking sites were a week behind the ones on our website", "Stock counts are out of date".
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,8}?(?:were|was|are|is|fell|falls?|ran|runs?|running)\s+(?:(?:a|an|one|two|three|several|\d+)\s+(?:days?|weeks?|months?|hours?|years?)\s+)?(?:behind|out of date|out of sync)\b[^.?!;”"]*)/i,
    confidence: 0.6,
    list: false,
    whole: true,
  },
  // Money left behind, and how: "Hotels leave money on the table by selling their last rooms at the weekday rate".
  {
    pattern:
      /\b(?:leave|leaves|left|leaving|lose|loses|lost|losing)\s+(?:money|revenue|sales|margin|bookings|deals|profit)(?:\s+on the table)?\s+(?:by|when|through)\s+([^.?!;]+)/i,
    confidence: 0.6,
    list: false,
  },
  // A customer's story of a time it went wrong: "Last peak season three of our containers sat at Felixstowe for eleven days
  // and the storage bill was more than the freight": each clause is a problem.
  {
    pattern:
      /^[“"]\s*(?:last|this past|during|over|one)\s+(?:[\w-]+\s+){0,2}?(?:year|season|month|quarter|week|winter|summer|spring|autumn|fall|christmas|peak|holidays?|january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+(?:season|period|rush|week|month|quarter))?\s*,?\s+([^”"]+)/i,
    confidence: 0.6,
    list: false,
    clauses: true,
  },
  { pattern: /^(?:are you )?(?:still|sick of|fed up with)\s+([^?]+)\?$/i, confidence: 0.75, list: false },
  { pattern: /\b(?:(?:tired|sick|fed up) (?:of|with)|had (?:had )?enough of) ([^.?!;]+)/i, confidence: 0.75, list: true },
  // "If you've ever stayed up on the 25th working out holiday pay…, you're not alone."
  { pattern: /^if you(?:(?:'|’)ve| have)? ever\s+([^,.?!;]+)/i, confidence: 0.65, list: false },
  // "It's 10pm and you're still writing up today's survey photos": what the visitor is still doing.
  { pattern: /\byou(?:(?:'|’)re| are) still\s+(\w+ing\b[^.?!;]*)/i, confidence: 0.65, list: false },
  // A thing lost where nobody finds it, whole: "Updates are buried in inboxes", "Orders get lost between shifts".
  {
    pattern:
      /^((?:[\w'’-]+\s+){1,4}?(?:is|are|get|gets|go|goes)\s+(?:buried|lost|stuck|scattered|hidden|trapped|missing)\s+(?:in|under|across|between|inside)\s+[^.?!;]+)/i,
    confidence: 0.65,
    list: false,
  },
  { pattern: /\bstruggl(?:e|es|ing) (?:with|to) ([^.?!;]+)/i, confidence: 0.75, list: true },
  // "Patients hate filling in the same form twice", "Hate building the rota?".
  { pattern: /\b(?:hate|hates|dread|dreads|loathe|loathes|can(?:'|’)t stand) ([^.?!;]+)/i, confidence: 0.7, list: true },
  // "Too many alerts, not enough people": the excess or the shortage, with the words that make it one.
  { pattern: /\b((?:too (?:many|much)|not enough|never enough) [^.?!;]+)/i, confidence: 0.65, list: true },
  {
    pattern: /\b(?:drowning in|buried (?:in|under)|bogged down (?:by|in|with)|frustrated (?:by|with)|held back by|plagued by) ([^.?!;]+)/i,
    confidence: 0.7,
    list: true,
  },
  // "lose top candidates to slow feedback loops, scattered notes and …": what they lose it to.
  { pattern: /\blos(?:e|es|ing)\s+(?:[\w$,'’-]+\s+){0,3}?to\s+([^.?!;]+)/i, confidence: 0.7, list: true },
  // What a customer lost, in its story: "Our engineers lost two sprints to our last audit", "We kept losing enterprise deals at …".
  {
    pattern:
      /^[“"]\s*((?:we|I|they|(?:our|my) (?:[\w-]+ ){0,2}[\w-]+)\s+(?:lost|kept losing|kept missing|missed|were losing|were missing)\s+[^.?!;”"]+)/i,
    confidence: 0.65,
    list: false,
    capture: (match) => match[1]!.replace(/^(?:we|I|they)\s+/i, '').replace(/^(?:our|my)\s+/i, ''),
  },
  // Money and time that go to waste, told in the passive: "Most wellbeing budgets are spent on apps that 4% of employees open".
  {
    pattern: /\b(?:time|money|budgets?|hours|days|spend)\s+(?:is|are|gets?|goes)\s+(?:spent|wasted|lost|burned)\s+(?:on|in)\s+([^.?!;]+)/i,
    confidence: 0.6,
    list: false,
  },
  // "Property managers still chase late rent by phone, lose …": what a role still does by hand.
  {
    pattern: /\b(?:teams?|managers?|leaders?|owners?|(?!(?:is|was|has|does|this|thus|us|its|his)\b)[a-z]+s)\s+still\s+([^.?!;]+)/i,
    confidence: 0.65,
    list: true,
  },
  { pattern: /\bjuggl(?:e|es|ing)\s+([^.?!;]+)/i, confidence: 0.65, list: true },
  // A thing that is still done the old way, with its subject: "Firing logs still live in a binder next to the kiln",
  // "It's 2026 and your warehouse still runs on clipboards" (a role that still does it is read above).
  {
    pattern:
      /(?:^|[,;:]\s+|\b(?:and|but)\s+)[“"]?((?:[\w'’-]+\s+){1,3}?)(still\s+(?:lives?|runs?|sits?|happens?|gets?|goes|go|comes?|arrives?|relies?|rely|depends?|depend|needs?|need|takes?|take|means?|mean|works?|work)\b[^.?!;”"]*)/i,
    confidence: 0.6,
    list: false,
    capture: (match) => withThingSubject(match[1]!.trim(), match[2]!),
  },
  // A customer's "before", told of its own people: "Before Quillcase, our partners spent the last Friday of every
  // month rebuilding bills …", "Before SproutDesk we spent every Sunday evening texting parents …".
  {
    pattern:
      /^[“"]?\s*(?:[Bb]efore|[Uu]ntil|[Ww]ithout)\s+(?:[A-Z][\w'’.&-]*\s*){1,3},?\s+((?:[Ww]e|I|[Tt]hey|(?:[Oo]ur|[Mm]y|[Tt]heir) (?:[\w-]+ ){0,2}?[\w-]+)\s+[^.?!;”"]+)/,
    confidence: 0.65,
    list: false,
    capture: (match) => match[1]!.replace(/^(?:we|I|they)\s+/i, '').replace(/^(?:our|my|their)\s+/i, ''),
    whole: true,
  },
  // Nobody does it, or no one can: "Nobody on the night shift knows which bin the pallet went to", "No one likes chasing invoices".
  {
    pattern: /(?:^|[,;:—–]\s*|\b(?:and|but|because|so|when)\s+)((?:nobody|no one|no-one)\s+(?!(?:else|needs|has to)\b)[^.?!;]+)/i,
    confidence: 0.6,
    list: false,
    whole: true,
    partial: true,
  },
  // What cannot be seen, known or done: "You can't see which matters are over budget until the invoice goes out",
  // "It's hard to know what you actually hold until the count is done", "There's no way to tell which leads …".
  {
    pattern:
      /\b((?:(?:can(?:'|’)t|cannot|can not|couldn(?:'|’)t)\s+(?:see|tell|know|find|track|trust|keep up|plan|predict|prove|promise|spot|reach|answer|say|get|keep|work out|figure out)|(?:no way|(?:too )?hard|difficult|impossible|tough) to\s+(?!(?:beat|match|miss|resist|ignore)\b)[a-z]+)\s+\w[^.?!;]*)/i,
    confidence: 0.6,
    list: false,
    whole: true,
    partial: true,
  },
  // Not why they started: "You didn't go to law school to chase colleagues for their time entries".
  {
    pattern: /\b(?:you|we|they|I)\s+(?:didn(?:'|’)t|did not|never)\s+(?:[\w'’-]+\s+){1,5}to\s+([^.?!;]+)/i,
    confidence: 0.6,
    list: false,
  },
  // A warning: "Don't let one bad firing scrap a week of production", "Never let a renewal slip".
  { pattern: /\b(?:don(?:'|’)t|do not|never) let\s+([^.?!;]+)/i, confidence: 0.6, list: false },
  // A thing the copy calls hard, whole, with when it is: "Scheduling is hard when half your staff work part-time",
  // "Compliance audits are stressful and slow".
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,8}?(?:is|are|was|were|gets?|can be|feels?)\s+(?:so\s+|still\s+|really\s+|always\s+)?(?:hard|difficult|stressful|slow|confusing|expensive|costly|risky|frustrating|exhausting|overwhelming|complicated|chaotic|a minefield|a gamble|guesswork)\b(?!\s+to\s+(?:beat|match)\b)[^.?!;]*)/i,
    confidence: 0.6,
    list: false,
    whole: true,
    partial: true,
  },
  // What goes wrong to a thing, whole: "Every week, jobs get double-booked and customers wait", "Paper forms get lost".
  {
    pattern:
      /(?:^|[,;:]\s+|\b(?:and|but|so|when)\s+)[“"]?((?!(?:nothing|no|none|never|nobody|it|this|that)\b)(?:[\w'’-]+\s+){1,4}?(?:gets?|got|go|goes|went)\s+(?:double-booked|overbooked|lost|missed|forgotten|delayed|overlooked|ignored|dropped|rejected|denied|cancelled|misplaced|duplicated|re-keyed|re-entered|unpaid|unanswered|unread|stale|cold|out of date)\b[^.?!;]*)/i,
    confidence: 0.6,
    list: false,
    whole: true,
    partial: true,
  },
  // What keeps getting worse, or gets lost, whole: "Shipping costs keep climbing", "Defects fall through the cracks".
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,6}?(?:keeps?|kept)\s+(?:climbing|rising|going up|growing|piling up|slipping|breaking|failing|crashing|getting (?:worse|lost|missed|longer))\b[^.?!;]*)/i,
    confidence: 0.6,
    list: false,
  },
  {
    pattern: /((?:[\w'’-]+\s+){1,8}?(?:falls?|fell|falling|slips?|slipped|slipping)\s+through the cracks\b[^.?!;]*)/i,
    confidence: 0.6,
    list: false,
  },
  // The problem named as one: "The biggest challenge for clinics is chasing prior authorisations."
  {
    pattern:
      /\b(?:biggest|real|main|hardest|common|usual|number one|#1)?\s*(?:problem|challenge|bottleneck|headache|pain point|frustration)s? (?:(?:for|of|facing|at) [\w\s-]{2,40}? )?(?:is|are|was|were)\s+([^.?!;]+)/i,
    confidence: 0.65,
    list: true,
  },
  // A thing the copy calls a burden, whole: "Scheduling interviews across five time zones is a nightmare."
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,10}?(?:is|are|was|were|has become|have become|feels?|remains?)\s+(?:still\s+)?(?:a |an |such a |the )?(?:nightmare|mess|slog|grind|chore|struggle|bottleneck|time sink|black hole|guessing game|full-time job|pain|headache|painful|broken|error-prone|unreliable|impossible|tedious|manual)\b)/i,
    confidence: 0.6,
    list: false,
  },
  // What takes too long, whole: "Month-end close takes too long", "Onboarding a new site drags on for weeks".
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,8}?(?:takes?|took|drags? on|eats?|ate)\s+(?:too long|forever|ages|(?:for\s+)?(?:days|weeks|months|hours)|all day|(?:up\s+)?(?:the|a|half)\s+(?:first\s+)?(?:whole\s+)?(?:day|week|month|morning|afternoon)\b)[^.?!;,]*)/i,
    confidence: 0.6,
    list: false,
  },
  // A customer's past, in a testimonial: "We used to send one annual training video and hope."
  // Any subject that did it ("Sales used to wait four days", "Our data manager used to spend…"), not
  // a thing used for something ("is used to", "get used to"). A thing that was so is part of the
  // problem: "Our quotes used to go out three days after the survey".
  {
    pattern:
      /(\b(?:[Ww]e|I|[Tt]hey|[Hh]e|[Ss]he|[Yy]ou|[Ii]t|(?:[Oo]ur|[Mm]y|[Tt]heir|[Tt]he) (?:[\w-]+ ){0,2}[\w-]+)|(?:^|[“"]\s*)[A-Z][\w-]*)\s+used to\s+([^.?!;]+)/,
    confidence: 0.65,
    list: true,
    capture: (match) => {
      const subject = match[1]!.replace(/^[“"]\s*/, '').replace(/^(?:our|my|their|the)\s+/i, '');
      return PEOPLE_SUBJECT.test(subject) || BUYERS.test(subject) ? match[2]! : `${subject} used to ${match[2]}`;
    },
  },
  // A habit told in a testimonial: "Every Monday I exported three CSVs and fixed the counts by hand".
  {
    pattern:
      /^[“"]\s*(?:every|each)\s+(?:[\w-]+\s+){0,2}?(?:day|morning|evening|night|week|weekend|month|quarter|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|term|shift|meeting|close|audit|renewal)s?,?\s+(?:(?:I|we|they|he|she)\s+)?([^.?!;”"]+)/i,
    confidence: 0.6,
    list: false,
  },
  // "With our last warehouse, one order in fifty went to the wrong address": what happened with the old one.
  {
    pattern: /^[“"]?(?:with|at|under|using|on) (?:our|my|their) (?:last|previous|old|former) [\w\s'’-]{1,30}?,\s*([^.?!;”"]+)/i,
    confidence: 0.6,
    list: false,
  },
  // "Our last agency sent us keyword reports every month and not a single lead": what the old one did.
  {
    pattern:
      /\b(?:our|my|their) (?:last|previous|old|former) (?:[\w-]+ ){0,2}?(?:agency|agencies|vendor|provider|supplier|system|tool|software|platform|partner|firm|broker|process|setup)\s+([^.?!;”"]+)/i,
    confidence: 0.6,
    list: false,
  },
  // "We were paying duplicate invoices and accessorials nobody had approved": what they were doing then.
  {
    pattern:
      /\b(?:we|I|they|(?:our|my|their) (?:[\w-]+ ){0,2}[\w-]+)\s+(?:were|was)\s+(?:still\s+|always\s+|constantly\s+)?(\w+ing\s+[^.?!;]+)/i,
    confidence: 0.6,
    list: true,
  },
  {
    pattern:
      /\b(?:no more|say goodbye to|goodbye to|get rid of|eliminates?|stop|ditch|forget(?! to\b)|put an end to|gone are the days (?:of|when|where)|the days of|no longer have to|no need to) ([^.?!;]+)/i,
    confidence: 0.65,
    list: true,
  },
  // "Never again lose a placement…", "…and never hike in worn-out socks again": a promise that names what it ends.
  { pattern: /(?:^|\byou(?:'|’)ll\s+|\byou will\s+)never\s+(?:again\s+)?(?:have to\s+)?([^.?!;]+)/i, confidence: 0.6, list: false },
  { pattern: /\bnever\s+((?:[\w'’-]+\s+){1,8}?)again\b/i, confidence: 0.6, list: false },
  // A customer's story of the people it took: "We had two people doing nothing but reference calls".
  { pattern: /\b(?:we|I|they) had\s+((?!been\b)(?:[\w,-]+\s+){1,4}?\w+ing\s+[^.?!;”"]+)/i, confidence: 0.6, list: false },
  // What should not be so, the subject a pronoun: "You shouldn't need five freelancers … to publish one article".
  {
    pattern:
      /^(?:you|your team|we|they)\s+(?:shouldn(?:'|’)t|should not|don(?:'|’)t|do not)\s+(?:have to\s+|need to\s+)?((?:need|have|spend|wait|chase|lose|juggle|waste|dig|hunt)\b[^.?!;]*)/i,
    confidence: 0.6,
    list: false,
  },
  // …and whole, the subject a thing: "Matching payments to invoices shouldn't take your team three days every month".
  {
    pattern:
      /^((?:[\w'’-]+\s+){1,8}?(?:shouldn(?:'|’)t|should not|doesn(?:'|’)t have to|does not have to|don(?:'|’)t have to|needn(?:'|’)t)\s+[^.?!;]+)/i,
    confidence: 0.6,
    list: false,
  },
  // How it was, as a customer tells it: "Early check-ins stopped being a gamble", "Month-end is no longer a scramble".
  {
    pattern: /^[“"]?((?:[\w'’-]+\s+){1,6}?(?:stopped being|(?:is|are|was|were) no longer)\s+[^.?!;”"]+)/i,
    confidence: 0.6,
    list: false,
  },
  // What is eating the budget, told as it happened: "Agency invoices were eating a fifth of our staffing budget".
  {
    pattern:
      /^[“"]?((?:[\w'’-]+\s+){1,6}?(?:were|was|are|is|kept)\s+(?:eating|costing|killing|draining|burning through|swallowing)\s+[^.?!;”"]+)/i,
    confidence: 0.6,
    list: false,
  },
  // A before and after in five words: "From forty phone calls to one tap."
  {
    pattern: /^from\s+((?:[\w'’-]+\s+){1,6}?[\w'’-]+)\s+to\s+(?:one|a single|zero|no|none|minutes|seconds|a (?:click|tap|glance))\b/i,
    confidence: 0.55,
    list: false,
  },
  // A headline that says what the product is not: "A front desk that isn't always on the phone".
  {
    pattern: /^(?:an?|the|your)\s+((?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+that\s+(?:isn(?:'|’)t|is not|aren(?:'|’)t|are not)\s+([^.?!;]+)$/i,
    confidence: 0.55,
    list: false,
    capture: (match) => `${match[1]} ${match[2]}`,
  },
  // "replaces spreadsheets and email threads with one workspace": the problem ends at "with".
  { pattern: /\b(?:replaces?|replacing) ((?:(?! with\b)[^.?!;,])+)/i, confidence: 0.6, list: true },
  // The verb, not the noun ("Food waste fell by a third" is an outcome): "wasting hours on …", "teams waste …",
  // and "waste" whatever its subject when time or money follows ("Sales managers waste hours listening …").
  {
    pattern: new RegExp(
      String.raw`\b(?:wast(?:es|ed|ing)|(?:to|you|we|they|teams?|people|staff|and) waste|waste(?=\s+${TIME_SPENT}\b)) ([^.?!;,]+)`,
      'i',
    ),
    confidence: 0.65,
    list: false,
  },
  // Only time and money lost count ("spend management" is a product, not a problem); the problem
  // is what the time goes to: "spend the first week of every month chasing receipts and …".
  {
    pattern: new RegExp(
      String.raw`\b(?:losing|lose|loses|spending|spend|spends|spent|sinking|burning) ${TIME_SPENT}\s+(?:(?:on|to|in|with|over)\s+)?([^.?!;]+)`,
      'i',
    ),
    confidence: 0.6,
    list: true,
  },
  { pattern: /\bstuck (?:with |in |on )?([^.?!;,]+)/i, confidence: 0.6, list: false },
  { pattern: /\bwait(?:s|ing)?\s+(?:days|weeks|hours|months|\d+\s+\w+)\s+(?:for|on|to)\s+([^.?!;,]+)/i, confidence: 0.6, list: false },
  // A list item that promises less of something names the problem: "Fewer claim denials from …".
  { pattern: /^(?:fewer|less|zero)\s+((?:(?!,?\s+(?:and\s+)?more\b)[^.?!;])+)/i, confidence: 0.6, list: false },
  // The problems as the subject: "Abandoned carts and one-time shoppers eat your ad budget." (Not
  // "slow": "Teams struggle with slow close" would make "Teams struggle with" a subject.)
  {
    pattern:
      /^[“"]?(?!(?:[Mm]ost|[Mm]any|[Aa]ll|[Ss]ome|[Oo]ur|[Yy]our|[Tt]heir)\b)([A-Z](?:(?!\b(?:shouldn|should|doesn|don|won|can|could|would|will|must)\b)[^.?!;:]){3,80}?)\s+(?:eat|eats|cost|costs|frustrate|frustrates|kill|kills|drain|drains|hurt|hurts|plague|plagues|are the result|is the result|are a thing of the past|is a thing of the past|are history|are gone)\b/,
    confidence: 0.6,
    list: true,
  },
  { pattern: /\bwithout ([^.?!;,]+)/i, confidence: 0.6, list: true, weak: true },
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
const ADJECTIVE_PHRASE = new RegExp(
  String.raw`\b((?:${PROBLEM_ADJECTIVES})\s+${NOT_IN_PHRASE}[a-z][\w-]*(?:\s+${NOT_IN_PHRASE}[a-z][\w-]*){0,2})`,
  'gi',
);

// Careers and security pages talk about the company's own culture and controls, and team pages
// about its people: not its buyers' problems.
const PAIN_PAGES = new Set(['home', 'about', 'customers', 'pricing', 'faq', 'blog', 'other']);

// What the copy wraps a problem in, which is not the problem: "losing time to manual
// reconciliation" is the problem "manual reconciliation"; "hours chasing approvals" is "chasing
// approvals"; "the headache of month-end" is "month-end".
const LEAD_INS: RegExp[] = [
  new RegExp(
    String.raw`^(?:losing|lose|loses|wasting|waste|wastes|spending|spend|spends|spent|sinking|burning)\s+(?=${TIME_SPENT}\b)`,
    'i',
  ),
  new RegExp(String.raw`^${TIME_SPENT}\s+(?:(?:on|to|in|with|over)\s+)?`, 'i'),
  /^(?:the |that )?(?:pain|hassle|headache|chaos|mess|burden|cost|nightmare|grind|drudgery|risk) of\s+/i,
  /^(?:dealing|coping|living|wrestling|fighting|putting up) with\s+/i,
  // "It took a week to reconcile them": the time it took is the problem, not "it".
  /^it\s+(?=(?:takes?|took|used to)\b)/i,
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
  // A comma inside a number ("4,000 scanner findings") separates no items.
  const raw = capture.split(/(?<!\d),\s*(?:and\s+|or\s+)?|,(?!\d{3}\b)\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).map((item) => item.trim());
  const items = raw.map((item) => tidyPhrase(problemOnly(item))).filter(Boolean);
  // A long item means this was prose rather than a list: the problem is its first clause ("timesheets
  // reconstructed on Friday afternoon, and law firm partners wait…").
  // "relaying emails between the client, the insurer and the loss adjuster": when only the first item has a
  // verb, the others are its objects, not problems of their own.
  const verbless = (item: string) => !sentencesOf(item).some((sentence) => sentence.terms.some((term) => term.tags.includes('Verb')));
  const objects =
    raw.length > 1 &&
    !verbless(raw[0]!) &&
    raw.slice(1).every((item) => /^(?:the|a|an|your|their|our|his|her|its)\s/i.test(item) && verbless(item) && item.split(' ').length <= 4);
  if (items.length > 1 && !objects && items.every((item) => item.split(' ').length <= 7)) return items;
  if (objects) return [tidyPhrase(problemOnly(capture), CAPTURE_WORDS)];
  const [first] = capture.split(/,\s+(?:and|but|while|so)\s+/);
  return [tidyPhrase(problemOnly(first && first.split(' ').length >= 2 ? first : capture), CAPTURE_WORDS)];
}

// A phrase that is the copy's own promise or filler, not a problem ("stop guessing and start…" keeps "guessing").
const NOT_A_PROBLEM = /^(?:it|this|that|them|us|you|here|today|now|anything|everything|nothing)\b/i;

// Where a captured problem ends: what follows is the consequence or the promise.
const TAIL = /\s+(?:and start|so you can|so that|because|while|when|until|again|(?:are|is) (?:over|gone|numbered)|—|–)(?:\s.*)?$/i;

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
  const terms = termsOf(text);
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
    .split(/\s*[:;]\s*|,\s*(?:and\s+|or\s+)?/)
    .reduce(withPrepositionParts, [])
    .flatMap(andClauses)
    .map((clause) => tidyPhrase(clause.replace(TAIL, ''), 14))
    .filter((clause) => clause.split(' ').length >= 2 && !/^(?:from|with|for|by|to|in|on|at)\b/i.test(clause));
}

// Work done by hand, the commonest problem a site names without a cue word: "by hand", "in a
// spreadsheet", "by phone and email", "over WhatsApp", "on sticky notes", "re-keying".
const MANUAL_WORK =
  /\b(?:by hand|manually|in (?:a |one |the |their |your |our |shared |separate |an? \w+ )*(?:spreadsheets?|excel|inbox(?:es)?|notebooks?)|from (?:a |an |their |your )?(?:notebooks?|spreadsheets?)|on (?:paper|sticky notes|whiteboards?|post-its?)|paper forms?|by (?:phone|email|fax|post)|over (?:email|whatsapp|the phone|text)|from (?:dms|emails?|voicemails?)|re-?key(?:s|ed|ing)?|re-?typ(?:e|es|ed|ing)|copy(?:ing)? \w+(?: \w+)? into)\b/i;
// A sentence that names the problem as such: "Before: …", "The problem: …", "Without a plan, …".
const PROBLEM_LEAD =
  /^(?:(?:before|the problem|problem|today|the old way|the reality|here(?:'|’)s the (?:problem|thing|catch)|the (?:problem|trouble) is)\s*[:—–]\s*|(?:before|until|without)\s+[\w'’ -]{1,40},\s*|(?:previously|in the past|back then|last year),\s*|because\s+(?!(?:we|our|it|this|that)\b))/i;
// Headings and captions over a list or table of problems: "Before Larderline", "Without Dockslot", "Sound familiar?".
const PROBLEM_HEADING =
  /^(?:before\b|without\b|the old way|what (?:it|\w+) replaces|what (?:you|they) leave behind|sound familiar|(?:the|your|our customers'?) (?:problem|challenge)|problems?\b|challenges?\b|pain points?|what(?:'|’)s broken|why (?:\w+ ){0,3}(?:switch|leave|move|hand (?:it )?over|give up|quit|outgrow)|what (?:we|you) hear|what (?:[\w-]+ ){1,3}(?:tell us|say|told us)|(?:[\w-]+ ){1,3}(?:tell|told) us\b|you told us|is this you|does this sound|you know the feeling|the status quo|what (?:slows|holds|keeps|gets) (?:\w+ )?(?:back|down|stuck)|what (?:it|we|\w+) (?:fix(?:es)?|solves?)|problems? we solve|where it hurts|(?:common )?(?:headaches|frustrations)|the cost of)/i;
// A question that is the visitor's problem, not the site's offer: "Still faxing lab results?",
// "Do your vaccine reminders go out on sticky notes?"; not "Ready to start?" or "How does it work?".
// A FAQ's question about the service itself: "Do I still need a revenue manager?", "Can you tell me where my container is?".
const SERVICE_QUESTION =
  /^(?:do (?:i|we) (?:still )?need|what happens (?:on|at|during|after|if i|if we|when i|when we)|(?:can|could|will|do) you)\b/i;
const OFFER_QUESTION =
  /^(?:do (?:i|we) (?:still )?need|what happens (?:on|at|during|after|if i|if we|when i|when we)|(?:can|could|will|do) you|ready|want|need|why (?:choose|us|would|should|[\w-]+ (?:choose|pick|love|switch|use))|what (?:is|are|does|do)|how (?:does|do|can|it)|curious|interested|looking|got|questions|who (?:is|are) (?:it|we)|can i|can we|is it|does it)\b/i;
// What a question wraps its problem in: "Is your team …", "Does nobody …", "How many …", "Are …".
const QUESTION_LEAD =
  /^(?:(?:and|so|still|honestly|be honest)[,:]?\s+)?(?:what (?:if|happens (?:if|when))\s+)?(?:(?:how (?:many|much|often|long)|(?:why |where |when )?(?:is|are|do|does|did|was|were|has|have|can|could|will))\s+)?(?:(?:your|you|the|their|our)\s+(?:(?:team|teams|staff|people|company|business|practice|firm|office|clinic|store|school)\s+)?)?/i;
// Where a statement starts the company's own offer or a promise, it is no problem.
const OFFER_START =
  /^(?:for|we|we(?:'|’)re|our|us|it|its|it(?:'|’)s|this|that|these|here|with|get|try|start|see|book|join|meet|learn|find|discover|explore|say|trusted|used|loved|built|made|designed|introducing|welcome|one (?:[\w-]+ )?(?:platform|place|app|tool|dashboard|view|system|inbox|login|click|solution|workspace|home|source|price|plan)\b|all|everything|every\b.*\bin one\b)\b/i;

// A quote's credit after it: '“…knew our site.” — Operations Manager, Midland Parcel Hub'. Never part of the problem.
const ATTRIBUTION = /(?<=[”"])\s*[—–-]\s*[^“”"]{2,80}$/;

/** The clauses of a statement, each a problem in the site's words: "the grid connection quote took nine months", "nobody can tell who is paying". */
function statementClauses(text: string): string[] {
  const body = text
    .replace(ATTRIBUTION, '')
    .replace(PROBLEM_LEAD, '')
    .replace(/[.!?]+$/, '');
  // What comes before a colon introduces the problems ("Facilities managers tell us the same story: …").
  const afterColon = body.includes(': ') ? body.slice(body.indexOf(': ') + 2) : body;
  return (
    afterColon
      .split(/\s*;\s*|,\s*(?:and|but|so|while|or)\s+|,\s+(?=(?:\S+\s+){2})/)
      .reduce(withPrepositionParts, [])
      .flatMap(andClauses)
      // "Margins leak because the discount someone gave in 2021 is still being copied forward": the effect and its cause.
      .flatMap((clause) => {
        const [effect, cause] = clause.split(/\s+because\s+(?:of\s+)?/i);
        return cause && effect!.split(' ').length >= 2 ? [`${effect} ·`, cause] : [clause];
      })
      .map((clause) => (clause.endsWith(' ·') ? clause.slice(0, -2) : tidyPhrase(clause.replace(/[“”"]/g, '').replace(TAIL, ''), 14)))
      .filter((clause) => clause.split(' ').length >= 2 && (clause.split(' ').length >= 3 || /^[\w-]+s [\w-]+$/i.test(clause)))
  );
}

/** "…at 6pm, by hand, from a whiteboard": a part that starts with a preposition belongs to the clause before it. */
function withPrepositionParts(clauses: string[], part: string): string[] {
  if (clauses.length > 0 && /^(?:by|from|at|in|on|with|for|to|of|into|over|via|after|before)\b/i.test(part))
    clauses[clauses.length - 1] += `, ${part}`;
  else clauses.push(part);
  return clauses;
}

/** "HR managers chase paper forms … and re-type them into four portals": two clauses where "and" starts a new verb or subject (compromise). */
function andClauses(clause: string): string[] {
  const parts = clause.split(/\s+and\s+/);
  if (parts.length === 1) return [clause];
  const clauses = [parts[0]!];
  for (const part of parts.slice(1)) {
    const terms = sentencesOf(part)[0]?.terms ?? [];
    const first = terms[0]?.tags ?? [];
    const starts = first.includes('Verb') || first.includes('Pronoun') || first.includes('Determiner');
    // "…between the offer and their first shift": a part with no verb of its own is no clause.
    const verb = terms.some((term) => term.tags.includes('Verb'));
    if (starts && verb && part.split(' ').length >= 3 && clauses.at(-1)!.split(' ').length >= 3) clauses.push(part);
    else clauses[clauses.length - 1] += ` and ${part}`;
  }
  return clauses;
}

/** A statement of the problem where a page states it: a full sentence with a verb, neither the offer nor a promise. */
function isProblemStatement(text: string, company: string, quotedProblems = false): boolean {
  // Under a heading of what customers say, a quote is read without its credit ("— Warehouse Manager, …").
  const body = text
    .replace(quotedProblems ? ATTRIBUTION : /$^/, '')
    .replace(PROBLEM_LEAD, '')
    .replace(quotedProblems ? /^\s*[“"]|[”"]\s*$/g : /$^/, '');
  // "Before Learnlane, our founder spent …" and a customer's quoted "Our servicing schedule …" are their story, not the offer.
  const story = (PROBLEM_LEAD.test(text) || quotedProblems) && /^(?:our|we)\b/i.test(body);
  if ((OFFER_START.test(body) && !story) || AFTER_LEAD.test(body) || PROMISE_WORDS.test(body) || mentions(body, company)) return false;
  // A quote is a testimonial, read by the cue rules ("used to", "we were …"); a statement is the site's own.
  // Under a heading of what customers say ("Fleet managers tell us the same things"), quotes are the problems.
  if (
    // ('"Works on my machine" bugs found after the merge' quotes a phrase, not a customer.)
    (!PROBLEM_LEAD.test(text) && /^\s*[“"][^”"]*$|^\s*[“"].*[”"]\W*$|[”"]\s*[—–-]|^\s*[—–-]/.test(body)) ||
    /\b(?:you(?:'|’)ll|you will|you can(?!(?:'|’)t|not)|lets you|helps? you|so you)\b/i.test(body)
  )
    return false;
  const terms = termsOf(body);
  // A problem has a verb after its subject, and not one of what buyers do with a product ("Design engineers get a review").
  const verb = terms.slice(1).find((term) => term.tags.includes('Verb') && !term.tags.includes('Auxiliary'));
  if (verb !== undefined) {
    // "Documents get requested twice": "get" before a participle is what happens to them, not what buyers gain.
    const next = terms[terms.indexOf(verb) + 1];
    const passive = /^gets?$/i.test(verb.text) && next !== undefined && /(?:ed|en)$/i.test(next.text);
    return passive || !STATEMENT_PROMISE.test(verb.text);
  }
  // A noun and what it does, as copy lists problems: "Candidates who ghost you between the offer and their first shift".
  return terms.slice(1, -1).some((term) => /^(?:who|that|which)$/i.test(term.text));
}

/** A line of short problems without a verb, under a heading of problems: "Timesheets on paper, approvals by email, payroll errors every month." */
function problemList(text: string, company: string): boolean {
  const items = text.replace(/[.!]+$/, '').split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/);
  return (
    items.length >= 2 &&
    !mentions(text, company) &&
    !PROMISE_WORDS.test(text) &&
    items.every((item) => item.split(' ').length >= 2 && item.split(' ').length <= 6)
  );
}

// What buyers do with a product or gain from it, as the verb of a statement: a promise, not a problem.
const STATEMENT_PROMISE =
  /^(?:use|uses|love|loves|choose|chooses|trust|trusts|rely|relies|adopt|adopts|save|saves|get|gets|win|wins|grow|grows|can|could|will)$/i;

// The other half of a before/after pair: "After: every referral arrives complete."
const AFTER_LEAD = /^(?:after|now|with \w+)\s*[:—–]\s*/i;

const mentions = (text: string, company: string) =>
  company.length >= 3 && new RegExp(`\\b${company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text);

/** The problem a question asks about, without the words that make it a question. */
function questionProblem(text: string, company: string): string | null {
  if (!text.endsWith('?') || OFFER_QUESTION.test(text) || mentions(text, company)) return null;
  const problem = tidyPhrase(text.replace(/\?+$/, '').replace(QUESTION_LEAD, ''), 14);
  return problem.split(' ').length >= 3 ? problem : null;
}

/** Where on a page a sentence stands, as far as problems go. */
interface PainPlace {
  /** Among the first sentences under the page's first heading. */
  hero: boolean;
  /** Among the first few more (the problem often takes a short paragraph of its own): read as statements. */
  opening: boolean;
  /** An item of a list or a cell of a table column headed as problems ("Before …", "Without …"). */
  problemItem: boolean;
  /** An item or cell on the product's side of a before/after ("With Fieldkit"): only a cue word makes it a problem ("Fewer claim denials"). */
  answer: boolean;
  company: string;
}

function painsIn(sentence: Sentence, place: PainPlace): Array<{ phrase: string; confidence: number }> {
  // A question about the product ("Does Briefly replace our lawyers?") is a FAQ's, not a problem.
  if (sentence.text.endsWith('?') && (mentions(sentence.text, place.company) || SERVICE_QUESTION.test(sentence.text))) return [];
  const hero = place.hero;
  const captures: Array<{ raw: string; confidence: number; weak?: boolean; whole?: boolean; partial?: boolean }> = [];
  let cued = false;
  for (const rule of PAIN_RULES) {
    const match = rule.pattern.exec(sentence.text);
    if (!match?.[1]) continue;
    cued ||= !rule.weak && !rule.partial;
    const captured = rule.capture ? rule.capture(match) : match[1];
    if (rule.clauses) {
      for (const raw of statementClauses(captured)) captures.push({ raw, confidence: rule.confidence });
      continue;
    }
    if (rule.whole) {
      captures.push({ raw: tidyPhrase(captured, 14), confidence: rule.confidence, whole: true, partial: rule.partial });
      continue;
    }
    for (const raw of rule.list
      ? splitList(captured.replace(TAIL, ''))
      : [tidyPhrase(problemOnly(captured.replace(TAIL, '')), CAPTURE_WORDS)])
      captures.push({ raw, confidence: rule.confidence, weak: rule.weak });
  }
  // "Over 600 agencies run their onboarding through Offerloop" is the offer in use, not a problem.
  const predicate = hero && !mentions(sentence.text, place.company) ? buyerPredicate(sentence.text) : null;
  if (predicate) for (const raw of clausesOf(predicate)) captures.push({ raw, confidence: 0.55 });
  // A problem adjective's phrase is a fragment ("unpaid for weeks"): a clause of the sentence holding it says more.
  for (const match of sentence.text.matchAll(ADJECTIVE_PHRASE)) captures.push({ raw: match[1]!, confidence: 0.6, weak: true });
  // Then what the cue words above do not mark, whole clauses in the site's words (longer, so a
  // phrase already read from the same words is kept and the clause dropped as a repeat).
  const long: Array<{ raw: string; confidence: number }> = [];
  const question = questionProblem(sentence.text, place.company);
  if (question) long.push({ raw: question, confidence: 0.6 });
  // A sentence a cue word marks was read above, in the cue's words; the rest is read whole.
  // A heading that announces problems ("Why agencies switch", "Sound familiar?") is none itself.
  const announces = PROBLEM_HEADING.test(sentence.text) && (sentence.text === sentence.heading || sentence.text.split(' ').length <= 5);
  const statement =
    !announces &&
    !place.answer &&
    !sentence.text.endsWith('?') &&
    !cued &&
    (place.problemItem ||
      PROBLEM_LEAD.test(sentence.text) ||
      (place.opening && sentence.pageKind === 'home') ||
      PROBLEM_HEADING.test(sentence.heading)) &&
    (place.problemItem ||
      isProblemStatement(sentence.text, place.company, PROBLEM_HEADING.test(sentence.heading)) ||
      (PROBLEM_HEADING.test(sentence.heading) && problemList(sentence.text, place.company)));
  // An item longer than a phrase is read clause by clause, not cut ("Councillors ask me where a case is and I have to go and look …").
  if (place.problemItem && !question && sentence.text.split(' ').length > 14)
    for (const clause of statementClauses(sentence.text)) long.push({ raw: clause, confidence: 0.6 });
  else if (place.problemItem && !question)
    long.push({ raw: tidyPhrase(sentence.text.replace(PROBLEM_LEAD, '').replace(/[.!]+$/, ''), 14), confidence: 0.6 });
  else if (statement) for (const clause of statementClauses(sentence.text)) long.push({ raw: clause, confidence: 0.55 });
  else if (!cued && MANUAL_WORK.test(sentence.text) && !PROMISE_WORDS.test(sentence.text))
    for (const clause of statementClauses(sentence.text)) if (MANUAL_WORK.test(clause)) long.push({ raw: clause, confidence: 0.55 });
  const found: Array<{ phrase: string; confidence: number; weak?: boolean; partial?: boolean }> = [];
  for (const { raw, confidence, weak, whole, partial } of captures) {
    // "Because follow-ups get forgotten …" answers a "Why …?": the problem is what follows the "because".
    const phrase = (whole ? raw : tidyPhrase(problemOnly(raw.replace(TAIL, '')), CAPTURE_WORDS)).replace(/^because\s+/i, '');
    // One word is a problem when a strong cue names it: "Say goodbye to overselling", "no more paperwork".
    const word = confidence >= 0.65 && !weak && /^[a-z]{7,}$/i.test(phrase);
    if ((isPhrase(phrase) || word) && !NOT_A_PROBLEM.test(phrase))
      // "Broken pipelines" reads "broken pipelines" mid-sentence; "CSV exports" and "RFIs" keep their capitals.
      found.push({
        phrase: /^[A-Z][A-Z]/.test(phrase) ? phrase : phrase.charAt(0).toLowerCase() + phrase.slice(1),
        confidence,
        weak,
        partial,
      });
  }
  for (const { raw, confidence } of long) {
    // A pain is a phrase, not a quote or a question: the marks a clause carried from its sentence go ("where is my refund?" emails).
    const phrase = tidyPhrase(
      raw
        .replace(/[?!“”"]+/g, '')
        .replace(/\s{2,}/g, ' ')
        .replace(/^(?:the|your|their|our)\s+/i, ''),
      14,
    );
    if (!isPhrase(phrase) || NOT_A_PROBLEM.test(phrase) || mentions(phrase, place.company)) continue;
    found.push({ phrase: /^[A-Z][A-Z]/.test(phrase) ? phrase : phrase.charAt(0).toLowerCase() + phrase.slice(1), confidence });
  }
  // One clause a rule read from a sentence also read whole comes after the sentence's clauses, in their order.
  found.sort((a, b) => Number(Boolean(a.partial)) - Number(Boolean(b.partial)));
  return withoutFragments(found).map(({ phrase, confidence }) => ({ phrase, confidence }));
}

/**
 * What a weak rule read ("scan results" from "… without the scan results", "telling them" from
 * "moved a tool without telling them") gives way to the one longer phrase of the same sentence
 * holding it, which says what the problem is; and one phrase is kept once, a phrase cut short at
 * eight words ("nobody can tell who is paying") giving way to the whole of it.
 */
function withoutFragments<T extends { phrase: string; weak?: boolean }>(all: T[]): T[] {
  const lower = all.map((entry) => entry.phrase.toLowerCase());
  return all.filter((entry, index) => {
    const text = lower[index]!;
    if (lower.indexOf(text) !== index) return false;
    const longer = lower.filter((other) => other.length > text.length && other.includes(text));
    if (text.split(' ').length >= 6 && longer.some((other) => other.startsWith(text))) return false;
    return !(entry.weak && longer.length > 0);
  });
}

/**
 * The texts of a page's problem lists and columns: the items of a list, and the cells of a table
 * column, under a heading or caption that announces problems ("Before Larderline", "Without
 * Dockslot", "Sound familiar?").
 */
function problemItems(page: ParsedPage, company: string): { problems: Set<string>; answers: Set<string> } {
  const $ = page.signals.$;
  const problems = new Set<string>();
  // The other half of a before/after table or list ("With Fieldkit", "After", "What PalletHQ does"): the product's answers.
  const answers = new Set<string>();
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
  const answering = (text: string) => AFTER_HEADING.test(text) || mentions(text, company);
  const lists = $('ul,ol').toArray();
  const headingOf = (list: (typeof lists)[number]) => normal($(list).prevAll('h1,h2,h3,h4,h5,p,strong').first().text());
  lists.forEach((list, index) => {
    const before = headingOf(list);
    // A list the product's own list answers next ("The annual stock count, as you know it" … "With Stocktake") holds the problems.
    const next = lists[index + 1];
    const answered = next !== undefined && !answering(before) && answering(headingOf(next)) && headingOf(next) !== before;
    const into = PROBLEM_HEADING.test(before) || answered ? problems : answering(before) ? answers : undefined;
    // One list of both halves ("Before: …", "After: …"): each item goes to its own side.
    if (into)
      $(list)
        .children('li')
        .each((_i, item) => {
          const text = normal($(item).text());
          (AFTER_LEAD.test(text) ? answers : into).add(text);
        });
  });
  // A run of headings with nothing between them is a list set large ("Staff who click every link" / "Passwords on sticky
  // notes" / …): its items are problems when the run is not the product's (no company name, no promise) and each is a phrase.
  $('h2,h3,h4').each((_index, heading) => {
    const tag = heading.tagName;
    if ($(heading).prev().is(tag)) return;
    const run = [heading, ...$(heading).nextUntil(`:not(${tag})`).toArray()].map((each) => normal($(each).text()));
    if (
      run.length >= 2 &&
      run.every(
        (text) => text.split(' ').length >= 3 && !mentions(text, company) && !PROMISE_WORDS.test(text) && !PROBLEM_HEADING.test(text),
      )
    )
      for (const text of run) problems.add(text);
  });
  $('table').each((_index, table) => {
    const rows = $(table).find('tr').toArray();
    const header = rows[0]
      ? $(rows[0])
          .children('th,td')
          .map((_i, cell) => normal($(cell).text()))
          .toArray()
      : [];
    const problemColumns = header.map((text) => PROBLEM_HEADING.test(text));
    const answerColumns = header.map((text) => !PROBLEM_HEADING.test(text) && answering(text));
    // One column is the product's and none is headed as problems: the other headed columns hold them ("What we
    // hear" | "What PalletHQ does"; "" | "Spreadsheets and consultants" | "Auditkit", the first column naming the rows).
    if (answerColumns.filter(Boolean).length === 1 && !problemColumns.some(Boolean))
      header.forEach((text, column) => {
        if (!answerColumns[column] && text !== '' && (header.length === 2 || column > 0 || header[0] !== '')) problemColumns[column] = true;
      });
    for (const row of rows.slice(1)) {
      $(row)
        .children('th,td')
        .toArray()
        .forEach((cell, column) => {
          const text = normal($(cell).text());
          if (text && problemColumns[column]) problems.add(text);
          else if (text && answerColumns[column]) answers.add(text);
        });
    }
  });
  return { problems, answers };
}

// A heading over the product's side of a before/after: "After", "With Fieldkit", "Now", "What we do", "The fix".
const AFTER_HEADING =
  /^(?:after\b|with\b|now\b|today with\b|what \w+ does\b|how \w+ (?:fixes|solves|helps)|the fix\b|the solution\b|the \w+ way\b)/i;

/**
 * The problems the site says its customers have, as phrases in the site's own words, each with the
 * sentence it came from as evidence: from sentences with problem words ("tired of", "struggle with",
 * "drowning in", "no more", "manual", "used to"…), and from those without any: the questions it asks
 * its visitors, the plain statements that open its home page or stand under a heading of problems
 * ("Before …", "Sound familiar?"), the items of a list or table column headed so, a customer story's
 * "before", and any clause of work done by hand ("by phone and email", "in a spreadsheet").
 */
export function extractPainPoints(pages: readonly ParsedPage[]): FactDraft[] {
  const drafts: FactDraft[] = [];
  const kept: string[] = [];
  const firstHeading = new Map(pages.map((page) => [page.url, page.blocks.find((block) => /^h[1-4]$/.test(block.tag))?.text ?? '']));
  const heroSeen = new Map<string, number>();
  // Past the hero's first sentences, a page that has named its product is describing it, not the problem.
  const productNamed = new Set<string>();
  const home = pages.find((page) => page.kind === 'home') ?? pages[0];
  const company = home ? companyNameOf(home).split(/\s+/)[0]! : '';
  const itemsOf = new Map(pages.map((page) => [page.url, problemItems(page, company)]));
  for (const sentence of sentencesIn(pages.filter((page) => PAIN_PAGES.has(page.kind)))) {
    const underFirstHeading = sentence.heading === firstHeading.get(sentence.url) && !sentence.heading.includes(sentence.text);
    const heroIndex = underFirstHeading ? (heroSeen.get(sentence.url) ?? 0) : OPENING_SENTENCES;
    if (underFirstHeading) heroSeen.set(sentence.url, heroIndex + 1);
    const problemItem = itemsOf.get(sentence.url)?.problems.has(sentence.text) ?? false;
    const answer = itemsOf.get(sentence.url)?.answers.has(sentence.text) ?? false;
    const opening = heroIndex < HERO_SENTENCES || (heroIndex < OPENING_SENTENCES && !productNamed.has(sentence.url));
    if (mentions(sentence.text, company)) productNamed.add(sentence.url);
    const place = { hero: heroIndex < HERO_SENTENCES, opening, problemItem, answer, company };
    for (const { phrase, confidence } of painsIn(sentence, place)) {
      const lower = phrase.toLowerCase();
      // A longer reading of the same sentence says more ("import declarations still go to the broker…" over
      // "go to the broker…"), unless what it adds is the cue ("tired of …"), a question's lead ("do your …") or
      // the buyers themselves ("dispatchers at regional carriers …"); any reading holding a one-word pain says more.
      const shorter = kept.findIndex((other, index) => {
        if (other === lower || !lower.includes(other)) return false;
        if (!other.includes(' ')) return true;
        const added = lower.slice(0, lower.indexOf(other)).trim();
        return (
          drafts[index]!.snippet === sentence.text &&
          !/\b(?:of|with|to|about|by|in|from)$/i.test(added) &&
          !/^(?:do|does|did|is|are|was|were|has|have|can|will|why|how|when|where)\b/i.test(added) &&
          !BUYERS.test(added)
        );
      });
      if (shorter >= 0 && !kept.some((other, index) => index !== shorter && (other.includes(lower) || lower.includes(other)))) {
        kept[shorter] = lower;
        drafts[shorter] = { kind: 'pain-point', value: phrase, url: sentence.url, snippet: sentence.text, confidence };
        continue;
      }
      // "manual data entry" and "data entry" are one pain point.
      if (kept.some((other) => other.includes(lower) || lower.includes(other)) || kept.length >= MAX_PAIN_POINTS) continue;
      kept.push(lower);
      drafts.push({ kind: 'pain-point', value: phrase, url: sentence.url, snippet: sentence.text, confidence });
    }
  }
  return drafts;
}
