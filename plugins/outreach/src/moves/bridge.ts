import type { TemplateId } from '../config.ts';

// From the fact to the seller's pain. {pain} is the value prop's pain as a noun phrase, {painClause}
// as a clause (a frame needing a form the pain cannot take is passed over), {topic} the fact as a
// follow-up names it. Each sentence cites the fact it builds on, so it may mention it.
const BY_KIND: Record<string, string[]> = {
  funding: [
    'After a raise, {pain} is usually what stands between the plan and the pipeline.',
    'New money tends to come with bigger targets, and {pain} gets harder to ignore.',
    'Once the round closes, the pressure moves to growth, and {pain} tends to slow it down.',
  ],
  hiring: [
    'With new people starting, {pain} decides how soon they pay off.',
    'Every new hire runs into {pain} in their first weeks.',
    'Growing the team usually makes {pain} a bigger problem, not a smaller one.',
  ],
  employees: [
    'At that size, {pain} quietly eats into every week.',
    'Teams of that size often tell me that {pain} is what breaks first.',
    'The bigger the team, the more {pain} costs.',
  ],
  tech: [
    'Even with {topic} in place, {pain} tends to stay a manual job.',
    'Tools cover a lot, but {pain} usually falls between the cracks.',
    'Most teams with a stack like yours still lose time to {pain}.',
  ],
  customer: [
    'Landing more accounts like that takes pipeline, and {pain} makes pipeline slow to build.',
    'Winning names like that is hard work, and {pain} makes it harder.',
  ],
  product: [
    'Selling something that sharp still takes pipeline, and {pain} slows that down.',
    'Getting that message in front of the right buyers is where {pain} tends to bite.',
  ],
  value: [
    'Results like that sell themselves once you reach the right buyers, and {pain} is usually what gets in the way.',
    'With numbers like that, the hard part is reaching enough buyers, and {pain} slows that down.',
  ],
  'pain-point': ['Teams that sell against one problem often have another of their own: {pain}.'],
  description: ['That kind of work needs a steady pipeline, and {pain} makes one hard to keep.'],
};

// Any kind of fact, framed the way the step's template argues.
const BY_TEMPLATE: Record<TemplateId, string[]> = {
  'roi-focused': [
    'That usually makes {pain} more expensive than it looks.',
    'In my experience, {pain} costs teams like yours more than they think.',
    'For most teams at that stage, {pain} is where the hours quietly go.',
    'When I look at teams like yours, {pain} is usually the cost nobody has counted.',
  ],
  'pain-point': [
    'That made me think of {pain}, which most teams I talk to are still fighting.',
    'Teams like yours often tell me that {pain} is the hard part.',
    'Most teams in that position end up fighting {pain} sooner or later.',
    'It is also where {pain} tends to come up when I talk to teams like yours.',
  ],
  'value-prop': [
    'That is usually where {pain} starts to show up.',
    'It made me wonder how much {pain} gets in your way.',
    'That is often the moment {pain} becomes hard to ignore.',
    'So I wondered whether {pain} comes up on your side too.',
  ],
};

// For a pain typed as a clause ("month-end close takes too long"), said as the user put it.
const CLAUSE_BRIDGES = [
  'Teams in that spot often tell me that {painClause}.',
  'My guess is that at your end, too, {painClause}.',
  'In my experience, that is when {painClause}.',
];

/** Bridges from a fact of `kind` to the pain, for a step of `template`: the kind's own first, then the template's. */
export function bridgeLines(kind: string, template: TemplateId): string[] {
  return [...(BY_KIND[kind] ?? []), ...BY_TEMPLATE[template], ...CLAUSE_BRIDGES];
}

/** A second reason to talk, without a new fact: a follow-up's other value prop. */
export const NEW_ANGLE_LINES = [
  'Another thing teams bring up with me is {pain}.',
  'There is a second problem we see a lot: {pain}.',
  'The other thing I hear about most is {pain}.',
  'Another thing teams tell me is that {painClause}.',
];

/** The opening when research found nothing to cite: the prospect's role and the pain, no claim about the company. */
export const NO_FACT_OPENERS = [
  'As {jobTitle} at {company}, you likely see {pain} up close.',
  "I'm guessing that {pain} lands on your desk more often than you'd like.",
  "I'll keep this short, since {pain} is probably the last thing you want more of.",
  'Most teams I speak with would happily hand off {pain}.',
  'Most teams I speak with tell me that {painClause}.',
];
