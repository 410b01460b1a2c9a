import type { ObjectionKind, ReplyCategory } from './schemas.ts';
import { INTENT, WEIGHT } from './weights.ts';

/** A phrase that, found in one sentence of the reply, is evidence for a category. */
export interface PhraseRule {
  /** `<category>.<name>`, reported in the signals. */
  id: string;
  category: ReplyCategory;
  pattern: RegExp;
  weight: number;
  /** The objection kind this phrase raises (objection rules only). */
  objection?: ObjectionKind;
  /** What the phrase adds to meetingIntent (scheduling phrases only). */
  intent?: number;
  /** A sentence that also matches this is no evidence for the rule. */
  unless?: RegExp;
}

// Out-of-office messages name a stand-in "for urgent matters"; that is a delegate, not a referral.
const DELEGATE = /\b(?:urgent|in my absence|while I(?:'|’)?m (?:away|out)|during my absence|until I return)\b/i;
// "we'd be interested in a discount" and friends stay interested; only plain negations are excluded.
const NOT_NOW_TAIL = String.raw`(?:right now|at the moment|at this (?:time|stage|point)|for now|this (?:quarter|year)|yet)`;

/** The phrase rules, grouped by category. Patterns are case-insensitive and read the reply text only. */
export const PHRASE_RULES: readonly PhraseRule[] = [
  { id: 'unsubscribe.unsubscribe', category: 'unsubscribe', weight: WEIGHT.strong, pattern: /\bunsubscribe\b/i },
  {
    id: 'unsubscribe.remove-me',
    category: 'unsubscribe',
    weight: WEIGHT.strong,
    pattern: /\b(?:remove|delete) (?:me|us|my (?:e-?mail|address|details))\b/i,
  },
  { id: 'unsubscribe.take-off-list', category: 'unsubscribe', weight: WEIGHT.strong, pattern: /\btake (?:me|us) off\b/i },
  {
    id: 'unsubscribe.stop-emailing',
    category: 'unsubscribe',
    weight: WEIGHT.strong,
    pattern: /\bstop (?:e-?mailing|emails|contacting|messaging|sending|spamming)\b/i,
  },
  {
    id: 'unsubscribe.do-not-contact',
    category: 'unsubscribe',
    weight: WEIGHT.strong,
    pattern: /\b(?:do not|don(?:'|’)?t|never) (?:contact|e-?mail|message) (?:me|us)\b/i,
  },
  { id: 'unsubscribe.opt-out', category: 'unsubscribe', weight: WEIGHT.strong, pattern: /\bopt(?:-| )?out\b/i },

  { id: 'out-of-office.out-of-office', category: 'out-of-office', weight: WEIGHT.strong, pattern: /\bout of (?:the )?office\b|\bOOO\b/i },
  {
    id: 'out-of-office.away',
    category: 'out-of-office',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:I am|I(?:'|’)m|currently) (?:away|travell?ing|on (?:annual |parental |maternity |paternity |sick )?(?:leave|vacation|holiday|holidays|PTO))\b/i,
  },
  {
    id: 'out-of-office.limited-access',
    category: 'out-of-office',
    weight: WEIGHT.medium,
    pattern: /\b(?:limited|no) access to (?:my )?e-?mail\b/i,
  },
  {
    id: 'out-of-office.reply-on-return',
    category: 'out-of-office',
    weight: WEIGHT.medium,
    pattern: /\b(?:respond|reply|get back to you)\b[^.]*\b(?:on|upon|when|after) (?:my|I) return\b/i,
  },
  {
    id: 'out-of-office.back-on',
    category: 'out-of-office',
    weight: WEIGHT.weak,
    pattern: /\b(?:back in the office|back on|returning on|return on|I(?:'|’)?ll be back|I will be back)\b/i,
  },

  {
    id: 'referral.reach-out-to',
    category: 'referral',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:reach out to|get in touch with|contact|talk to|speak (?:to|with)|connect with)\s+(?!(?:you|me|us|it|is|the|a|an|your|this|that)\b)[\w.]+/i,
    unless: DELEGATE,
  },
  {
    id: 'referral.owns-topic',
    category: 'referral',
    weight: WEIGHT.weak,
    pattern: /\b(?:handles|owns|looks after|is (?:in charge of|responsible for))\b/i,
    unless: DELEGATE,
  },
  {
    id: 'referral.better-person',
    category: 'referral',
    weight: WEIGHT.strong,
    pattern: /\b(?:better|right|best|correct) (?:person|contact|people)\b[^.]*?\b(?:is|are|would be|will be)\b/i,
    unless: DELEGATE,
  },
  {
    id: 'referral.cc',
    category: 'referral',
    weight: WEIGHT.medium,
    pattern: /\b(?:cc(?:'|’)?d|copied|copying|looped in|looping in|forwarded this to|passing this (?:on )?to)\b/i,
    unless: DELEGATE,
  },
  {
    id: 'referral.wrong-person',
    category: 'referral',
    weight: WEIGHT.medium,
    pattern: /\b(?:not the (?:right|best|correct) (?:person|contact)|wrong person|no longer (?:with|at) (?:the company|[A-Z]))/i,
  },

  {
    id: 'interested.lets-chat',
    category: 'interested',
    weight: WEIGHT.strong,
    intent: INTENT.strong,
    pattern: /\blet(?:'|’)?s (?:chat|talk|connect|meet|set (?:something|a (?:call|time|meeting)) up|find a time|hop on a call)\b/i,
  },
  {
    id: 'interested.sounds-interesting',
    category: 'interested',
    weight: WEIGHT.medium,
    pattern: /\b(?:sounds|looks) (?:interesting|good|great|promising|relevant)\b/i,
  },
  {
    id: 'interested.is-interested',
    category: 'interested',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:I(?:'|’)?m|I am|we(?:'|’)?re|we are|I(?:'|’)?d be|we(?:'|’)?d be|would be) (?:very |definitely |quite |genuinely )?interested\b/i,
  },
  {
    id: 'interested.tell-me-more',
    category: 'interested',
    weight: WEIGHT.medium,
    pattern: /\b(?:tell me more|learn more|know more|more details|see a demo|send (?:me|over) (?:more|some) info)/i,
  },
  {
    id: 'interested.happy-to-chat',
    category: 'interested',
    weight: WEIGHT.medium,
    intent: INTENT.strong,
    pattern: /\b(?:happy|glad|keen|open) to (?:chat|talk|connect|meet|hop on|jump on|take a (?:call|look))\b/i,
  },
  {
    id: 'interested.book-a-time',
    category: 'interested',
    weight: WEIGHT.strong,
    intent: INTENT.strong,
    pattern: /\b(?:book|schedule|set up|grab|find) (?:a |some )?(?:time|slot|call|meeting|demo)\b/i,
  },
  {
    id: 'interested.send-times',
    category: 'interested',
    weight: WEIGHT.strong,
    intent: INTENT.strong,
    pattern:
      /\bsend (?:me |over |through )?(?:a few |some |your )?(?:times|slots|availability|a calendar (?:link|invite)|an invite|a link)\b/i,
  },
  {
    id: 'interested.availability',
    category: 'interested',
    weight: WEIGHT.medium,
    intent: INTENT.weak,
    pattern: /\b(?:I(?:'|’)?m (?:free|available)|what(?:'|’)?s your availability|does \w+ work|works for me|calendar|calendly)\b/i,
  },

  {
    id: 'objection.pricing',
    category: 'objection',
    objection: 'pricing',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:too (?:expensive|pricey|costly)|(?:price|pricing|cost)s? (?:is|are|seems?) (?:too |very )?(?:high|steep)|can(?:'|’)?t afford|out of our price range)\b/i,
  },
  {
    id: 'objection.budget',
    category: 'objection',
    objection: 'budget',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:no budget|(?:don(?:'|’)?t|do not) have (?:the |any )?budget|budgets? (?:is |are |has been |have been )?(?:frozen|cut|tight|spent|allocated))\b/i,
  },
  {
    id: 'objection.competitor',
    category: 'objection',
    objection: 'competitor',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:already|currently) (?:use|using|work with|working with|have|signed with|partnered with)\b|\bhappy with (?:our|the) (?:current|existing)\b|\bin-house (?:team|solution|tool)\b/i,
  },
  {
    id: 'objection.no-need',
    category: 'objection',
    objection: 'no-need',
    weight: WEIGHT.medium,
    pattern: new RegExp(
      String.raw`\b(?:not interested(?! ${NOT_NOW_TAIL})|(?:don(?:'|’)?t|do not) (?:need|see a need)|no need for|not (?:a|the right) fit|not relevant|not something we need)`,
      'i',
    ),
  },
  {
    id: 'objection.authority',
    category: 'objection',
    objection: 'authority',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:(?:not|isn(?:'|’)?t) my (?:call|decision|department)|(?:don(?:'|’)?t|do not) (?:make|own) (?:that|these|those|this|such) decisions?|not the decision[- ]maker)\b/i,
  },
  {
    id: 'objection.timing',
    category: 'objection',
    objection: 'timing',
    weight: WEIGHT.weak,
    pattern: /\b(?:bad timing|not a priority|no bandwidth)\b/i,
  },

  {
    id: 'not-now.not-right-now',
    category: 'not-now',
    weight: WEIGHT.medium,
    pattern: new RegExp(String.raw`\bnot (?:interested |looking |a good time |a priority )?${NOT_NOW_TAIL}`, 'i'),
  },
  {
    id: 'not-now.later-period',
    category: 'not-now',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:next (?:quarter|year|month|half)|in (?:Q[1-4]|a few (?:weeks|months)|a couple of (?:weeks|months)|the new year)|after (?:the )?(?:holidays|new year|summer))\b/i,
  },
  {
    id: 'not-now.circle-back',
    category: 'not-now',
    weight: WEIGHT.medium,
    pattern:
      /\b(?:circle back|check back|revisit|touch base|reach out (?:again )?(?:in|next|after|later)|follow up (?:in|next|after|later)|try (?:me|us) again)\b/i,
  },
  {
    id: 'not-now.not-a-good-time',
    category: 'not-now',
    weight: WEIGHT.medium,
    pattern: /\b(?:not a (?:good|great) time|maybe later|too busy|swamped)\b/i,
  },
];
