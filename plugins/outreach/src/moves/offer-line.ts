import type { TemplateId } from '../config.ts';

// What the seller does. {seller} is the offer's company, {oneLiner} completes "{seller} …" (the
// one-liner as a verb phrase), {value} is the value as a clause that may follow "so",
// {valueThing} the value as a noun phrase. A frame whose slot the phrase cannot fill is passed
// over. The first email states the offer whole; follow-ups add the other value.
const FIRST: Record<TemplateId, string[]> = {
  'roi-focused': [
    '{seller} {oneLiner}, so {value}.',
    'What {seller} does is simple: it {oneLiner}, so {value}.',
    '{seller} {oneLiner}. What teams get is {valueThing}.',
  ],
  'pain-point': [
    '{seller} {oneLiner}, so {value}.',
    'That is the problem {seller} solves: it {oneLiner}, so {value}.',
    '{seller} {oneLiner}, and teams get {valueThing}.',
  ],
  'value-prop': [
    '{seller} {oneLiner}, so {value}.',
    'In one line, {seller} {oneLiner}, so {value}.',
    'In one line, {seller} {oneLiner}. The result is {valueThing}.',
  ],
};
/** A follow-up's second value: also the offer form's example sentence for a value. */
export const SECOND = [
  '{seller} also makes sure that {value}.',
  'With {seller}, {value}.',
  'That is the other half of what {seller} does: {value}.',
  'With {seller} you also get {valueThing}.',
];
const THIRD = ['In short, {seller} {oneLiner}.', 'To recap, {seller} {oneLiner}.'];

/** The offer lines a step may use. */
export function offerLines(step: 1 | 2 | 3, template: TemplateId): string[] {
  return step === 1 ? FIRST[template] : step === 2 ? SECOND : THIRD;
}

/** Every offer phrasing, for the templates screen. */
export function allOfferLines(template: TemplateId): string[] {
  return [...FIRST[template], ...SECOND, ...THIRD];
}
